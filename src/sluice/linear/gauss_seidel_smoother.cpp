#include "sluice/linear/gauss_seidel_smoother.hpp"

#include <array>

namespace sluice::linear {

GaussSeidelSmoother::GaussSeidelSmoother(bool symmetric, std::shared_ptr<SolverWorkspace> workspace)
    : symmetric_(symmetric), workspace_(workspace ? std::move(workspace) : std::make_shared<SolverWorkspace>()) {}

std::span<const double> GaussSeidelSmoother::coupledSource(const RowMatrix& A, std::span<double> x,
                                                           std::span<const double> b, GhostUpdater& ghosts,
                                                           std::size_t system) {
  const LduAddressing& a = A.ldu().addressing();
  ghosts.startGhostUpdate(x.first(static_cast<std::size_t>(a.nLocalCells)), 1);
  const std::vector<Scalar>& couple = A.ldu().coupleCoeffs();
  if (couple.empty()) {  // nothing coupled on this rank: b is the source
    ghosts.finishGhostUpdate();
    return b;
  }
  const auto nCells = static_cast<std::size_t>(a.nCells);
  const std::span<double> bPrime = workspace_->vector(SolverWorkspace::kFirstSmootherSlot + system, nCells);
  for (std::size_t c = 0; c < nCells; ++c) bPrime[c] = b[c];
  ghosts.finishGhostUpdate();
  for (std::size_t i = 0; i < couple.size(); ++i) bPrime[a.coupleRow[i]] -= couple[i] * x[a.coupleGhost[i]];
  return bPrime;
}

void GaussSeidelSmoother::smooth(const RowMatrix& A, std::span<double> x, std::span<const double> b,
                                 GhostUpdater& ghosts, int sweeps) {
  for (int sweep = 0; sweep < sweeps; ++sweep) {
    A.gaussSeidelSweep(x, coupledSource(A, x, b, ghosts), /*forward=*/true);
    if (symmetric_) A.gaussSeidelSweep(x, coupledSource(A, x, b, ghosts), /*forward=*/false);
  }
}

void GaussSeidelSmoother::smoothComponents(const RowMatrix& A, std::span<const std::span<double>> x,
                                           std::span<const std::span<const double>> b, GhostUpdater& ghosts,
                                           int sweeps) {
  std::array<std::span<const double>, 3> bPrime;
  const std::size_t K = x.size();
  const auto sources = [&] {
    for (std::size_t c = 0; c < K; ++c) bPrime[c] = coupledSource(A, x[c], b[c], ghosts, c);
    return std::span<const std::span<const double>>(bPrime.data(), K);
  };
  for (int sweep = 0; sweep < sweeps; ++sweep) {
    A.gaussSeidelSweeps(x, sources(), /*forward=*/true);
    if (symmetric_) A.gaussSeidelSweeps(x, sources(), /*forward=*/false);
  }
}

}  // namespace sluice::linear
