#pragma once
// PCG: preconditioned conjugate gradients for symmetric (positive or negative)
// definite matrices. Two global reductions per iteration: (A p, p); and the
// residual norm sum|r| fused with the next (M^-1 r, r) in one Allreduce (the
// preconditioner is applied before the convergence check, so the last
// iteration applies it once without using it). Before the loop: the mean of x,
// then the normalisation factor with the initial residual and (M^-1 r, r).
//
//   PcgSolver solver(settings, {&comm, "p", warn}, makeDicPreconditioner(Precision::Double));
//   SolverPerformance perf = solver.solve(A, x, b, ghosts);
//
// Storage: the environment's SolverWorkspace, vector slots 0-3 (r, M^-1 r,
// A p, p) and its RowMatrix.
#include <memory>

#include "sluice/linear/preconditioned_solver.hpp"

namespace sluice::linear {

class PcgSolver final : public PreconditionedSolver {
 public:
  PcgSolver(SolverSettings settings, SolverEnvironment env, std::unique_ptr<Preconditioner> preconditioner);
  bool needsSymmetricMatrix() const override { return true; }

  /// Global reductions before the iterations (the mean of x, the normalisation).
  static constexpr int kReductionsBeforeLoop = 2;
  static constexpr int kReductionsPerIteration = 2;

 protected:
  SolverPerformance solveImpl(const LduMatrix& A, std::span<double> x, std::span<const double> b,
                              GhostUpdater& ghosts) override;
};

}  // namespace sluice::linear
