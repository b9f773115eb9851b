#include "sluice/linear/smooth_solver.hpp"

#include <array>
#include <cmath>

#include "sluice/core/error.hpp"
#include "sluice/linear/solver_registry.hpp"
#include "sluice/linear/solver_support.hpp"
#include "sluice/linear/solver_workspace.hpp"

namespace sluice::linear {

SmoothSolver::SmoothSolver(SolverSettings settings, SolverEnvironment env, std::unique_ptr<Smoother> smoother)
    : LinearSolver(std::move(settings), std::move(env)), smoother_(std::move(smoother)) {
  if (!smoother_) throw Error("SmoothSolver: null smoother");
  if (settings_.nSweeps < 1) throw Error("SmoothSolver: nSweeps must be at least 1");
}

SolverPerformance SmoothSolver::solveImpl(const LduMatrix& A, std::span<double> x, std::span<const double> b,
                                          GhostUpdater& ghosts) {
  const auto n = static_cast<std::size_t>(A.nCells());
  SolverWorkspace& ws = workspace();
  static_assert(SolverWorkspace::kFirstSmootherSlot >= 2, "the smoother's vectors must not be this solver's");
  const std::span<double> r = ws.vector(0, n), Ax = ws.vector(1, n);
  SolverPerformance perf{"smoothSolver", fieldName(), 0, 0, 0, false};
  const detail::InitialNorms norms = detail::initialNorms(comm(), A, x, b, ghosts, Ax, r);
  const double normFactor = norms.normFactor;
  perf.initialResidual = perf.finalResidual = norms.residual;
  bool isConverged = converged(perf.initialResidual, perf.initialResidual);
  RowMatrix& rows = ws.rows();
  rows.assign(A);
  while (continueIterating(perf.iterations, isConverged) && std::isfinite(perf.finalResidual)) {
    smoother_->smooth(rows, x, b, ghosts, settings_.nSweeps);
    perf.finalResidual = comm().sum(rows.residual(x, b, r, ghosts)) / normFactor;
    perf.iterations += settings_.nSweeps;
    isConverged = converged(perf.finalResidual, perf.initialResidual);
  }
  perf.converged = isConverged;
  return perf;
}

std::unique_ptr<LinearSolver> makeSmoothSolver(const SolverSettings& settings, const SolverEnvironment& env,
                                               const SolverRegistry& registry) {
  SolverEnvironment shared = env;  // the solver and its smoother in one workspace, given or their own
  if (!shared.workspace) shared.workspace = std::make_shared<SolverWorkspace>();
  std::unique_ptr<Smoother> smoother = registry.createSmoother(settings, shared.workspace);
  return std::make_unique<SmoothSolver>(settings, std::move(shared), std::move(smoother));
}

}  // namespace sluice::linear
