#pragma once
// Stand-in for OpenFOAM's GAMG until a multigrid solver exists: each solve
// checks whether the matrix is symmetric on every rank (one Allreduce) and
// uses PCG with DIC if so, PBiCGStab with DILU otherwise, with the settings'
// tolerances and precision. The first solve of each kind warns once:
// "system/fvSolution: solvers/p: GAMG is not available yet; using PCG with DIC".
//
//   GamgFallbackSolver solver(settings, {&comm, "p", warn}, registry);
//   SolverPerformance perf = solver.solve(A, x, b, ghosts);   // perf.solverName "DICPCG"
#include <memory>

#include "sluice/linear/linear_solver.hpp"

namespace sluice::linear {

class GamgFallbackSolver final : public LinearSolver {
 public:
  GamgFallbackSolver(SolverSettings settings, SolverEnvironment env, const SolverRegistry& registry);

 protected:
  SolverPerformance solveImpl(const LduMatrix& A, std::span<double> x, std::span<const double> b,
                              GhostUpdater& ghosts) override;

 private:
  std::unique_ptr<LinearSolver> symmetric_, asymmetric_;
  bool warnedSymmetric_ = false, warnedAsymmetric_ = false;
};

std::unique_ptr<LinearSolver> makeGamgFallbackSolver(const SolverSettings& settings, const SolverEnvironment& env,
                                                     const SolverRegistry& registry);

}  // namespace sluice::linear
