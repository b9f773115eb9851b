#pragma once
// DIC: diagonal incomplete Cholesky with zero fill on the LDU structure, for
// symmetric matrices. M = (D + L) D^-1 (D + L^T) with L the strictly lower
// part of A and D chosen so diag(M) = diag(A):
//   D[u] = A[u][u] - sum over faces (l, u) of upper^2 / D[l]   (faces in owner order)
// Applying M^-1 r is a forward and a backward sweep over the faces (see
// IncompleteLduFactor, which holds the factor). Ghost couplings are ignored.
//
//   DicPreconditioner<float> M;    // factors stored in single precision
//   M.prepare(A); M.apply(r, w);
//
// Made with a SolverWorkspace, the factor lives there, shared with every
// preconditioner and smoother of this kind and precision made with it (see
// SolverWorkspace); without one it has a workspace of its own.
//
//   auto workspace = std::make_shared<SolverWorkspace>();
//   auto M1 = makeDicPreconditioner(Precision::Double, workspace);
//   auto M2 = makeDicPreconditioner(Precision::Double, workspace);
//   M1->prepare(A); M2->prepare(A);   // one factorisation: M2 finds A's state in the shared factor
#include <memory>
#include <vector>

#include "sluice/linear/incomplete_ldu_factor.hpp"
#include "sluice/linear/linear_solver.hpp"
#include "sluice/linear/preconditioner.hpp"
#include "sluice/linear/solver_workspace.hpp"

namespace sluice::linear {

template <class T>
class DicPreconditioner final : public Preconditioner {
 public:
  /// `workspace`: where the factor is kept (null: a workspace of its own).
  explicit DicPreconditioner(std::shared_ptr<SolverWorkspace> workspace = nullptr);
  std::string_view name() const override { return "DIC"; }
  bool appliesWithoutFaceCoefficients() const override { return true; }  // its factor, or the row matrix
  double apply(std::span<const double> r, std::span<double> w, const ProgressHook& progress = {}) const override;
  std::array<double, 2> updateAndApply(const CgUpdate& update, std::span<double> w) const override;

 protected:
  void factor(const LduMatrix& A) override;
  CoefficientStamp& factorStamp() override { return shared_->stamp; }
  bool factorUsableWith(const RowMatrix* rows) const override { return rows || !shared_->factor.fromRows(); }

 private:
  std::shared_ptr<SolverWorkspace> workspace_;
  StampedFactor<T>* shared_;  ///< not owned: the workspace's factor of this kind and precision
};

extern template class DicPreconditioner<double>;
extern template class DicPreconditioner<float>;

std::unique_ptr<Preconditioner> makeDicPreconditioner(Precision precision,
                                                       std::shared_ptr<SolverWorkspace> workspace = nullptr);

}  // namespace sluice::linear
