#include "sluice/linear/gauss_seidel_smoother.hpp"

namespace sluice::linear {

std::span<const double> GaussSeidelSmoother::coupledSource(const RowMatrix& A, std::span<double> x,
                                                           std::span<const double> b, GhostUpdater& ghosts) {
  const LduAddressing& a = A.ldu().addressing();
  ghosts.startGhostUpdate(x.first(static_cast<std::size_t>(a.nLocalCells)), 1);
  const std::vector<Scalar>& couple = A.ldu().coupleCoeffs();
  if (couple.empty()) {  // nothing coupled on this rank: b is the source
    ghosts.finishGhostUpdate();
    return b;
  }
  const auto nCells = static_cast<std::size_t>(a.nCells);
  bPrime_.resize(nCells);
  for (std::size_t c = 0; c < nCells; ++c) bPrime_[c] = b[c];
  ghosts.finishGhostUpdate();
  for (std::size_t i = 0; i < couple.size(); ++i) bPrime_[a.coupleRow[i]] -= couple[i] * x[a.coupleGhost[i]];
  return bPrime_;
}

void GaussSeidelSmoother::smooth(const RowMatrix& A, std::span<double> x, std::span<const double> b,
                                 GhostUpdater& ghosts, int sweeps) {
  for (int sweep = 0; sweep < sweeps; ++sweep) {
    A.gaussSeidelSweep(x, coupledSource(A, x, b, ghosts), /*forward=*/true);
    if (symmetric_) A.gaussSeidelSweep(x, coupledSource(A, x, b, ghosts), /*forward=*/false);
  }
}

}  // namespace sluice::linear
