#include "sluice/linear/row_matrix.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <fmt/format.h>

#include "sluice/core/error.hpp"

namespace sluice::linear {

namespace {

// y = A x over scheduled rows [begin, end), returning sum x.y.
// Restrict-qualified parameters in a separate function let the compiler keep
// the row sum in a register and the loop free of aliasing reloads.
double multiplyRows(std::size_t begin, std::size_t end, const RowPattern& p, const double* __restrict value,
                    const double* __restrict diag, const double* __restrict x, double* __restrict y) {
  const Label* __restrict cell = p.cell.data();
  const Label* __restrict start = p.start.data();
  const Label* __restrict column = p.column.data();
  double dot = 0;
  for (std::size_t k = begin; k < end; ++k) {
    const auto i = static_cast<std::size_t>(cell[k]);
    double s = diag[i] * x[i];
    for (Label e = start[k]; e < start[k + 1]; ++e) s += value[e] * x[column[e]];
    y[i] = s;
    dot += s * x[i];
  }
  return dot;
}

double residualRows(const RowPattern& p, const double* __restrict value, const double* __restrict diag,
                    const double* __restrict x, const double* __restrict b, double* __restrict r) {
  const Label* __restrict cell = p.cell.data();
  const Label* __restrict start = p.start.data();
  const Label* __restrict column = p.column.data();
  const std::size_t n = p.cell.size();
  double sum = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const auto i = static_cast<std::size_t>(cell[k]);
    double s = b[i] - diag[i] * x[i];
    for (Label e = start[k]; e < start[k + 1]; ++e) s -= value[e] * x[column[e]];
    r[i] = s;
    sum += std::abs(s);
  }
  return sum;
}

// K systems with this matrix at once (the components of a vector equation):
// each row's coefficients are read once for all K, and each system's
// arithmetic is exactly that of its own residualRows / sweep. (Two systems
// in loops of their own with restrict-qualified pointers measured no faster.)
template <int K>
void residualRowsK(const RowPattern& p, const double* __restrict value, const double* __restrict diag,
                   const std::array<const double*, K>& x, const std::array<const double*, K>& b,
                   const std::array<double*, K>& r, std::array<double, K>& sum) {
  const Label* __restrict cell = p.cell.data();
  const Label* __restrict start = p.start.data();
  const Label* __restrict column = p.column.data();
  const std::size_t n = p.cell.size();
  for (std::size_t k = 0; k < n; ++k) {
    const auto i = static_cast<std::size_t>(cell[k]);
    std::array<double, K> s;
    for (int c = 0; c < K; ++c) s[c] = b[c][i] - diag[i] * x[c][i];
    for (Label e = start[k]; e < start[k + 1]; ++e) {
      const auto j = static_cast<std::size_t>(column[e]);
      for (int c = 0; c < K; ++c) s[c] -= value[e] * x[c][j];
    }
    for (int c = 0; c < K; ++c) {
      r[c][i] = s[c];
      sum[c] += std::abs(s[c]);
    }
  }
}

template <int K>
void gaussSeidelRowsK(const RowPattern& p, const double* __restrict value, const double* __restrict diag,
                      const std::array<double*, K>& x, const std::array<const double*, K>& bPrime, bool forward) {
  const Label* __restrict cell = p.cell.data();
  const Label* __restrict start = p.start.data();
  const Label* __restrict column = p.column.data();
  auto row = [&](std::size_t k) {
    const auto i = static_cast<std::size_t>(cell[k]);
    std::array<double, K> s;
    for (int c = 0; c < K; ++c) s[c] = bPrime[c][i];
    for (Label e = start[k]; e < start[k + 1]; ++e) {
      const auto j = static_cast<std::size_t>(column[e]);
      for (int c = 0; c < K; ++c) s[c] -= value[e] * x[c][j];
    }
    for (int c = 0; c < K; ++c) x[c][i] = s[c] / diag[i];
  };
  const std::size_t n = p.cell.size();
  if (forward) {
    for (std::size_t k = 0; k < n; ++k) row(k);
  } else {
    for (std::size_t k = n; k-- > 0;) row(k);
  }
}

// The data pointers of K spans, as pointers of type P.
template <class P, int K, class Spans>
std::array<P, K> pointers(const Spans& spans) {
  std::array<P, K> out;
  for (int c = 0; c < K; ++c) out[c] = spans[c].data();
  return out;
}

}  // namespace

void RowMatrix::assign(const LduMatrix& A) {
  const LduAddressing& a = A.addressing();
  matrix_ = &A;
  stamp_ = A.stamp();
  pattern_ = &a.rows();
  const std::size_t nFaces = a.lower.size();
  offDiag_.resize(2 * nFaces);
  const Label* lowerEntry = pattern_->lowerEntry.data();
  const Label* upperEntry = pattern_->upperEntry.data();
  const Scalar* lower = A.lower().data();
  const Scalar* upper = A.upper().data();
  double* v = offDiag_.data();
  for (std::size_t f = 0; f < nFaces; ++f) {
    v[lowerEntry[f]] = lower[f];
    v[upperEntry[f]] = upper[f];
  }
}

double RowMatrix::multiply(std::span<double> x, std::span<double> y, GhostUpdater& ghosts,
                           const ProgressHook& progress) const {
  const LduAddressing& a = matrix_->addressing();
  const auto nCells = static_cast<std::size_t>(a.nCells);
  if (x.size() < static_cast<std::size_t>(a.nLocalCells) || y.size() < nCells)
    throw Error(fmt::format("RowMatrix::multiply: x has {} entries (need {}), y has {} (need {})", x.size(),
                            a.nLocalCells, y.size(), nCells));
  // Ghosts are needed only by the coupled coefficients: overlap their update
  // with the owned rows.
  ghosts.startGhostUpdate(x.first(static_cast<std::size_t>(a.nLocalCells)), 1);
  double dot = 0;
  const int pieces = progress.pieces();
  for (int k = 0; k < pieces; ++k) {
    const auto [begin, end] = ProgressHook::range(k, pieces, nCells);
    dot += multiplyRows(begin, end, *pattern_, offDiag_.data(), matrix_->diag().data(), x.data(), y.data());
    if (k + 1 < pieces) progress.poke();
  }
  ghosts.finishGhostUpdate();
  const std::vector<Scalar>& couple = matrix_->coupleCoeffs();
  for (std::size_t i = 0; i < couple.size(); ++i) {
    const auto row = static_cast<std::size_t>(a.coupleRow[i]);
    const double term = couple[i] * x[static_cast<std::size_t>(a.coupleGhost[i])];
    y[row] += term;
    dot += term * x[row];
  }
  return dot;
}

double RowMatrix::residual(std::span<double> x, std::span<const double> b, std::span<double> r,
                           GhostUpdater& ghosts) const {
  const LduAddressing& a = matrix_->addressing();
  ghosts.startGhostUpdate(x.first(static_cast<std::size_t>(a.nLocalCells)), 1);
  double sum = residualRows(*pattern_, offDiag_.data(), matrix_->diag().data(), x.data(), b.data(), r.data());
  ghosts.finishGhostUpdate();
  const std::vector<Scalar>& couple = matrix_->coupleCoeffs();
  for (std::size_t i = 0; i < couple.size(); ++i) {
    const auto row = static_cast<std::size_t>(a.coupleRow[i]);
    sum -= std::abs(r[row]);
    r[row] -= couple[i] * x[static_cast<std::size_t>(a.coupleGhost[i])];
    sum += std::abs(r[row]);
  }
  return sum;
}

void RowMatrix::residuals(std::span<const std::span<double>> x, std::span<const std::span<const double>> b,
                          std::span<const std::span<double>> r, std::span<double> sums, GhostUpdater& ghosts) const {
  const std::size_t K = x.size();
  if (b.size() != K || r.size() != K || sums.size() != K || K < 1 || K > 3)
    throw Error(fmt::format("RowMatrix::residuals: {} systems, {} sources, {} residuals, {} sums (1 to 3 each)", K,
                            b.size(), r.size(), sums.size()));
  if (K == 1) {
    sums[0] = residual(x[0], b[0], r[0], ghosts);
    return;
  }
  const LduAddressing& a = matrix_->addressing();
  for (std::size_t c = 0; c < K; ++c) {  // one system's ghosts at a time: the mesh has one update in flight
    ghosts.startGhostUpdate(x[c].first(static_cast<std::size_t>(a.nLocalCells)), 1);
    ghosts.finishGhostUpdate();
  }
  const double* value = offDiag_.data();
  const double* diag = matrix_->diag().data();
  if (K == 2) {
    std::array<double, 2> s{0, 0};
    residualRowsK<2>(*pattern_, value, diag, pointers<const double*, 2>(x), pointers<const double*, 2>(b),
                     pointers<double*, 2>(r), s);
    std::copy(s.begin(), s.end(), sums.begin());
  } else {
    std::array<double, 3> s{0, 0, 0};
    residualRowsK<3>(*pattern_, value, diag, pointers<const double*, 3>(x), pointers<const double*, 3>(b),
                     pointers<double*, 3>(r), s);
    std::copy(s.begin(), s.end(), sums.begin());
  }
  const std::vector<Scalar>& couple = matrix_->coupleCoeffs();
  for (std::size_t c = 0; c < K; ++c) {
    for (std::size_t i = 0; i < couple.size(); ++i) {
      const auto row = static_cast<std::size_t>(a.coupleRow[i]);
      sums[c] -= std::abs(r[c][row]);
      r[c][row] -= couple[i] * x[c][static_cast<std::size_t>(a.coupleGhost[i])];
      sums[c] += std::abs(r[c][row]);
    }
  }
}

void RowMatrix::gaussSeidelSweeps(std::span<const std::span<double>> x,
                                  std::span<const std::span<const double>> bPrime, bool forward) const {
  const std::size_t K = x.size();
  if (bPrime.size() != K || K < 1 || K > 3)
    throw Error(fmt::format("RowMatrix::gaussSeidelSweeps: {} systems and {} sources (1 to 3)", K, bPrime.size()));
  if (K == 1) return gaussSeidelSweep(x[0], bPrime[0], forward);
  if (K == 2)
    gaussSeidelRowsK<2>(*pattern_, offDiag_.data(), matrix_->diag().data(), pointers<double*, 2>(x),
                        pointers<const double*, 2>(bPrime), forward);
  else
    gaussSeidelRowsK<3>(*pattern_, offDiag_.data(), matrix_->diag().data(), pointers<double*, 3>(x),
                        pointers<const double*, 3>(bPrime), forward);
}

void RowMatrix::gaussSeidelSweep(std::span<double> x, std::span<const double> bPrime, bool forward) const {
  const auto nRows = static_cast<std::size_t>(pattern_->nRows());
  const Label* __restrict cell = pattern_->cell.data();
  const Label* __restrict start = pattern_->start.data();
  const Label* __restrict column = pattern_->column.data();
  const double* __restrict value = offDiag_.data();
  const double* __restrict diag = matrix_->diag().data();
  const double* __restrict bp = bPrime.data();
  double* __restrict xp = x.data();
  // Lower then upper entries, as OpenFOAM's sweeps subtract them. The
  // schedule (see RowPattern) gives each row the same operands as a sweep in
  // cell order.
  auto row = [&](std::size_t k) {
    const auto i = static_cast<std::size_t>(cell[k]);
    double s = bp[i];
    for (Label e = start[k]; e < start[k + 1]; ++e) s -= value[e] * xp[column[e]];
    xp[i] = s / diag[i];
  };
  if (forward) {
    for (std::size_t k = 0; k < nRows; ++k) row(k);
  } else {
    for (std::size_t k = nRows; k-- > 0;) row(k);
  }
}

}  // namespace sluice::linear
