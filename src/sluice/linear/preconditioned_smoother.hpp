#pragma once
// Smoother from a preconditioner (OpenFOAM's DIC and DILU smoothers):
// each sweep is one preconditioned Richardson step x += M^-1 (b - A x).
// The factor is recomputed only when the matrix changes (Preconditioner::prepare).
//
//   PreconditionedSmoother s(makeDiluPreconditioner(Precision::Double));
//   RowMatrix rows; rows.assign(A);
//   s.smooth(rows, x, b, ghosts, 2);
//
// Its two vectors (residual, correction) are slots kFirstSmootherSlot and
// the next of a SolverWorkspace: the one given (smoothSolver's) or its own.
#include <memory>

#include "sluice/linear/preconditioner.hpp"
#include "sluice/linear/smoother.hpp"
#include "sluice/linear/solver_workspace.hpp"

namespace sluice::linear {

class PreconditionedSmoother final : public Smoother {
 public:
  explicit PreconditionedSmoother(std::unique_ptr<Preconditioner> preconditioner,
                                  std::shared_ptr<SolverWorkspace> workspace = nullptr);
  std::string_view name() const override { return preconditioner_->name(); }
  void smooth(const RowMatrix& A, std::span<double> x, std::span<const double> b, GhostUpdater& ghosts,
              int sweeps) override;
  const Preconditioner& preconditioner() const { return *preconditioner_; }

 private:
  std::unique_ptr<Preconditioner> preconditioner_;
  std::shared_ptr<SolverWorkspace> workspace_;
};

}  // namespace sluice::linear
