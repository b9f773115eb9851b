#pragma once
// Zero-fill incomplete factorisation on the LDU structure, shared by the DIC
// and DILU preconditioners (and their smoothers):
//   M = (D + L) D^-1 (D + U),  L, U the strictly lower and upper parts of A,
//   D[u] = A[u][u] - sum over faces (l, u) of upper[f] lower[f] / D[l]
// (faces in owner order, so D[l] is final when face (l, u) is reached; for a
// symmetric matrix lower = upper and this is incomplete Cholesky, DIC).
// Stored as 1/D per cell and two products per face, D^-1[u] lower[f] and
// D^-1[l] upper[f], so applying M^-1 needs one multiply-add per face and sweep:
//   w = D^-1 r;  forward  w[u] -= (D^-1[u] lower[f]) w[l];
//                backward w[l] -= (D^-1[l] upper[f]) w[u]   (faces reversed).
// Couplings to ghost cells are ignored (block Jacobi across ranks).
//
//   IncompleteLduFactor<float> f;   // factors stored in single precision
//   f.compute(A, /*symmetric=*/true);
//   f.apply(r, w);
#include <memory>
#include <span>
#include <vector>

#include "sluice/linear/ldu_matrix.hpp"
#include "sluice/linear/progress_hook.hpp"

namespace sluice::linear {

template <class T>
class IncompleteLduFactor {
 public:
  /// Factors A; `symmetric` uses upper for both triangles (DIC) and ignores lower.
  void compute(const LduMatrix& A, bool symmetric);
  /// w = M^-1 r on the owned cells; sweeps split into progress.pieces() pieces.
  void apply(std::span<const double> r, std::span<double> w, const ProgressHook& progress) const;

 private:
  std::shared_ptr<const LduAddressing> addressing_;
  std::vector<T> rD_;                    ///< 1 / D per cell
  std::vector<T> forward_, backward_;    ///< per face: D^-1[u] lower, D^-1[l] upper
  std::vector<double> work_;             ///< D during factorisation
};

extern template class IncompleteLduFactor<double>;
extern template class IncompleteLduFactor<float>;

}  // namespace sluice::linear
