#include "sluice/linear/gamg_fallback_solver.hpp"

#include "sluice/linear/solver_registry.hpp"

namespace sluice::linear {

namespace {

SolverSettings with(SolverSettings s, const char* solver, const char* preconditioner) {
  s.solver = solver;
  s.preconditioner = preconditioner;
  return s;
}

}  // namespace

GamgFallbackSolver::GamgFallbackSolver(SolverSettings settings, SolverEnvironment env, const SolverRegistry& registry)
    : LinearSolver(std::move(settings), std::move(env)) {
  symmetric_ = registry.create(with(settings_, "PCG", "DIC"), env_);
  asymmetric_ = registry.create(with(settings_, "PBiCGStab", "DILU"), env_);
}

SolverPerformance GamgFallbackSolver::solveImpl(const LduMatrix& A, std::span<double> x, std::span<const double> b,
                                                GhostUpdater& ghosts) {
  const bool symmetric = comm().allTrue(A.symmetric());
  bool& warned = symmetric ? warnedSymmetric_ : warnedAsymmetric_;
  if (!warned) {
    const std::string& where = settings_.context.empty() ? fieldName() : settings_.context;
    warn(where + (symmetric ? ": GAMG is not available yet; using PCG with DIC"
                            : ": GAMG is not available yet; using PBiCGStab with DILU"));
    warned = true;
  }
  return solveDelegate(symmetric ? *symmetric_ : *asymmetric_, A, x, b, ghosts);
}

std::unique_ptr<LinearSolver> makeGamgFallbackSolver(const SolverSettings& settings, const SolverEnvironment& env,
                                                     const SolverRegistry& registry) {
  return std::make_unique<GamgFallbackSolver>(settings, env, registry);
}

}  // namespace sluice::linear
