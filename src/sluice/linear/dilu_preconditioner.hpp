#pragma once
// DILU: diagonal incomplete LU with zero fill on the LDU structure, for
// asymmetric matrices (on a symmetric matrix it equals DIC).
// M = (D + L) D^-1 (D + U), L and U the strictly lower and upper parts of A,
// D chosen so diag(M) = diag(A):
//   D[u] = A[u][u] - sum over faces (l, u) of upper * lower / D[l]
// Applying M^-1 r: w = D^-1 r; forward over faces w[u] -= D^-1[u] lower w[l];
// backward over faces w[l] -= D^-1[l] upper w[u]. Ghost couplings are ignored.
//
//   DiluPreconditioner<double> M;
//   M.prepare(A); M.apply(r, w);
#include <memory>
#include <vector>

#include "sluice/linear/linear_solver.hpp"
#include "sluice/linear/preconditioner.hpp"

namespace sluice::linear {

template <class T>
class DiluPreconditioner final : public Preconditioner {
 public:
  std::string_view name() const override { return "DILU"; }
  void apply(std::span<const double> r, std::span<double> w, const ProgressHook& progress = {}) const override;

 protected:
  void factor(const LduMatrix& A) override;

 private:
  std::shared_ptr<const LduAddressing> addressing_;
  std::vector<T> rD_;                ///< 1 / D per owned cell
  std::vector<T> lower_, upper_;     ///< A's off-diagonal coefficients
  std::vector<double> work_;         ///< D during factorisation
};

extern template class DiluPreconditioner<double>;
extern template class DiluPreconditioner<float>;

std::unique_ptr<Preconditioner> makeDiluPreconditioner(Precision precision);

}  // namespace sluice::linear
