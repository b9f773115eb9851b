#pragma once
// Runs a solver from fvSolution text on a grid system (serial or distributed).
//
//   Solve run = solveOn(comm, grid, ghosts, op, "solver PCG; preconditioner DIC; tolerance 1e-10;");
//   EXPECT_TRUE(run.perf.converged);
#include <string>
#include <vector>

#include "linear/grid_system.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/linear/linear_solver.hpp"
#include "sluice/linear/solver_registry.hpp"

namespace sluice::linear::test {

inline SolverSettings settingsFrom(const std::string& body, std::vector<std::string>* warnings = nullptr) {
  const io::Dictionary dict =
      io::Dictionary::parse("solvers { p { " + body + " } }", "system/fvSolution");
  return SolverSettings::read(dict.subDict("solvers").subDict("p"), SolverRegistry::standard(),
                              [warnings](const std::string& m) {
                                if (warnings) warnings->push_back(m);
                              });
}

struct Solve {
  SolverPerformance perf;
  std::vector<double> x;  ///< nLocalCells entries
  double error = 0;       ///< local max |x - x*| / max |x*|
  std::vector<std::string> warnings;
};

inline double exactOf(const SlabGrid& g, GlobalLabel gid) { return exactValue(gid, g.nx); }

/// Solves A x = A x* from x = 0 with the solver given by `body`.
inline Solve solveOn(const parallel::Communicator& comm, const SlabGrid& g, GhostUpdater& ghosts,
                     const GridOperator& op, const std::string& body) {
  Solve out;
  const LduMatrix A = assemble(g, op);
  auto exact = [&](GlobalLabel gid) { return exactOf(g, gid); };
  const std::vector<double> b = rhsFor(g, op, exact);
  out.x.assign(static_cast<std::size_t>(g.nLocalCells()), 0.0);
  const SolverSettings s = settingsFrom(body, &out.warnings);
  const std::unique_ptr<MultigridMesh> multigrid = multigridFor(comm, g);
  std::unique_ptr<LinearSolver> solver = SolverRegistry::standard().create(
      s, {&comm, "p", [&](const std::string& m) { out.warnings.push_back(m); }, multigrid.get()});
  out.perf = solver->solve(A, out.x, b, ghosts);
  out.error = localMaxError(g, out.x, exact);
  return out;
}

}  // namespace sluice::linear::test
