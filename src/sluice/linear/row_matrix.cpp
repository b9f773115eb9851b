#include "sluice/linear/row_matrix.hpp"

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

}  // namespace

void RowMatrix::assign(const LduMatrix& A) {
  const LduAddressing& a = A.addressing();
  matrix_ = &A;
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
