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

// x += alpha p, r -= alpha Ap, returning sum |r| (restrict-qualified so the
// three streams vectorise).
double updateSolution(std::size_t n, double alpha, const double* __restrict p, const double* __restrict Ap,
                      double* __restrict x, double* __restrict r) {
  double residual = 0;
  for (std::size_t c = 0; c < n; ++c) {
    x[c] += alpha * p[c];
    r[c] -= alpha * Ap[c];
    residual += std::abs(r[c]);
  }
  return residual;
}

void updateDirection(std::size_t n, double beta, const double* __restrict w, double* __restrict p) {
  for (std::size_t c = 0; c < n; ++c) p[c] = w[c] + beta * p[c];
}

}  // namespace

SolverPerformance PcgSolver::solveImpl(const LduMatrix& A, std::span<double> x, std::span<const double> b,
                                       GhostUpdater& ghosts) {
  const auto n = static_cast<std::size_t>(A.nCells());
  detail::ensureSize(rA_, n);
  detail::ensureSize(wA_, n);
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
    const double wApA = comm().sum(rows_.multiply(pA_, wA_, ghosts));  // wA = A p
    if (!(std::abs(wApA) / normFactor >= kVSmall)) break;  // singular (or not a number)
    const double alpha = wArA / wApA;
    const double residual = updateSolution(n, alpha, pA_.data(), wA_.data(), x.data(), rA_.data());
    // wA = M^-1 r for the next direction
    std::array<double, 2> next{residual, preconditioner_->apply(rA_, wA_)};
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
