#pragma once
// Explicit registry of linear solvers, preconditioners and smoothers by name
// (as PETSc's KSPRegister/PCRegister). A plain value: build one (usually
// standard()), add your own entries, pass it where solvers are created. No
// global state.
//
//   SolverRegistry registry = SolverRegistry::standard();
//   registry.addPreconditioner("myPC", [](const PreconditionerRequest&) { return std::make_unique<MyPC>(); });
//   SolverSettings s = SolverSettings::read(dict, registry, warn);
//   std::unique_ptr<LinearSolver> solver = registry.create(s, {&comm, "p", warn});
//
// Aliases map another name onto a registered one (OpenFOAM names that have
// no own implementation here, e.g. the smoother DICGaussSeidel ->
// symGaussSeidel); SolverSettings::read replaces them and passes the alias's
// note, if any, to the warning callback.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sluice/linear/linear_solver.hpp"
#include "sluice/linear/preconditioner.hpp"
#include "sluice/linear/smoother.hpp"
#include "sluice/linear/solver_workspace.hpp"

namespace sluice::linear {

/// What a preconditioner is made for: always a precision; the solver's
/// settings and environment when a solver makes it (GAMG needs them).
struct PreconditionerRequest {
  Precision precision = Precision::Double;
  const SolverSettings* settings = nullptr;
  const SolverEnvironment* env = nullptr;
  const SolverRegistry* registry = nullptr;  ///< the registry making it (for GAMG's smoothers)
  /// Where DIC and DILU keep their factor (see SolverWorkspace); null: their own.
  std::shared_ptr<SolverWorkspace> workspace;
};

class SolverRegistry {
 public:
  enum class Kind { Solver, Preconditioner, Smoother };

  /// Which further names a solver reads from its dictionary.
  struct SolverNeeds {
    bool preconditioner = false;
    bool smoother = false;
  };

  using SolverFactory =
      std::function<std::unique_ptr<LinearSolver>(const SolverSettings&, const SolverEnvironment&, const SolverRegistry&)>;
  using PreconditionerFactory = std::function<std::unique_ptr<Preconditioner>(const PreconditionerRequest&)>;
  /// The workspace argument: where the smoother keeps its vectors and factor
  /// (smoothSolver's; null: its own).
  using SmootherFactory = std::function<std::unique_ptr<Smoother>(const SolverSettings&, const SolverRegistry&,
                                                                  const std::shared_ptr<SolverWorkspace>&)>;

  /// PCG, PPCG, PBiCGStab, smoothSolver, GAMG; preconditioners DIC, DILU,
  /// diagonal, none, GAMG (alias FDIC); smoothers GaussSeidel,
  /// symGaussSeidel, DIC, DILU, DICGaussSeidel, DILUGaussSeidel (aliases
  /// nonBlockingGaussSeidel, FDIC).
  static SolverRegistry standard();

  /// Adds or replaces an entry.
  void addSolver(std::string name, SolverFactory factory, SolverNeeds needs);
  void addPreconditioner(std::string name, PreconditionerFactory factory);
  void addSmoother(std::string name, SmootherFactory factory);
  /// `alias` stands for the registered `target`; a non-empty note is reported when it is used.
  void addAlias(Kind kind, std::string alias, std::string target, std::string note = {});

  /// Accepted names of a kind: registered names, then aliases, in order of addition.
  std::vector<std::string> names(Kind kind) const;
  /// "PCG, PPCG, ..." (for messages).
  std::string namesList(Kind kind) const;

  struct Resolved {
    std::string name;  ///< registered name
    std::string note;  ///< the alias's note (empty if none or not an alias)
  };
  /// The registered entry `name` stands for, or nothing if unknown.
  std::optional<Resolved> resolve(Kind kind, std::string_view name) const;
  /// Needs of a registered solver (throws sluice::Error if unknown).
  SolverNeeds needs(std::string_view solver) const;

  /// Creates the solver named by settings.solver (aliases resolved). Unknown
  /// names: InputError as in SolverSettings::read.
  std::unique_ptr<LinearSolver> create(const SolverSettings& settings, const SolverEnvironment& env) const;
  /// A preconditioner outside a solver (GAMG cannot be made this way), its
  /// factor in `workspace` (null: its own).
  std::unique_ptr<Preconditioner> createPreconditioner(std::string_view name, Precision precision,
                                                       std::shared_ptr<SolverWorkspace> workspace = nullptr) const;
  /// settings.preconditioner for a solver with these settings and environment
  /// (its factor in the environment's workspace).
  std::unique_ptr<Preconditioner> createPreconditioner(const SolverSettings& settings,
                                                       const SolverEnvironment& env) const;
  /// settings.smoother, its storage in `workspace` (smoothSolver's; null: its
  /// own, as for GAMG's levels, whose matrices differ from the solver's).
  std::unique_ptr<Smoother> createSmoother(const SolverSettings& settings,
                                           std::shared_ptr<SolverWorkspace> workspace = nullptr) const;

 private:
  struct SolverEntry {
    std::string name;
    SolverFactory factory;
    SolverNeeds needs;
  };
  struct PreconditionerEntry {
    std::string name;
    PreconditionerFactory factory;
  };
  struct SmootherEntry {
    std::string name;
    SmootherFactory factory;
  };
  struct Alias {
    Kind kind;
    std::string alias, target, note;
  };
  std::string resolveOrThrow(Kind kind, std::string_view name, const std::string& context) const;

  std::vector<SolverEntry> solvers_;
  std::vector<PreconditionerEntry> preconditioners_;
  std::vector<SmootherEntry> smoothers_;
  std::vector<Alias> aliases_;
};

/// "solver", "preconditioner", "smoother".
std::string_view kindName(SolverRegistry::Kind kind);

}  // namespace sluice::linear
