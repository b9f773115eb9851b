#include "sluice/linear/pcg_solver.hpp"

#include <array>
#include <cmath>

#include "sluice/linear/solver_support.hpp"

namespace sluice::linear {

using detail::kSmall;
using detail::kVSmall;

PcgSolver::PcgSolver(SolverSettings settings, SolverEnvironment env, std::unique_ptr<Preconditioner> preconditioner)
    : PreconditionedSolver(std::move(settings), std::move(env), std::move(preconditioner), "PcgSolver", "PCG") {}

SolverPerformance PcgSolver::solveImpl(const LduMatrix& A, std::span<double> x, std::span<const double> b,
                                       GhostUpdater& ghosts) {
  const auto n = static_cast<std::size_t>(A.nCells());
  detail::ensureSize(rA_, n);
  detail::ensureSize(wA_, n);
  detail::ensureSize(pA_, static_cast<std::size_t>(A.nLocalCells()));
  preconditioner_->prepare(A);
  double* __restrict xp = x.data();
  double* __restrict rA = rA_.data();
  double* __restrict wA = wA_.data();
  double* __restrict pA = pA_.data();

  SolverPerformance perf{name_, fieldName(), 0, 0, 0, false};
  const detail::NormParts parts = detail::normParts(comm(), A, x, b, ghosts, wA_, rA_);
  preconditioner_->apply(rA_, wA_);
  std::array<double, 3> sums{parts.normFactor, parts.residual, detail::dot(wA_, rA_, n)};
  comm().sumInPlace(sums);
  const double normFactor = sums[0] + kSmall;
  perf.initialResidual = perf.finalResidual = sums[1] / normFactor;
  double wArA = sums[2];
  double wArAold = wArA;
  bool isConverged = converged(perf.initialResidual, perf.initialResidual);

  while (continueIterating(perf.iterations, isConverged) && std::isfinite(perf.finalResidual)) {
    // p = M^-1 r + beta p (wA holds M^-1 r)
    if (perf.iterations == 0) {
      for (std::size_t c = 0; c < n; ++c) pA[c] = wA[c];
    } else {
      const double beta = wArA / wArAold;
      for (std::size_t c = 0; c < n; ++c) pA[c] = wA[c] + beta * pA[c];
    }
    A.amul(pA_, wA_, ghosts);  // wA = A p
    const double wApA = comm().sum(detail::dot(wA_, pA_, n));
    if (!(std::abs(wApA) / normFactor >= kVSmall)) break;  // singular (or not a number)
    const double alpha = wArA / wApA;
    double residual = 0;
    for (std::size_t c = 0; c < n; ++c) {
      xp[c] += alpha * pA[c];
      rA[c] -= alpha * wA[c];
      residual += std::abs(rA[c]);
    }
    preconditioner_->apply(rA_, wA_);  // wA = M^-1 r for the next direction
    std::array<double, 2> next{residual, detail::dot(wA_, rA_, n)};
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
