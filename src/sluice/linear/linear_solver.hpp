#pragma once
// Linear solvers for LduMatrix systems A x = b, configured like OpenFOAM's
// fvSolution solver dictionaries and created by name from a SolverRegistry.
//
//   const SolverRegistry registry = SolverRegistry::standard();
//   SolverSettings s = SolverSettings::read(fvSolution.subDict("solvers").subDict("p"), registry, warn);
//   std::unique_ptr<LinearSolver> solver = registry.create(s, {&comm, "p", warn});   // once per field
//   SolverPerformance perf = solver->solve(A, x, b, ghosts);                        // every time step
//   if (comm.isRoot()) fmt::print("{}\n", perf.line());
//   // DICPCG:  Solving for p, Initial residual = 1, Final residual = 8.2e-07, No Iterations 41
//
// Residuals are OpenFOAM's normalised residuals: with xAvg the global mean of
// x, wA = A x and pA = A applied to a field of xAvg (row sums times xAvg),
//   normFactor = gSum(|wA - pA| + |b - pA|) + 1e-20,
//   residual   = gSum(|b - A x|) / normFactor.
// A solve stops when residual < tolerance or (relTol > 0 and residual <
// relTol * initial residual), after at least minIter and at most maxIter
// iterations; it is checked before iterating (0 iterations if converged).
//
// Solvers take their work vectors, the row form of the matrix and the DIC /
// DILU factors from a SolverWorkspace (vectors and rows allocated at the
// start of a solve and freed at its end: none inside iterations, none held
// between solves; factors kept and recomputed only when the matrix's
// coefficients change, see LduMatrix::stamp()). The solvers of
// a run share one workspace, given in their SolverEnvironment, since their
// solves never overlap; a solver given none makes its own:
//
//   auto workspace = std::make_shared<SolverWorkspace>();
//   auto p = registry.create(s, {&comm, "p", warn, nullptr, workspace});
//   auto pFinal = registry.create(sFinal, {&comm, "pFinal", warn, nullptr, workspace});   // same storage
//
// Every rank of the communicator calls solve() together. Reductions go
// through the Communicator, so its profile counts them; with a profile each
// solve is the region "linear-solve:<field>".
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/linear/ldu_matrix.hpp"
#include "sluice/parallel/comm_profile.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::io {
class Dictionary;
}

namespace sluice::parallel {
class CommProfile;
}

namespace sluice::linear {

class SolverRegistry;
class SolverWorkspace;
class MultigridMesh;
struct GamgSettings;

/// Receives warnings and notes (a logger); empty: printed to stderr.
using WarnFn = std::function<void(const std::string&)>;

/// Storage precision of preconditioner/smoother factors (vectors are always double).
enum class Precision { Double, Single };

/// One fvSolution solver dictionary, validated against a registry.
///
///   solvers { p { solver PCG; preconditioner DIC; tolerance 1e-6; relTol 0.05; } }
///
/// Keywords: solver (required); preconditioner (PCG, PPCG, PBiCGStab; also the
/// form `preconditioner { preconditioner DIC; }`); smoother (smoothSolver);
/// tolerance (1e-6), relTol (0), maxIter (1000), minIter (0), nSweeps
/// (smoothSolver, 1), precision single|double (double), progressChunks (PPCG,
/// 1), overlapSolutionUpdate (PPCG, no), overlapDirectionUpdate (PPCG, no); GAMG's controls (GamgSettings) for
/// `solver GAMG` and `preconditioner GAMG`. Names
/// that are aliases in the registry (FDIC, DICGaussSeidel, ...) are replaced
/// by their target, with the registry's note passed to `warn`.
struct SolverSettings {
  std::string context;  ///< "system/fvSolution: solvers/p", for messages
  std::string solver;
  std::string preconditioner = "none";
  std::string smoother;
  Scalar tolerance = 1e-6;
  Scalar relTol = 0;
  int maxIter = 1000;
  int minIter = 0;
  int nSweeps = 1;
  Precision precision = Precision::Double;
  int progressChunks = 1;
  bool overlapSolutionUpdate = false;  ///< PPCG: x += alpha p in the next reduction's overlap window
  bool overlapDirectionUpdate = false;  ///< PPCG: p = u + beta p there too (implies overlapSolutionUpdate)
  std::shared_ptr<const GamgSettings> gamg;  ///< solver GAMG or preconditioner GAMG: their controls

  /// Throws InputError "<file>: <path>: unknown solver 'X'; supported: ..."
  /// for names the registry does not know, and for invalid numbers.
  static SolverSettings read(const io::Dictionary& dict, const SolverRegistry& registry, const WarnFn& warn = {});
};

/// Outcome of one solve.
struct SolverPerformance {
  std::string solverName;  ///< e.g. "DICPCG", "DILUPBiCGStab", "smoothSolver"
  std::string fieldName;
  double initialResidual = 0;
  double finalResidual = 0;
  int iterations = 0;
  bool converged = false;

  /// "DICPCG:  Solving for p, Initial residual = 1, Final residual = 8.2e-07, No Iterations 41"
  std::string line() const;
};

/// What a solver needs besides its settings.
struct SolverEnvironment {
  const parallel::Communicator* comm = nullptr;  ///< required; must outlive the solver
  std::string fieldName;
  WarnFn warn;  ///< called on the communicator's root rank only; empty: stderr
  const MultigridMesh* multigrid = nullptr;  ///< the mesh for GAMG (must outlive the solver)
  /// Storage shared with the other solvers of the run, whose solves never
  /// run at the same time as this one's (null: the solver makes its own).
  std::shared_ptr<SolverWorkspace> workspace = nullptr;
};

/// Base of every solver: checks sizes, opens the profile region, calls solveImpl.
class LinearSolver {
 public:
  LinearSolver(SolverSettings settings, SolverEnvironment env);
  virtual ~LinearSolver() = default;
  LinearSolver(const LinearSolver&) = delete;
  LinearSolver& operator=(const LinearSolver&) = delete;

  /// Solves A x = b. x: nLocalCells entries, the owned ones the initial guess
  /// and then the solution (ghosts are overwritten); b: nCells entries.
  /// Collective over the environment's communicator.
  SolverPerformance solve(const LduMatrix& A, std::span<double> x, std::span<const double> b, GhostUpdater& ghosts);
  /// Solves A x_c = b_c for K = `components` (1 to 3) systems with the same
  /// matrix (the components of a vector equation, one profile region for
  /// all), their values interleaved cell by cell: x[K i + c] (K x
  /// nLocalCells entries: the owned ones the initial guesses, then the
  /// solutions; ghosts overwritten) and b[K i + c] (K x nCells). Returns one
  /// performance per system; each system's solution and performance are
  /// those solve() gives it alone. Where solvesComponentsTogether(), the
  /// systems share the passes over the matrix and are solved in x itself;
  /// otherwise one after the other, each in a copy of its own.
  std::vector<SolverPerformance> solveComponents(const LduMatrix& A, std::span<double> x, std::span<const double> b,
                                                 int components, GhostUpdater& ghosts);
  /// Whether solveComponents shares the passes over the matrix.
  virtual bool solvesComponentsTogether() const { return false; }

  const SolverSettings& settings() const { return settings_; }
  /// Changes the convergence tolerances of later solves.
  void setTolerances(Scalar tolerance, Scalar relTol) {
    settings_.tolerance = tolerance;
    settings_.relTol = relTol;
  }
  const std::string& fieldName() const { return env_.fieldName; }
  /// True for methods defined for symmetric matrices only (conjugate
  /// gradients), which OpenFOAM refuses for an asymmetric one.
  virtual bool needsSymmetricMatrix() const { return false; }
  const parallel::Communicator& comm() const { return *env_.comm; }
  /// The storage this solver works in (shared or its own).
  SolverWorkspace& workspace() const { return *env_.workspace; }
  /// Passes `message` to the warning callback (root rank only).
  void warn(const std::string& message) const;

 protected:
  virtual SolverPerformance solveImpl(const LduMatrix& A, std::span<double> x, std::span<const double> b,
                                      GhostUpdater& ghosts) = 0;
  /// solveComponents' work (sizes checked, region open); by default
  /// solveImpl for each system in turn, in a copy.
  virtual std::vector<SolverPerformance> solveComponentsImpl(const LduMatrix& A, std::span<double> x,
                                                             std::span<const double> b, int components,
                                                             GhostUpdater& ghosts);
  /// Runs another solver's solveImpl (no second profile region): for solvers that delegate.
  static SolverPerformance solveDelegate(LinearSolver& other, const LduMatrix& A, std::span<double> x,
                                         std::span<const double> b, GhostUpdater& ghosts) {
    return other.solveImpl(A, x, b, ghosts);
  }
  /// True if `residual` meets tolerance or relTol * initial.
  bool converged(double residual, double initial) const;
  /// True while another iteration is due (maxIter, minIter, convergence).
  bool continueIterating(int iterations, bool isConverged) const {
    return (iterations < settings_.maxIter && !isConverged) || iterations < settings_.minIter;
  }

  SolverSettings settings_;
  SolverEnvironment env_;

 private:
  void checkSizes(const LduMatrix& A, std::span<double> x, std::span<const double> b) const;
  /// The profile region "linear-solve:<field>" (looked up once per profile).
  parallel::RegionId region();

  parallel::CommProfile* regionProfile_ = nullptr;  ///< profile the region id below belongs to
  int regionIndex_ = -1;
};

}  // namespace sluice::linear
