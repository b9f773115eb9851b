#include "sluice/linear/linear_solver.hpp"

#include <cstdio>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/linear/solver_support.hpp"
#include "sluice/linear/solver_workspace.hpp"
#include "sluice/parallel/comm_profile.hpp"

namespace sluice::linear {

std::string SolverPerformance::line() const {
  return fmt::format("{}:  Solving for {}, Initial residual = {:g}, Final residual = {:g}, No Iterations {}",
                     solverName, fieldName, initialResidual, finalResidual, iterations);
}

LinearSolver::LinearSolver(SolverSettings settings, SolverEnvironment env)
    : settings_(std::move(settings)), env_(std::move(env)) {
  if (env_.comm == nullptr) throw Error("LinearSolver: no communicator given for field '" + env_.fieldName + "'");
  if (!env_.workspace) env_.workspace = std::make_shared<SolverWorkspace>();
}

void LinearSolver::warn(const std::string& message) const {
  if (!env_.comm->isRoot()) return;
  if (env_.warn)
    env_.warn(message);
  else
    fmt::print(stderr, "Warning: {}\n", message);
}

bool LinearSolver::converged(double residual, double initial) const {
  return residual < settings_.tolerance || (settings_.relTol > detail::kSmall && residual < settings_.relTol * initial);
}

void LinearSolver::checkSizes(const LduMatrix& A, std::span<double> x, std::span<const double> b) const {
  const LduAddressing& a = A.addressing();
  if (x.size() < static_cast<std::size_t>(a.nLocalCells) || b.size() < static_cast<std::size_t>(a.nCells))
    throw Error(fmt::format("LinearSolver::solve for '{}': x has {} entries (need {}), b has {} (need {})",
                            env_.fieldName, x.size(), a.nLocalCells, b.size(), a.nCells));
}

parallel::RegionId LinearSolver::region() {
  parallel::CommProfile* profile = env_.comm->profile();
  if (profile != nullptr && profile != regionProfile_) {
    regionIndex_ = profile->region("linear-solve:" + env_.fieldName).index;
    regionProfile_ = profile;
  }
  return parallel::RegionId{regionIndex_};
}

SolverPerformance LinearSolver::solve(const LduMatrix& A, std::span<double> x, std::span<const double> b,
                                      GhostUpdater& ghosts) {
  checkSizes(A, x, b);
  parallel::ScopedRegion region(env_.comm->profile(), this->region());
  const SolverWorkspace::SolveScope scope(workspace());
  return solveImpl(A, x, b, ghosts);
}

std::vector<SolverPerformance> LinearSolver::solveComponents(const LduMatrix& A, std::span<double> x,
                                                             std::span<const double> b, int components,
                                                             GhostUpdater& ghosts) {
  const LduAddressing& a = A.addressing();
  const auto K = static_cast<std::size_t>(components);
  if (components < 1 || components > 3 || x.size() < K * static_cast<std::size_t>(a.nLocalCells) ||
      b.size() < K * static_cast<std::size_t>(a.nCells))
    throw Error(fmt::format("LinearSolver::solveComponents for '{}': {} systems (1 to 3) with {} values and {} "
                            "sources for {} cells ({} with ghosts)",
                            env_.fieldName, components, x.size(), b.size(), a.nCells, a.nLocalCells));
  parallel::ScopedRegion region(env_.comm->profile(), this->region());
  const SolverWorkspace::SolveScope scope(workspace());
  return solveComponentsImpl(A, x, b, components, ghosts);
}

std::vector<SolverPerformance> LinearSolver::solveComponentsImpl(const LduMatrix& A, std::span<double> x,
                                                                 std::span<const double> b, int components,
                                                                 GhostUpdater& ghosts) {
  const auto K = static_cast<std::size_t>(components);
  const auto n = static_cast<std::size_t>(A.nCells());
  std::vector<double> xc(static_cast<std::size_t>(A.nLocalCells())), bc(n);
  std::vector<SolverPerformance> perf;
  for (std::size_t c = 0; c < K; ++c) {
    detail::deinterleave(x, K, c, xc);
    detail::deinterleave(b, K, c, bc);
    perf.push_back(solveImpl(A, xc, bc, ghosts));
    detail::interleave(xc, K, c, x);
  }
  return perf;
}

}  // namespace sluice::linear
