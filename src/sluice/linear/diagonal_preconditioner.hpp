#pragma once
// Diagonal (Jacobi) preconditioner: w = r / diag(A).
//
//   DiagonalPreconditioner<double> M;
//   M.prepare(A); M.apply(r, w);
#include <memory>
#include <vector>

#include "sluice/linear/linear_solver.hpp"
#include "sluice/linear/preconditioner.hpp"

namespace sluice::linear {

template <class T>
class DiagonalPreconditioner final : public Preconditioner {
 public:
  std::string_view name() const override { return "diagonal"; }
  bool appliesWithoutFaceCoefficients() const override { return true; }
  double apply(std::span<const double> r, std::span<double> w, const ProgressHook& progress = {}) const override;

 protected:
  void factor(const LduMatrix& A) override;

 private:
  std::vector<T> rD_;  ///< 1 / diag per owned cell
};

extern template class DiagonalPreconditioner<double>;
extern template class DiagonalPreconditioner<float>;

std::unique_ptr<Preconditioner> makeDiagonalPreconditioner(Precision precision);

}  // namespace sluice::linear
