#include "sluice/linear/gamg/gamg_solver.hpp"

#include <cmath>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/linear/gamg/agglomeration.hpp"
#include "sluice/linear/gamg/multigrid_mesh.hpp"
#include "sluice/linear/solver_support.hpp"
#include "sluice/linear/solver_workspace.hpp"

namespace sluice::linear {

GamgCycle& cycleFor(const SolverSettings& settings, const SolverEnvironment& env, const LduMatrix& A,
                    const SolverRegistry& registry) {
  if (!env.multigrid)
    throw Error(fmt::format("{}: GAMG needs the mesh (its face areas and halo) and none was given", settings.context));
  if (env.multigrid->addressing().get() != &A.addressing())
    throw Error(fmt::format("{}: GAMG was given a matrix that is not on its mesh", settings.context));
  return env.multigrid->cycle(*settings.gamg, settings, registry);
}

GamgSolver::GamgSolver(SolverSettings settings, SolverEnvironment env, const SolverRegistry& registry)
    : LinearSolver(std::move(settings), std::move(env)), registry_(registry) {
  if (!settings_.gamg) throw Error(fmt::format("{}: GamgSolver without GAMG settings", settings_.context));
}

GamgSolver::~GamgSolver() = default;

SolverPerformance GamgSolver::solveImpl(const LduMatrix& A, std::span<double> x, std::span<const double> b,
                                        GhostUpdater& ghosts) {
  if (!cycle_) cycle_ = &cycleFor(settings_, env_, A, registry_);
  const auto n = static_cast<std::size_t>(A.nCells());
  SolverWorkspace& ws = workspace();  // the V-cycle's own storage is the mesh's (MultigridMesh::cycle)
  const std::span<double> Ax = ws.vector(0, n), residual = ws.vector(1, n);
  cycle_->prepare(A);  // nothing if A is the matrix prepared last (a vector equation's components)
  cycle_->setTolerances(settings_.gamg->tolerance, settings_.gamg->relTol);  // = the solver's

  SolverPerformance perf{"GAMG", fieldName(), 0, 0, 0, false};
  const detail::InitialNorms norms = detail::initialNorms(comm(), A, x, b, ghosts, Ax, residual);
  const double normFactor = norms.normFactor;
  perf.initialResidual = perf.finalResidual = norms.residual;
  bool isConverged = converged(perf.initialResidual, perf.initialResidual);
  if (settings_.minIter > 0 || !isConverged) {
    do {
      const double sumMag = cycle_->vcycleWithResidual(x, b, residual, ghosts);
      perf.finalResidual = comm().sum(sumMag) / normFactor;
      ++perf.iterations;
      isConverged = converged(perf.finalResidual, perf.initialResidual);
    } while (((perf.iterations < settings_.maxIter && !isConverged) || perf.iterations < settings_.minIter) &&
             std::isfinite(perf.finalResidual));
  }
  perf.converged = isConverged;
  return perf;
}

std::unique_ptr<LinearSolver> makeGamgSolver(const SolverSettings& settings, const SolverEnvironment& env,
                                             const SolverRegistry& registry) {
  return std::make_unique<GamgSolver>(settings, env, registry);
}

}  // namespace sluice::linear
