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
// Couplings to ghost cells are ignored (block Jacobi across ranks).
//
//   IncompleteLduFactor<float> f;   // factors stored in single precision
//   f.compute(A, /*symmetric=*/true, scratch);  // scratch: a std::vector<double> (D during factorisation)
//   double wr = f.apply(r, w, {});  // w = M^-1 r, wr = this rank's sum w.r
//
// StampedFactor pairs a factor with the stamp of the matrix state it holds
// (the form SolverWorkspace shares between preconditioners).
#include <array>
#include <cstddef>
#include <memory>
#include <span>
#include <vector>

#include "sluice/linear/ldu_matrix.hpp"
#include "sluice/linear/preconditioner.hpp"
#include "sluice/linear/progress_hook.hpp"

namespace sluice::linear {

template <class T>
class IncompleteLduFactor {
 public:
  /// Factors A; `symmetric` uses upper for both triangles (DIC) and ignores
  /// lower. `scratch` holds D while factoring (resized to nCells; its values
  /// are not used afterwards, so any user's scratch will do).
  void compute(const LduMatrix& A, bool symmetric, std::vector<double>& scratch);
  /// compute() with a scratch vector of its own, freed on return.
  void compute(const LduMatrix& A, bool symmetric) {
    std::vector<double> scratch;
    compute(A, symmetric, scratch);
  }
  /// w = M^-1 r on the owned cells; sweeps split into progress.pieces()
  /// pieces. Returns this rank's sum of w[i] r[i].
  double apply(std::span<const double> r, std::span<double> w, const ProgressHook& progress) const;
  /// x += alpha p, r -= alpha Ap, then w = M^-1 r, the update done row by row
  /// in the forward sweep. Returns this rank's {sum |r|, sum w.r}.
  std::array<double, 2> updateAndApply(const CgUpdate& update, std::span<double> w) const;
  /// Bytes of the factors' storage.
  std::size_t bytes() const { return rD_.capacity() * sizeof(T) + factor_.capacity() * sizeof(T); }

 private:
  std::shared_ptr<const LduAddressing> addressing_;  ///< keeps the row pattern alive
  std::vector<T> rD_;      ///< 1 / D per scheduled row (see RowPattern)
  std::vector<T> factor_;  ///< per row entry (i, j): D^-1[i] A[i][j]
};

/// A factor and the matrix state it was computed from (default: none).
template <class T>
struct StampedFactor {
  IncompleteLduFactor<T> factor;
  CoefficientStamp stamp;
};

extern template class IncompleteLduFactor<double>;
extern template class IncompleteLduFactor<float>;

}  // namespace sluice::linear
