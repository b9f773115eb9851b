#include "sluice/linear/gauss_seidel_smoother.hpp"

#include <fmt/format.h>

#include "sluice/core/error.hpp"

namespace sluice::linear {

GaussSeidelSmoother::GaussSeidelSmoother(bool symmetric, std::shared_ptr<SolverWorkspace> workspace)
    : symmetric_(symmetric), workspace_(workspace ? std::move(workspace) : std::make_shared<SolverWorkspace>()) {}

std::span<const double> GaussSeidelSmoother::coupledSource(const RowMatrix& A, std::span<double> x,
                                                           std::span<const double> b, GhostUpdater& ghosts,
                                                           int components) {
  const LduAddressing& a = A.ldu().addressing();
  const auto K = static_cast<std::size_t>(components);
  ghosts.startGhostUpdate(x.first(K * static_cast<std::size_t>(a.nLocalCells)), components);
  const std::vector<Scalar>& couple = A.ldu().coupleCoeffs();
  if (couple.empty()) {  // nothing coupled on this rank: b is the source
    ghosts.finishGhostUpdate();
    return b;
  }
  const auto n = K * static_cast<std::size_t>(a.nCells);
  const std::span<double> bPrime = workspace_->vector(SolverWorkspace::kFirstSmootherSlot, n);
  for (std::size_t i = 0; i < n; ++i) bPrime[i] = b[i];
  ghosts.finishGhostUpdate();
  for (std::size_t i = 0; i < couple.size(); ++i)
    for (std::size_t c = 0; c < K; ++c)
      bPrime[K * a.coupleRow[i] + c] -= couple[i] * x[K * a.coupleGhost[i] + c];
  return bPrime;
}

void GaussSeidelSmoother::smooth(const RowMatrix& A, std::span<double> x, std::span<const double> b,
                                 GhostUpdater& ghosts, int sweeps) {
  for (int sweep = 0; sweep < sweeps; ++sweep) {
    A.gaussSeidelSweep(x, coupledSource(A, x, b, ghosts), /*forward=*/true);
    if (symmetric_) A.gaussSeidelSweep(x, coupledSource(A, x, b, ghosts), /*forward=*/false);
  }
}

void GaussSeidelSmoother::smoothWithResiduals(const RowMatrix& A, std::span<double> x, std::span<const double> b,
                                              int components, std::span<double> r, std::span<double> sums,
                                              GhostUpdater& ghosts, int sweeps, ResidualValues values) {
  if (sweeps < 1) {  // no sweep to take the residuals in
    if (components == 1) return Smoother::smoothWithResiduals(A, x, b, components, r, sums, ghosts, sweeps, values);
    throw Error(fmt::format("{} smoother: {} interleaved systems need at least one sweep", name(), components));
  }
  for (int sweep = 0; sweep + 1 < sweeps; ++sweep) {
    A.gaussSeidelSweeps(x, coupledSource(A, x, b, ghosts, components), components, /*forward=*/true);
    if (symmetric_) A.gaussSeidelSweeps(x, coupledSource(A, x, b, ghosts, components), components, /*forward=*/false);
  }
  if (symmetric_) A.gaussSeidelSweeps(x, coupledSource(A, x, b, ghosts, components), components, /*forward=*/true);
  A.gaussSeidelSweepsWithResiduals(x, coupledSource(A, x, b, ghosts, components), b, components, r, sums, ghosts,
                                   /*forward=*/!symmetric_, values);
}

}  // namespace sluice::linear
