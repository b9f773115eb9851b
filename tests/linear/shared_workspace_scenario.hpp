#pragma once
// A run's sequence of solves ("p", "pFinal", "U" on two symmetric matrices
// and an asymmetric one, one of them changed in place half-way; each from
// the same initial guess) done by three
// solvers either sharing one SolverWorkspace or each with its own storage.
// The two must give bit for bit the same solutions and residuals.
//
//   ScenarioResult shared = runScenario(comm, grid, ghosts, bodies, /*share=*/true);
//   ScenarioResult own = runScenario(comm, grid, ghosts, bodies, /*share=*/false);
//   expectIdentical(shared, own);
#include <array>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "linear/grid_system.hpp"
#include "linear/solver_test_support.hpp"
#include "sluice/linear/solver_registry.hpp"
#include "sluice/linear/solver_workspace.hpp"

namespace sluice::linear::test {

/// fvSolution bodies of the three solvers.
struct ScenarioBodies {
  std::string p, pFinal, U;
};

struct ScenarioResult {
  std::vector<SolverPerformance> perf;  ///< per solve
  std::vector<std::vector<double>> x;   ///< per solve, the solution (owned cells)
  std::shared_ptr<SolverWorkspace> workspace;  ///< the shared one (null when not shared)
};

inline ScenarioResult runScenario(const parallel::Communicator& comm, const SlabGrid& g, GhostUpdater& ghosts,
                                  const ScenarioBodies& bodies, bool share) {
  const GridOperator poisson{}, stiffer{2.5, 0.0, 0.0}, convection{1.0, 2.0, -1.0};
  LduMatrix A1 = assemble(g, poisson);
  const LduMatrix A2 = assemble(g, stiffer);
  const LduMatrix A3 = assemble(g, convection);
  auto exact = [&](GlobalLabel gid) { return exactOf(g, gid); };
  const std::vector<double> b1 = rhsFor(g, poisson, exact), b2 = rhsFor(g, stiffer, exact),
                            b3 = rhsFor(g, convection, exact);
  const std::unique_ptr<MultigridMesh> multigrid = multigridFor(comm, g);
  ScenarioResult out;
  if (share) out.workspace = std::make_shared<SolverWorkspace>();
  const SolverRegistry registry = SolverRegistry::standard();
  auto make = [&](const std::string& body, const std::string& name) {
    return registry.create(settingsFrom(body), {&comm, name, [](const std::string&) {}, multigrid.get(),
                                                out.workspace});
  };
  const std::array<std::unique_ptr<LinearSolver>, 3> solvers{make(bodies.p, "p"), make(bodies.pFinal, "pFinal"),
                                                             make(bodies.U, "U")};
  struct Step {
    int solver;
    const LduMatrix* A;
    const std::vector<double>* b;
  };
  auto solve = [&](const Step& s) {
    std::vector<double> x(static_cast<std::size_t>(g.nLocalCells()), s.solver == 2 ? 0.5 : 0.0);
    out.perf.push_back(solvers[static_cast<std::size_t>(s.solver)]->solve(*s.A, x, *s.b, ghosts));
    out.x.emplace_back(x.begin(), x.begin() + g.nCells());
  };
  // p and pFinal on one matrix state; U in between (other vectors, other
  // row form, a DILU factor); p on another matrix, then pFinal back on the
  // first (whose shared factor is no longer the first's).
  for (const Step& s : {Step{0, &A1, &b1}, Step{1, &A1, &b1}, Step{2, &A3, &b3}, Step{0, &A2, &b2},
                        Step{1, &A1, &b1}, Step{2, &A3, &b3}, Step{2, &A3, &b3}})
    solve(s);
  // A1 changed in place: both refactor it (the shared factor once).
  for (double& d : A1.diag()) d *= 1.25;
  for (const Step& s : {Step{0, &A1, &b1}, Step{1, &A1, &b1}, Step{1, &A1, &b1}}) solve(s);
  return out;
}

inline void expectIdentical(const ScenarioResult& shared, const ScenarioResult& own) {
  ASSERT_EQ(shared.perf.size(), own.perf.size());
  for (std::size_t i = 0; i < own.perf.size(); ++i) {
    SCOPED_TRACE("solve " + std::to_string(i));
    EXPECT_EQ(shared.perf[i].iterations, own.perf[i].iterations);
    EXPECT_EQ(shared.perf[i].initialResidual, own.perf[i].initialResidual);
    EXPECT_EQ(shared.perf[i].finalResidual, own.perf[i].finalResidual);
    EXPECT_EQ(shared.perf[i].converged, own.perf[i].converged);
    EXPECT_EQ(shared.x[i], own.x[i]);  // bit for bit
    EXPECT_GT(own.perf[i].iterations, 0);  // every solve does work (else the comparison is empty)
  }
}

/// Solver combinations of a run: pressure solvers with every preconditioner
/// and smoother, momentum solvers with every asymmetric one.
inline std::vector<ScenarioBodies> scenarioBodies() {
  const std::string tol = " tolerance 1e-9; relTol 0; maxIter 400;";
  return {
      {"solver PCG; preconditioner DIC;" + tol, "solver PCG; preconditioner DIC; relTol 0.1; tolerance 1e-12;",
       "solver smoothSolver; smoother symGaussSeidel;" + tol},
      {"solver PCG; preconditioner DIC; precision single;" + tol, "solver PCG; preconditioner DIC;" + tol,
       "solver PBiCGStab; preconditioner DILU;" + tol},
      {"solver PPCG; preconditioner DIC; progressChunks 3; overlapSolutionUpdate yes;" + tol,
       "solver PPCG; preconditioner DIC; overlapDirectionUpdate yes;" + tol,
       "solver smoothSolver; smoother DILU; nSweeps 2;" + tol},
      {"solver PPCG; preconditioner diagonal;" + tol, "solver PCG; preconditioner none;" + tol,
       "solver PBiCGStab; preconditioner DILU; precision single;" + tol},
      {"solver smoothSolver; smoother DIC; nSweeps 2;" + tol, "solver smoothSolver; smoother DICGaussSeidel;" + tol,
       "solver smoothSolver; smoother DILUGaussSeidel;" + tol},
      {"solver GAMG; smoother GaussSeidel;" + tol,
       "solver PCG; preconditioner { preconditioner GAMG; smoother DICGaussSeidel; nVcycles 2; }" + tol,
       "solver smoothSolver; smoother GaussSeidel;" + tol},
      {"solver GAMG; smoother DIC;" + tol, "solver PCG; preconditioner DIC;" + tol,
       "solver PBiCGStab; preconditioner diagonal;" + tol},
  };
}

}  // namespace sluice::linear::test
