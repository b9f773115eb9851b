#pragma once
// The linear solvers of a run: one per fvSolution `solvers` entry that an
// equation uses ("p", "pFinal", "U", "UFinal", ...), created on first use and
// kept. Their solves never overlap, so they share one SolverWorkspace (work
// vectors, the matrix's row form, the DIC/DILU factors: "p" and "pFinal"
// hold one factor between them), which lives across steps.
//
//   solvers.prepare("p");                                        // at start-up: check the entry
//
//   EquationSolvers solvers(fvSolution, comm, mesh, warn);
//   pEqn.solve(p, solvers.solverFor(final ? "pFinal" : "p"));   // fv::ScalarSolveFn
//   for (auto& [name, perf] : solvers.lastPerformance()) ...     // residual summary
//   std::vector<double> r = solvers.initialResiduals("U");        // every U solve of this step
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sluice/fv/fv_matrix.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/linear/linear_solver.hpp"
#include "sluice/linear/solver_registry.hpp"
#include "sluice/linear/solver_workspace.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::solvers {

class EquationSolvers {
 public:
  /// Gives the mesh GAMG solvers agglomerate; called (on every rank alike)
  /// only when an entry uses GAMG, so runs without GAMG never build it.
  using MultigridSource = std::function<const linear::MultigridMesh*()>;

  /// `log` (rank 0, may be null) receives each solve's OpenFOAM-style line;
  /// `multigrid` (may be empty: GAMG is then an error at the first solve)
  /// gives the mesh GAMG solvers agglomerate.
  EquationSolvers(const io::Dictionary& fvSolution, const parallel::Communicator& comm, linear::WarnFn warn,
                  std::FILE* log, MultigridSource multigrid = {});

  /// Solve function for the equations configured by fvSolution's solvers/<key>.
  fv::ScalarSolveFn solverFor(const std::string& key);
  /// Solve function for a vector equation's components together, where the
  /// solver of solvers/<key> has such a path (smoothSolver with Gauss-Seidel);
  /// empty otherwise. Logs and records each component as solverFor does.
  ///   UEqn.solve(U, solvers.solverFor("U"), source, solvers.componentsSolverFor("U"));
  fv::ComponentsSolveFn componentsSolverFor(const std::string& key);
  /// Creates the solver of solvers/<key> now (InputError if the entry is
  /// missing or wrong), so bad settings are found at start-up, on every rank
  /// alike, instead of at the first solve.
  void prepare(const std::string& key) { solverObject(key); }

  /// The last solve of each solved name ("p", "Ux", ...), in name order.
  const std::map<std::string, linear::SolverPerformance>& lastPerformance() const { return last_; }
  /// First solve of each name in the current step (initial residuals as OpenFOAM reports them).
  std::map<std::string, linear::SolverPerformance> firstInStep() const;
  /// The initial residual of every solve of `field` in the current step, in
  /// order; for a vector field ("U": solves "Ux", "Uy", "Uz") the largest over
  /// its solved components (OpenFOAM's cmptMax; an unsolved direction counts 0).
  std::vector<double> initialResiduals(const std::string& field) const;
  void beginStep() { history_.clear(); }
  /// The storage the solvers share.
  const linear::SolverWorkspace& workspace() const { return *workspace_; }

 private:
  /// Names the performance, logs its line and keeps it (last and this step's).
  void record(linear::SolverPerformance perf, const std::string& name);
  linear::LinearSolver& solverObject(const std::string& key);

  const io::Dictionary& solversDict_;
  const parallel::Communicator& comm_;
  linear::WarnFn warn_;
  MultigridSource multigrid_;
  std::FILE* log_;
  linear::SolverRegistry registry_;
  std::shared_ptr<linear::SolverWorkspace> workspace_;  ///< every solver's storage
  std::map<std::string, std::unique_ptr<linear::LinearSolver>> solvers_;
  std::map<std::string, linear::SolverPerformance> last_;
  std::map<std::string, std::vector<linear::SolverPerformance>> history_;  ///< this step's solves per name
};

}  // namespace sluice::solvers
