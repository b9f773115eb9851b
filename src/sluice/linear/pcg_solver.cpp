#include "sluice/linear/pcg_solver.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "sluice/linear/solver_support.hpp"

namespace sluice::linear {

using detail::kSmall;
using detail::kVSmall;

PcgSolver::PcgSolver(SolverSettings settings, SolverEnvironment env, std::unique_ptr<Preconditioner> preconditioner)
    : PreconditionedSolver(std::move(settings), std::move(env), std::move(preconditioner), "PcgSolver", "PCG") {}

namespace {

void updateDirection(std::size_t n, double beta, const double* __restrict w, double* __restrict p) {
  for (std::size_t c = 0; c < n; ++c) p[c] = w[c] + beta * p[c];
}

}  // namespace

SolverPerformance PcgSolver::solveImpl(const LduMatrix& A, std::span<double> x, std::span<const double> b,
                                       GhostUpdater& ghosts) {
  const auto n = static_cast<std::size_t>(A.nCells());
  detail::ensureSize(rA_, n);
  detail::ensureSize(wA_, n);
  detail::ensureSize(yA_, n);
  detail::ensureSize(pA_, static_cast<std::size_t>(A.nLocalCells()));
  preconditioner_->prepare(A);
  rows_.assign(A);

  SolverPerformance perf{name_, fieldName(), 0, 0, 0, false};
  const detail::NormParts parts = detail::normParts(comm(), A, x, b, ghosts, wA_, rA_);
  // Reductions: one for the initial norms and w.r, then two per iteration
  // (p.Ap; and sum|r| fused with the next w.r).
  std::array<double, 3> sums{parts.normFactor, parts.residual, preconditioner_->apply(rA_, wA_)};
  comm().sumInPlace(sums);
  const double normFactor = sums[0] + kSmall;
  perf.initialResidual = perf.finalResidual = sums[1] / normFactor;
  double wArA = sums[2];
  double wArAold = wArA;
  bool isConverged = converged(perf.initialResidual, perf.initialResidual);

  while (continueIterating(perf.iterations, isConverged) && std::isfinite(perf.finalResidual)) {
    // p = M^-1 r + beta p (wA holds M^-1 r)
    if (perf.iterations == 0)
      std::copy_n(wA_.begin(), n, pA_.begin());  // not 0 * p: p may hold an earlier solve's non-finite values
    else
      updateDirection(n, wArA / wArAold, wA_.data(), pA_.data());
    const double wApA = comm().sum(rows_.multiply(pA_, yA_, ghosts));  // yA = A p
    if (!(std::abs(wApA) / normFactor >= kVSmall)) break;  // singular (or not a number)
    const double alpha = wArA / wApA;
    // x += alpha p, r -= alpha A p; then wA = M^-1 r for the next direction
    const CgUpdate update{alpha, std::span<const double>(pA_).first(n), std::span<const double>(yA_).first(n),
                          x.first(n), std::span<double>(rA_).first(n)};
    std::array<double, 2> next = preconditioner_->updateAndApply(update, wA_);
    comm().sumInPlace(next);
    wArAold = wArA;
    wArA = next[1];
    perf.finalResidual = next[0] / normFactor;
    ++perf.iterations;
    isConverged = converged(perf.finalResidual, perf.initialResidual);
  }
  perf.converged = isConverged;
  return perf;
}

}  // namespace sluice::linear
