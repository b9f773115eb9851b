#include "sluice/linear/gamg/gamg_preconditioner.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/linear/gamg/agglomeration.hpp"
#include "sluice/linear/gamg/gamg_solver.hpp"

namespace sluice::linear {

GamgPreconditioner::GamgPreconditioner(const SolverSettings& settings, const SolverEnvironment& env,
                                       const SolverRegistry& registry)
    : settings_(settings), env_(env), registry_(registry) {
  if (!settings_.gamg) throw Error(fmt::format("{}: GAMG preconditioner without GAMG settings", settings_.context));
}

GamgPreconditioner::~GamgPreconditioner() = default;

void GamgPreconditioner::factor(const LduMatrix& A) {
  if (!cycle_) cycle_ = &cycleFor(settings_, env_, A, registry_);
  matrix_ = &A;
  cycle_->prepare(A);
  w_.assign(static_cast<std::size_t>(A.nLocalCells()), 0.0);
  residual_.assign(static_cast<std::size_t>(A.nCells()), 0.0);
}

double GamgPreconditioner::apply(std::span<const double> r, std::span<double> w, const ProgressHook&) const {
  const std::size_t n = residual_.size();
  GhostUpdater& ghosts = cycle_->agglomeration().ghosts(0);
  cycle_->prepare(*matrix_);  // another solver may have used the shared workspace since factor()
  // The coarsest level to the preconditioner dictionary's tolerances (as OpenFOAM).
  cycle_->setTolerances(settings_.gamg->tolerance, settings_.gamg->relTol);
  std::fill(w_.begin(), w_.end(), 0.0);
  std::copy_n(r.begin(), n, residual_.begin());
  const int cycles = settings_.gamg->nVcycles;
  for (int cycle = 0; cycle < cycles; ++cycle) {
    if (cycle + 1 < cycles)  // the next cycle's residual, taken during this one's last sweep
      cycle_->vcycleWithResidual(w_, r.first(n), residual_, ghosts);
    else
      cycle_->vcycle(w_, r.first(n), residual_, ghosts);
  }
  double wr = 0;
  for (std::size_t i = 0; i < n; ++i) {
    w[i] = w_[i];
    wr += w_[i] * r[i];
  }
  return wr;
}

}  // namespace sluice::linear
