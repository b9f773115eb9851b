#pragma once
// PBiCGStab: preconditioned stabilised bi-conjugate gradients (van der Vorst
// 1992) for asymmetric matrices, right-preconditioned (x += alpha M^-1 p +
// omega M^-1 s), shadow residual r0 = the initial residual.
//
// Three global reductions per iteration: (r0, v); then sum|s| fused with
// (t, s) and (t, t) (the half-step residual s = r - alpha v is checked after
// t = A M^-1 s is formed; if it has converged x takes the half step and the
// solve ends); then sum|r| fused with the next (r0, r). Before the loop: the
// mean of x, then the normalisation factor with the initial residual and
// (r0, r0).
//
//   PbicgstabSolver solver(settings, {&comm, "U", warn}, makeDiluPreconditioner(Precision::Double));
//   SolverPerformance perf = solver.solve(A, x, b, ghosts);
//
// Storage: the environment's SolverWorkspace, vector slots 0-7 (r, r0, p,
// v, s, t, y, z).
#include <memory>

#include "sluice/linear/preconditioned_solver.hpp"

namespace sluice::linear {

class PbicgstabSolver final : public PreconditionedSolver {
 public:
  PbicgstabSolver(SolverSettings settings, SolverEnvironment env, std::unique_ptr<Preconditioner> preconditioner);

  static constexpr int kReductionsBeforeLoop = 2;
  static constexpr int kReductionsPerIteration = 3;

 protected:
  SolverPerformance solveImpl(const LduMatrix& A, std::span<double> x, std::span<const double> b,
                              GhostUpdater& ghosts) override;
};

}  // namespace sluice::linear
