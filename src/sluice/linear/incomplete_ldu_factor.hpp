#pragma once
// Zero-fill incomplete factorisation on the LDU structure, shared by the DIC
// and DILU preconditioners (and their smoothers):
//   M = (D + L) D^-1 (D + U),  L, U the strictly lower and upper parts of A,
//   D[u] = A[u][u] - sum over faces (l, u) of upper[f] lower[f] / D[l]
// (faces in owner order, so D[l] is final when face (l, u) is reached; for a
// symmetric matrix lower = upper and this is incomplete Cholesky, DIC).
// Stored in row form (RowPattern, rows in its level schedule) as 1/D per row
// and, per off-diagonal entry (i, j), D^-1[i] A[i][j], so applying M^-1 is one
// multiply-add per entry and sweep, each row written once:
//   forward,  i ascending:  w[i] = D^-1[i] r[i] - sum_{j<i} D^-1[i] A[i][j] w[j]
//   backward, i descending: w[i] -= sum_{j>i} D^-1[i] A[i][j] w[j]
// In double precision the entries D^-1[i] A[i][j] need not be stored: a
// factor computed `fromRows` keeps 1/D alone and forms each product from the
// row matrix the solver has assigned from A anyway (RowMatrix::offDiag, the
// same A[i][j] in the same entry order), which saves 16 bytes per face and
// reads as many bytes per sweep. Its applies must be given that row matrix.
// Couplings to ghost cells are ignored (block Jacobi across ranks).
//
//   IncompleteLduFactor<float> f;   // factors stored in single precision
//   f.compute(A, /*symmetric=*/true, scratch);  // scratch: a std::vector<double> (D during factorisation)
//   double wr = f.apply(r, w, {});  // w = M^-1 r, wr = this rank's sum w.r
//
//   IncompleteLduFactor<double> g;  // 1/D only; A's entries from the solver's row matrix
//   rows.assign(A);
//   g.compute(A, /*symmetric=*/true, scratch, /*fromRows=*/true);
//   g.apply(r, w, {}, &rows);       // the same bits as a stored double factor gives
//
// StampedFactor pairs a factor with the stamp of the matrix state it holds
// (the form SolverWorkspace shares between preconditioners).
#include <array>
#include <cstddef>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "sluice/linear/ldu_matrix.hpp"
#include "sluice/linear/preconditioner.hpp"
#include "sluice/linear/progress_hook.hpp"
#include "sluice/linear/row_matrix.hpp"

namespace sluice::linear {

template <class T>
class IncompleteLduFactor {
 public:
  /// Factors A; `symmetric` uses upper for both triangles (DIC) and ignores
  /// lower. `scratch` holds D while factoring (resized to nCells; its values
  /// are not used afterwards, so any user's scratch will do).
  /// `fromRows`: keep 1/D alone and take A's entries from a row matrix at
  /// each apply (double precision, and for DIC a symmetric A; otherwise the
  /// entries are stored as without it).
  void compute(const LduMatrix& A, bool symmetric, std::vector<double>& scratch, bool fromRows = false);
  /// compute() with a scratch vector of its own, freed on return.
  void compute(const LduMatrix& A, bool symmetric, bool fromRows = false) {
    std::vector<double> scratch;
    compute(A, symmetric, scratch, fromRows);
  }
  /// Whether the last compute() kept 1/D alone (its applies need the row matrix).
  bool fromRows() const { return fromRows_; }
  /// w = M^-1 r on the owned cells; sweeps split into progress.pieces()
  /// pieces. Returns this rank's sum of w[i] r[i]. `rowsOfA`: the row
  /// matrix holding the factored A, required when fromRows() (Error if
  /// missing, of another addressing or assigned before A changed).
  double apply(std::span<const double> r, std::span<double> w, const ProgressHook& progress,
               const RowMatrix* rowsOfA = nullptr) const;
  /// x += alpha p, r -= alpha Ap, then w = M^-1 r, the update done row by row
  /// in the forward sweep. Returns this rank's {sum |r|, sum w.r}.
  std::array<double, 2> updateAndApply(const CgUpdate& update, std::span<double> w,
                                       const RowMatrix* rowsOfA = nullptr) const;
  /// Bytes of the factors' storage.
  std::size_t bytes() const { return rD_.capacity() * sizeof(T) + factor_.capacity() * sizeof(T); }

 private:
  /// Runs sweeps(coefficients) with the stored entries or those of rowsOfA.
  template <class Sweeps>
  auto withCoefficients(const RowMatrix* rowsOfA, Sweeps&& sweeps) const;

  std::shared_ptr<const LduAddressing> addressing_;  ///< keeps the row pattern alive
  std::vector<T> rD_;      ///< 1 / D per scheduled row (see RowPattern)
  std::vector<T> factor_;  ///< per row entry (i, j): D^-1[i] A[i][j] (empty when fromRows_)
  bool fromRows_ = false;
};

/// A factor and the matrix state it was computed from (default: none).
template <class T>
struct StampedFactor {
  IncompleteLduFactor<T> factor;
  CoefficientStamp stamp;

  /// The row matrix an apply passes to the factor: null when the factor
  /// stores its entries, else `rows` (Error naming `kind` if it holds
  /// another matrix; a missing or stale one the apply refuses).
  const RowMatrix* rowsForApply(const RowMatrix* rows, std::string_view kind) const;
};

extern template class IncompleteLduFactor<double>;
extern template class IncompleteLduFactor<float>;
extern template struct StampedFactor<double>;
extern template struct StampedFactor<float>;

}  // namespace sluice::linear
