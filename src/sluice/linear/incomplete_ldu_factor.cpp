#include "sluice/linear/incomplete_ldu_factor.hpp"

#include <cmath>
#include <type_traits>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/linear/row_matrix.hpp"

namespace sluice::linear {

namespace {

// The coefficient of row entry e of scheduled row k, D^-1[k] A[k][j]: stored
// (StoredCoefficients, in the factor's precision) or made from the row
// matrix's A[k][j] as the sweep reaches it (ScaledRowCoefficients; the same
// product of the same two doubles as the stored double factor, so the same
// bits).
template <class T>
struct StoredCoefficients {
  const T* __restrict factor;
  double operator()(double /*rDk*/, Label e) const { return double(factor[e]); }
};
struct ScaledRowCoefficients {
  const double* __restrict offDiag;
  double operator()(double rDk, Label e) const { return rDk * offDiag[e]; }
};

// The sweeps over scheduled rows [begin, end) (see RowPattern: rows of one
// level are independent, so consecutive rows overlap in the pipeline),
// restrict-qualified so the row sum stays in a register. The arithmetic is
// OpenFOAM's: lower entries ascending forward, upper entries descending
// backward.
template <class T, class Coefficients>
void forwardRows(std::size_t begin, std::size_t end, const RowPattern& p, Coefficients coefficient,
                 const T* __restrict rD, const double* __restrict r, double* __restrict w) {
  const Label* __restrict cell = p.cell.data();
  const Label* __restrict start = p.start.data();
  const Label* __restrict upperStart = p.upperStart.data();
  const Label* __restrict column = p.column.data();
  for (std::size_t k = begin; k < end; ++k) {
    const auto i = static_cast<std::size_t>(cell[k]);
    const double rDk = double(rD[k]);
    double s = rDk * r[i];
    for (Label e = start[k]; e < upperStart[k]; ++e) s -= coefficient(rDk, e) * w[column[e]];
    w[i] = s;
  }
}

// forwardRows with the CG update of each row done first (r[i] is then read
// from a register); returns sum |r|. Ap and w may be the same storage (PCG's
// one vector for both): row i reads Ap[i] before it writes w[i], and later
// rows read only the w of rows before them, so neither is __restrict.
template <class T, class Coefficients>
double updateForwardRows(const RowPattern& p, Coefficients coefficient, const T* __restrict rD, double alpha,
                         const double* __restrict pv, const double* Ap, double* __restrict x, double* __restrict r,
                         double* w) {
  const Label* __restrict cell = p.cell.data();
  const Label* __restrict start = p.start.data();
  const Label* __restrict upperStart = p.upperStart.data();
  const Label* __restrict column = p.column.data();
  const std::size_t n = p.cell.size();
  double residual = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const auto i = static_cast<std::size_t>(cell[k]);
    x[i] += alpha * pv[i];
    const double ri = r[i] - alpha * Ap[i];
    r[i] = ri;
    residual += std::abs(ri);
    const double rDk = double(rD[k]);
    double s = rDk * ri;
    for (Label e = start[k]; e < upperStart[k]; ++e) s -= coefficient(rDk, e) * w[column[e]];
    w[i] = s;
  }
  return residual;
}

template <class T, class Coefficients>
double backwardRows(std::size_t begin, std::size_t end, const RowPattern& p, Coefficients coefficient,
                    const T* __restrict rD, const double* __restrict r, double* __restrict w) {
  const Label* __restrict cell = p.cell.data();
  const Label* __restrict start = p.start.data();
  const Label* __restrict upperStart = p.upperStart.data();
  const Label* __restrict column = p.column.data();
  double dot = 0;
  for (std::size_t k = end; k-- > begin;) {
    const auto i = static_cast<std::size_t>(cell[k]);
    const double rDk = double(rD[k]);
    double s = w[i];
    for (Label e = start[k + 1]; e-- > upperStart[k];) s -= coefficient(rDk, e) * w[column[e]];
    w[i] = s;
    dot += s * r[i];
  }
  return dot;
}

}  // namespace

template <class T>
void IncompleteLduFactor<T>::compute(const LduMatrix& A, bool symmetric, std::vector<double>& scratch,
                                     bool fromRows) {
  const LduAddressing& a = A.addressing();
  addressing_ = A.sharedAddressing();
  const RowPattern& rows = a.rows();
  const auto nCells = static_cast<std::size_t>(a.nCells);
  const std::size_t nFaces = a.lower.size();
  const std::vector<Scalar>& upper = A.upper();
  const std::vector<Scalar>& lower = symmetric ? A.upper() : A.lower();
  std::vector<double>& d = scratch;  // D, then 1 / D, in cell order
  d.assign(A.diag().begin(), A.diag().end());
  for (std::size_t f = 0; f < nFaces; ++f) d[a.upper[f]] -= upper[f] * lower[f] / d[a.lower[f]];
  for (std::size_t c = 0; c < nCells; ++c) d[c] = 1.0 / d[c];
  rD_.resize(nCells);  // in schedule order
  for (std::size_t k = 0; k < nCells; ++k) rD_[k] = static_cast<T>(d[static_cast<std::size_t>(rows.cell[k])]);
  // From the row matrix only where its entries are the ones factored: a
  // DIC of a matrix with other lower coefficients factors upper alone.
  fromRows_ = fromRows && std::is_same_v<T, double> && (!symmetric || A.symmetric());
  if (fromRows_) {
    std::vector<T>().swap(factor_);
    return;
  }
  factor_.resize(2 * nFaces);
  rows.forEachEntryFace(ownerStart(a), a.upper, [&](Label e, Label f, bool isUpper) {
    factor_[static_cast<std::size_t>(e)] =
        isUpper ? static_cast<T>(d[a.lower[f]] * upper[f]) : static_cast<T>(d[a.upper[f]] * lower[f]);
  });
}

template <class T>
template <class Sweeps>
auto IncompleteLduFactor<T>::withCoefficients(const RowMatrix* rows, Sweeps&& sweeps) const {
  if (!fromRows_) return sweeps(StoredCoefficients<T>{factor_.data()});
  if (!rows || !rows->holdsCurrentCoefficients() || rows->pattern().cell.data() != addressing_->rows().cell.data())
    throw Error("IncompleteLduFactor: a factor made from the row matrix is applied without that row matrix");
  return sweeps(ScaledRowCoefficients{rows->offDiag().data()});
}

template <class T>
double IncompleteLduFactor<T>::apply(std::span<const double> r, std::span<double> w, const ProgressHook& progress,
                                     const RowMatrix* rowsOfA) const {
  const RowPattern& rows = addressing_->rows();
  const auto nCells = static_cast<std::size_t>(addressing_->nCells);
  return withCoefficients(rowsOfA, [&](auto coefficient) {
    const int pieces = progress.pieces();
    for (int k = 0; k < pieces; ++k) {
      const auto [begin, end] = ProgressHook::range(k, pieces, nCells);
      forwardRows(begin, end, rows, coefficient, rD_.data(), r.data(), w.data());
      progress.poke();
    }
    double dot = 0;
    for (int k = pieces - 1; k >= 0; --k) {
      const auto [begin, end] = ProgressHook::range(k, pieces, nCells);
      dot += backwardRows(begin, end, rows, coefficient, rD_.data(), r.data(), w.data());
      if (k > 0) progress.poke();
    }
    return dot;
  });
}

template <class T>
std::array<double, 2> IncompleteLduFactor<T>::updateAndApply(const CgUpdate& u, std::span<double> w,
                                                             const RowMatrix* rowsOfA) const {
  const RowPattern& rows = addressing_->rows();
  return withCoefficients(rowsOfA, [&](auto coefficient) {
    const double residual = updateForwardRows(rows, coefficient, rD_.data(), u.alpha, u.p.data(), u.Ap.data(),
                                              u.x.data(), u.r.data(), w.data());
    const double wr = backwardRows(std::size_t{0}, rows.cell.size(), rows, coefficient, rD_.data(), u.r.data(),
                                   w.data());
    return std::array<double, 2>{residual, wr};
  });
}

template <class T>
const RowMatrix* StampedFactor<T>::rowsForApply(const RowMatrix* rows, std::string_view kind) const {
  if (!factor.fromRows()) return nullptr;
  // Made from the row matrix of a prepare: the applier's last prepare must
  // have given one holding the factored matrix state. (A missing or stale
  // row matrix the factor's apply refuses itself.)
  if (rows && !stamp.matches(rows->ldu()))
    throw Error(fmt::format("{}: the factor is applied with the row matrix of another matrix", kind));
  return rows;
}

template class IncompleteLduFactor<double>;
template class IncompleteLduFactor<float>;
template struct StampedFactor<double>;
template struct StampedFactor<float>;

}  // namespace sluice::linear
