#pragma once
// `solver GAMG`: geometric-agglomerated algebraic multigrid, OpenFOAM v1912's
// GAMGSolver. Each iteration is one V-cycle (GamgCycle) followed by the
// residual, whose norm is the iteration's only global reduction. The
// hierarchy comes from the environment's MultigridMesh (shared by every GAMG
// solver of the mesh, built on the first solve); per solve only the coarse
// coefficients are summed.
//
//   p { solver GAMG; smoother GaussSeidel; tolerance 1e-6; relTol 0.01; }
//   std::unique_ptr<LinearSolver> s = registry.create(settings, {&comm, "p", warn, &mesh.multigridMesh()});
//   s->solve(A, x, b, mesh);   // "GAMG:  Solving for p, Initial residual = 1, Final residual = 0.0087, No Iterations 5"
//
// Storage: the V-cycle's (the mesh's, see MultigridMesh::cycle) and vector
// slots 0 and 1 (A x, the residual) of the environment's SolverWorkspace.
#include <memory>
#include <vector>

#include "sluice/linear/gamg/gamg_cycle.hpp"
#include "sluice/linear/linear_solver.hpp"
#include "sluice/linear/solver_registry.hpp"

namespace sluice::linear {

class Agglomeration;

class GamgSolver final : public LinearSolver {
 public:
  GamgSolver(SolverSettings settings, SolverEnvironment env, const SolverRegistry& registry);
  ~GamgSolver() override;

  /// The hierarchy (after the first solve; nullptr before).
  const Agglomeration* agglomeration() const { return cycle_ ? &cycle_->agglomeration() : nullptr; }

 protected:
  SolverPerformance solveImpl(const LduMatrix& A, std::span<double> x, std::span<const double> b,
                              GhostUpdater& ghosts) override;

 private:
  SolverRegistry registry_;  ///< a copy: the coarse levels' smoothers are made at the first solve
  GamgCycle* cycle_ = nullptr;  ///< the mesh's workspace for these settings (MultigridMesh::cycle)
};

/// The registry factory.
std::unique_ptr<LinearSolver> makeGamgSolver(const SolverSettings& settings, const SolverEnvironment& env,
                                             const SolverRegistry& registry);

/// The V-cycle workspace for `settings` on the environment's MultigridMesh,
/// for matrix `A`. Throws sluice::Error naming the context if the environment
/// has no MultigridMesh or A's addressing is not the mesh's.
GamgCycle& cycleFor(const SolverSettings& settings, const SolverEnvironment& env, const LduMatrix& A,
                    const SolverRegistry& registry);

}  // namespace sluice::linear
