#include "sluice/linear/preconditioned_smoother.hpp"

#include "sluice/core/error.hpp"

namespace sluice::linear {

PreconditionedSmoother::PreconditionedSmoother(std::unique_ptr<Preconditioner> preconditioner)
    : preconditioner_(std::move(preconditioner)) {
  if (!preconditioner_) throw Error("PreconditionedSmoother: null preconditioner");
}

void PreconditionedSmoother::smooth(const RowMatrix& A, std::span<double> x, std::span<const double> b,
                                    GhostUpdater& ghosts, int sweeps) {
  const auto nCells = static_cast<std::size_t>(A.nCells());
  r_.resize(nCells);
  w_.resize(nCells);
  preconditioner_->prepare(A.ldu());
  for (int sweep = 0; sweep < sweeps; ++sweep) {
    A.residual(x, b, r_, ghosts);
    preconditioner_->apply(r_, w_);
    for (std::size_t c = 0; c < nCells; ++c) x[c] += w_[c];
  }
}

}  // namespace sluice::linear
