#pragma once
// Base of the Krylov solvers that own one preconditioner (PCG, PPCG,
// PBiCGStab): holds the preconditioner and the reported solver name, the
// preconditioner's name followed by the method ("DIC" + "PCG" = "DICPCG").
//
//   class PcgSolver final : public PreconditionedSolver {
//    public:
//     PcgSolver(SolverSettings s, SolverEnvironment e, std::unique_ptr<Preconditioner> m)
//         : PreconditionedSolver(std::move(s), std::move(e), std::move(m), "PcgSolver", "PCG") {}
//   };
//   registry.addSolver("PCG", makePreconditionedSolver<PcgSolver>, {.preconditioner = true});
#include <memory>
#include <string>
#include <string_view>

#include "sluice/linear/linear_solver.hpp"
#include "sluice/linear/preconditioner.hpp"
#include "sluice/linear/solver_registry.hpp"
#include "sluice/linear/solver_workspace.hpp"

namespace sluice::linear {

class PreconditionedSolver : public LinearSolver {
 public:
  const Preconditioner& preconditioner() const { return *preconditioner_; }

 protected:
  /// Throws sluice::Error "<className>: null preconditioner" if `preconditioner` is null.
  PreconditionedSolver(SolverSettings settings, SolverEnvironment env, std::unique_ptr<Preconditioner> preconditioner,
                       std::string_view className, std::string_view method);

  std::unique_ptr<Preconditioner> preconditioner_;
  std::string name_;  ///< preconditioner name + method, as reported in SolverPerformance
};

/// The registry factory of a PreconditionedSolver: the preconditioner named
/// by settings.preconditioner, made for these settings and environment, in
/// the environment's workspace (or one of their own, shared by both).
template <class Solver>
std::unique_ptr<LinearSolver> makePreconditionedSolver(const SolverSettings& settings, const SolverEnvironment& env,
                                                       const SolverRegistry& registry) {
  SolverEnvironment shared = env;
  if (!shared.workspace) shared.workspace = std::make_shared<SolverWorkspace>();
  std::unique_ptr<Preconditioner> preconditioner = registry.createPreconditioner(settings, shared);
  return std::make_unique<Solver>(settings, std::move(shared), std::move(preconditioner));
}

}  // namespace sluice::linear
