#include "sluice/linear/gauss_seidel_smoother.hpp"

namespace sluice::linear {

void GaussSeidelSmoother::coupledSource(const LduMatrix& A, std::span<double> x, std::span<const double> b,
                                        GhostUpdater& ghosts) {
  const LduAddressing& a = A.addressing();
  ghosts.startGhostUpdate(x.first(static_cast<std::size_t>(a.nLocalCells)), 1);
  const auto nCells = static_cast<std::size_t>(a.nCells);
  for (std::size_t c = 0; c < nCells; ++c) bPrime_[c] = b[c];
  ghosts.finishGhostUpdate();
  const std::vector<Scalar>& couple = A.coupleCoeffs();
  for (std::size_t i = 0; i < couple.size(); ++i) bPrime_[a.coupleRow[i]] -= couple[i] * x[a.coupleGhost[i]];
}

void GaussSeidelSmoother::smooth(const LduMatrix& A, std::span<double> x, std::span<const double> b,
                                 GhostUpdater& ghosts, int sweeps) {
  const LduAddressing& a = A.addressing();
  if (addressing_ != A.sharedAddressing()) {
    addressing_ = A.sharedAddressing();
    ownerStart_ = ownerStart(a);
  }
  const auto nCells = static_cast<std::size_t>(a.nCells);
  bPrime_.resize(nCells);
  const Label* start = ownerStart_.data();
  const Label* l = a.lower.data();
  const Label* u = a.upper.data();
  const Scalar* diag = A.diag().data();
  const Scalar* lower = A.lower().data();
  const Scalar* upper = A.upper().data();
  double* xp = x.data();
  double* bp = bPrime_.data();
  for (int sweep = 0; sweep < sweeps; ++sweep) {
    coupledSource(A, x, b, ghosts);
    for (std::size_t c = 0; c < nCells; ++c) {
      double s = bp[c];
      for (Label f = start[c]; f < start[c + 1]; ++f) s -= upper[f] * xp[u[f]];
      s /= diag[c];
      for (Label f = start[c]; f < start[c + 1]; ++f) bp[u[f]] -= lower[f] * s;
      xp[c] = s;
    }
    if (!symmetric_) continue;
    coupledSource(A, x, b, ghosts);
    const std::size_t nFaces = a.lower.size();
    for (std::size_t f = 0; f < nFaces; ++f) bp[u[f]] -= lower[f] * xp[l[f]];
    for (std::size_t c = nCells; c-- > 0;) {
      double s = bp[c];
      for (Label f = start[c]; f < start[c + 1]; ++f) s -= upper[f] * xp[u[f]];
      xp[c] = s / diag[c];
    }
  }
}

}  // namespace sluice::linear
