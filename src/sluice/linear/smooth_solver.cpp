#include "sluice/linear/smooth_solver.hpp"

#include <array>
#include <cmath>
#include <vector>

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

std::vector<SolverPerformance> SmoothSolver::solveComponentsImpl(const LduMatrix& A,
                                                                 std::span<const std::span<double>> x,
                                                                 std::span<const std::span<const double>> b,
                                                                 GhostUpdater& ghosts) {
  if (!smoother_->smoothsComponentsTogether()) return LinearSolver::solveComponentsImpl(A, x, b, ghosts);
  const std::size_t K = x.size();
  const auto n = static_cast<std::size_t>(A.nCells());
  SolverWorkspace& ws = workspace();
  std::array<std::span<double>, 3> r;
  for (std::size_t c = 0; c < K; ++c) r[c] = ws.vector(c == 0 ? 0 : SolverWorkspace::kFirstSmootherSlot + 2 + c, n);
  const std::span<double> Ax = ws.vector(1, n);
  // Each component's norms as its own solve computes them, in turn.
  std::vector<SolverPerformance> perf(K, SolverPerformance{"smoothSolver", fieldName(), 0, 0, 0, false});
  std::array<double, 3> normFactor{};
  std::array<bool, 3> isConverged{};
  for (std::size_t c = 0; c < K; ++c) {
    const detail::InitialNorms norms = detail::initialNorms(comm(), A, x[c], b[c], ghosts, Ax, r[c]);
    normFactor[c] = norms.normFactor;
    perf[c].initialResidual = perf[c].finalResidual = norms.residual;
    isConverged[c] = converged(perf[c].initialResidual, perf[c].initialResidual);
  }
  RowMatrix& rows = ws.rows();
  rows.assign(A);
  // The components still iterating, in order; each leaves when its own solve would stop.
  std::array<std::size_t, 3> active{};
  std::size_t nActive = 0;
  const auto iterating = [&](std::size_t c) {
    return continueIterating(perf[c].iterations, isConverged[c]) && std::isfinite(perf[c].finalResidual);
  };
  for (std::size_t c = 0; c < K; ++c)
    if (iterating(c)) active[nActive++] = c;
  std::array<std::span<double>, 3> xa, ra;
  std::array<std::span<const double>, 3> ba;
  std::array<double, 3> sums{};
  while (nActive > 0) {
    for (std::size_t k = 0; k < nActive; ++k) {
      xa[k] = x[active[k]];
      ba[k] = b[active[k]];
      ra[k] = r[active[k]];
    }
    smoother_->smoothComponents(rows, std::span(xa.data(), nActive), std::span(ba.data(), nActive), ghosts,
                                settings_.nSweeps);
    rows.residuals(std::span(xa.data(), nActive), std::span(ba.data(), nActive), std::span(ra.data(), nActive),
                   std::span(sums.data(), nActive), ghosts);
    std::size_t stillActive = 0;
    for (std::size_t k = 0; k < nActive; ++k) {
      const std::size_t c = active[k];
      perf[c].finalResidual = comm().sum(sums[k]) / normFactor[c];  // one reduction per component, as alone
      perf[c].iterations += settings_.nSweeps;
      isConverged[c] = converged(perf[c].finalResidual, perf[c].initialResidual);
      if (iterating(c)) active[stillActive++] = c;
    }
    nActive = stillActive;
  }
  for (std::size_t c = 0; c < K; ++c) perf[c].converged = isConverged[c];
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
