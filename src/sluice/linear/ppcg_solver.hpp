#pragma once
// PPCG: pipelined preconditioned conjugate gradients (Ghysels & Vanroose,
// "Hiding global synchronization latency in the preconditioned conjugate
// gradient algorithm", Parallel Computing 40, 2014, the preconditioned
// algorithm), for symmetric definite matrices.
//
// Each pass carries one non-blocking reduction (one MPI_Iallreduce) holding
// gamma = (r, u), delta = (w, u) and the residual sum|r|, with u = M^-1 r and
// w = A u kept by recurrences. While it is in flight the pass computes
// m = M^-1 w and n = A m; then it waits, checks convergence of the current
// iterate and updates z, q, s, p, x, r, u, w in one fused loop that also
// accumulates the next pass's three sums. The first step (beta = 0,
// alpha = gamma / delta) equals PCG's first step.
//
// Reductions of a solve: kReductionsBeforeLoop blocking Allreduce (the mean of
// x, then the normalisation factor with the initial residual); if the initial
// guess is not converged, one Iallreduce per iteration plus one for the final
// pass that confirms convergence (Iallreduce == iterations + 1); no blocking
// reduction inside the loop. The residual reported is the recursively updated
// one (no residual replacement); in the tests, solving to 1e-12 leaves a true
// normalised residual below 1e-11 and the same solution as PCG to 1e-9.
//
// progressChunks N > 1 splits the overlapped preconditioner sweeps and the
// matrix-vector product into N pieces with an MPI_Test between pieces, to
// advance the reduction in MPI libraries without asynchronous progress.
// overlapSolutionUpdate yes moves the solution update x += alpha p out of
// the fused loop after the wait into the next pass's overlap window (as the
// rearranged RePiPePCG does; x feeds none of the recurrences). The same
// arithmetic in another order of passes: results are identical.
// overlapDirectionUpdate yes moves the direction update p = u + beta p there
// too (p feeds only x). u has already been updated by then (u -= alpha q), so
// p is formed as u + alpha q + beta p: the same vector up to rounding, so
// solutions agree to the tolerance but not bit for bit.
//
//   PpcgSolver solver(settings, {&comm, "p", warn}, makeDicPreconditioner(Precision::Double));
//   SolverPerformance perf = solver.solve(A, x, b, ghosts);
//
// Storage: the environment's SolverWorkspace, vector slots 0-8 (r, w, n, z,
// q, s, p, u, m) and its RowMatrix.
#include <array>
#include <memory>

#include "sluice/linear/preconditioned_solver.hpp"

namespace sluice::linear {

class PpcgSolver final : public PreconditionedSolver {
 public:
  PpcgSolver(SolverSettings settings, SolverEnvironment env, std::unique_ptr<Preconditioner> preconditioner);
  bool needsSymmetricMatrix() const override { return true; }

  static constexpr int kReductionsBeforeLoop = 2;

 protected:
  SolverPerformance solveImpl(const LduMatrix& A, std::span<double> x, std::span<const double> b,
                              GhostUpdater& ghosts) override;

 private:
  std::array<double, 3> sums_{};  ///< buffer of the in-flight reduction
};

}  // namespace sluice::linear
