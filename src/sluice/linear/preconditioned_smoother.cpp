#include "sluice/linear/preconditioned_smoother.hpp"

#include "sluice/core/error.hpp"

namespace sluice::linear {

PreconditionedSmoother::PreconditionedSmoother(std::unique_ptr<Preconditioner> preconditioner,
                                               std::shared_ptr<SolverWorkspace> workspace)
    : preconditioner_(std::move(preconditioner)),
      workspace_(workspace ? std::move(workspace) : std::make_shared<SolverWorkspace>()) {
  if (!preconditioner_) throw Error("PreconditionedSmoother: null preconditioner");
}

void PreconditionedSmoother::smooth(const RowMatrix& A, std::span<double> x, std::span<const double> b,
                                    GhostUpdater& ghosts, int sweeps) {
  const auto nCells = static_cast<std::size_t>(A.nCells());
  const std::span<double> r = workspace_->vector(SolverWorkspace::kFirstSmootherSlot, nCells);
  const std::span<double> w = workspace_->vector(SolverWorkspace::kFirstSmootherSlot + 1, nCells);
  preconditioner_->prepare(A.ldu(), &A);
  for (int sweep = 0; sweep < sweeps; ++sweep) {
    A.residual(x, b, r, ghosts);
    preconditioner_->apply(r, w);
    for (std::size_t c = 0; c < nCells; ++c) x[c] += w[c];
  }
}

}  // namespace sluice::linear
