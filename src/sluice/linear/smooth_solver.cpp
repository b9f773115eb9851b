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
  perf.initialResidual = perf.finalResidual = norms.residual;
  bool isConverged = converged(perf.initialResidual, perf.initialResidual);
  RowMatrix& rows = ws.rows();
  rows.assign(A);
  iterateAlone(rows, x, b, r, norms.normFactor, perf, isConverged, ghosts);
  perf.converged = isConverged;
  return perf;
}

void SmoothSolver::iterateAlone(const RowMatrix& rows, std::span<double> x, std::span<const double> b,
                                std::span<double> r, double normFactor, SolverPerformance& perf, bool& isConverged,
                                GhostUpdater& ghosts) {
  while (continueIterating(perf.iterations, isConverged) && std::isfinite(perf.finalResidual)) {
    // The smoothing with the residual of its result (taken during the last
    // sweep where the smoother can).
    double sum = 0;
    smoother_->smoothWithResiduals(rows, x, b, 1, r, std::span(&sum, 1), ghosts, settings_.nSweeps,
                                   ResidualValues::SumsOnly);
    perf.finalResidual = comm().sum(sum) / normFactor;
    perf.iterations += settings_.nSweeps;
    isConverged = converged(perf.finalResidual, perf.initialResidual);
  }
}

std::vector<SolverPerformance> SmoothSolver::solveComponentsImpl(const LduMatrix& A, std::span<double> x,
                                                                 std::span<const double> b, int components,
                                                                 GhostUpdater& ghosts) {
  if (!smoother_->smoothsInterleaved()) return LinearSolver::solveComponentsImpl(A, x, b, components, ghosts);
  const auto K = static_cast<std::size_t>(components);
  const auto n = static_cast<std::size_t>(A.nCells());
  const auto nLocal = static_cast<std::size_t>(A.nLocalCells());
  SolverWorkspace& ws = workspace();
  // Slot 1 holds nLocal values: a last component iterating alone (below) takes it for x.
  const std::span<double> r = ws.vector(0, n), Ax = ws.vector(1, nLocal).first(n);
  // Each component's norms as its own solve computes them, in turn, from
  // one component's values in arrays of their own, freed before the row
  // matrix is made (the solve's largest moment then holds nothing but the
  // interleaved arrays, r and Ax).
  std::vector<SolverPerformance> perf(K, SolverPerformance{"smoothSolver", fieldName(), 0, 0, 0, false});
  std::array<double, 3> normFactor{};
  std::array<bool, 3> isConverged{};
  {
    std::vector<double> xc(nLocal), bc(n);
    for (std::size_t c = 0; c < K; ++c) {
      detail::deinterleave(x, K, c, xc);
      detail::deinterleave(b, K, c, bc);
      const detail::InitialNorms norms = detail::initialNorms(comm(), A, xc, bc, ghosts, Ax, r);
      normFactor[c] = norms.normFactor;
      perf[c].initialResidual = perf[c].finalResidual = norms.residual;
      isConverged[c] = converged(perf[c].initialResidual, perf[c].initialResidual);
    }
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
  // While all of them iterate, they do so in x and b themselves (one load
  // brings a neighbour's values of all of them); when one of three leaves,
  // the other two in interleaved copies of their own; a last one alone in
  // the storage of Ax and r, which the iterations no longer use (an
  // interleaving smoother does not use r for sums alone, see Smoother).
  std::vector<double> xi, bi;
  std::array<double, 3> sums{};
  while (nActive > 1) {
    const std::size_t Ka = nActive;
    const bool inPlace = Ka == K;
    if (!inPlace) {
      xi.resize(Ka * nLocal);
      bi.resize(Ka * n);
      for (std::size_t k = 0; k < Ka; ++k) {
        for (std::size_t i = 0; i < nLocal; ++i) xi[Ka * i + k] = x[K * i + active[k]];
        for (std::size_t i = 0; i < n; ++i) bi[Ka * i + k] = b[K * i + active[k]];
      }
    }
    const std::span<double> xs = inPlace ? x.first(K * nLocal) : std::span<double>(xi);
    const std::span<const double> bs = inPlace ? b.first(K * n) : std::span<const double>(bi);
    std::size_t stillActive = Ka;
    while (stillActive == Ka) {
      smoother_->smoothWithResiduals(rows, xs, bs, static_cast<int>(Ka), {}, std::span(sums.data(), Ka), ghosts,
                                     settings_.nSweeps, ResidualValues::SumsOnly);
      stillActive = 0;
      for (std::size_t k = 0; k < Ka; ++k) {
        const std::size_t c = active[k];
        perf[c].finalResidual = comm().sum(sums[k]) / normFactor[c];  // one reduction per component, as alone
        perf[c].iterations += settings_.nSweeps;
        isConverged[c] = converged(perf[c].finalResidual, perf[c].initialResidual);
        if (iterating(c)) ++stillActive;
      }
    }
    if (!inPlace)
      for (std::size_t k = 0; k < Ka; ++k)
        for (std::size_t i = 0; i < nLocal; ++i) x[K * i + active[k]] = xi[Ka * i + k];
    nActive = 0;
    for (std::size_t k = 0; k < Ka; ++k)
      if (iterating(active[k])) active[nActive++] = active[k];
  }
  if (nActive == 1) {
    const std::size_t c = active[0];
    const std::span<double> xc = ws.vector(1, nLocal), bc = ws.vector(0, n);
    detail::deinterleave(x, K, c, xc);
    detail::deinterleave(b, K, c, bc);
    iterateAlone(rows, xc, bc, {}, normFactor[c], perf[c], isConverged[c], ghosts);
    detail::interleave(xc, K, c, x);
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
