#include "sluice/linear/pbicgstab_solver.hpp"

#include <array>
#include <cmath>

#include "sluice/linear/solver_support.hpp"
#include "sluice/linear/solver_workspace.hpp"

namespace sluice::linear {

using detail::kSmall;
using detail::kVSmall;

PbicgstabSolver::PbicgstabSolver(SolverSettings settings, SolverEnvironment env,
                                 std::unique_ptr<Preconditioner> preconditioner)
    : PreconditionedSolver(std::move(settings), std::move(env), std::move(preconditioner), "PbicgstabSolver",
                           "PBiCGStab") {}

SolverPerformance PbicgstabSolver::solveImpl(const LduMatrix& A, std::span<double> x, std::span<const double> b,
                                             GhostUpdater& ghosts) {
  const auto n = static_cast<std::size_t>(A.nCells());
  const auto nLocal = static_cast<std::size_t>(A.nLocalCells());
  SolverWorkspace& ws = workspace();
  const std::span<double> rVec = ws.vector(0, n), r0Vec = ws.vector(1, n), pVec = ws.vector(2, n);
  const std::span<double> vVec = ws.vector(3, n), sVec = ws.vector(4, n), tVec = ws.vector(5, n);
  const std::span<double> yVec = ws.vector(6, nLocal), zVec = ws.vector(7, nLocal);  // amul inputs carry ghosts
  preconditioner_->prepare(A);
  double* __restrict xp = x.data();
  double* __restrict r = rVec.data();
  double* __restrict r0 = r0Vec.data();
  double* __restrict p = pVec.data();
  double* __restrict v = vVec.data();
  double* __restrict y = yVec.data();
  double* __restrict s = sVec.data();
  double* __restrict z = zVec.data();
  double* __restrict t = tVec.data();

  SolverPerformance perf{name_, fieldName(), 0, 0, 0, false};
  const detail::NormParts parts = detail::normParts(comm(), A, x, b, ghosts, vVec, rVec);
  for (std::size_t c = 0; c < n; ++c) r0[c] = r[c];
  std::array<double, 3> sums{parts.normFactor, parts.residual, detail::dot(r0Vec, rVec, n)};
  comm().sumInPlace(sums);
  const double normFactor = sums[0] + kSmall;
  perf.initialResidual = perf.finalResidual = sums[1] / normFactor;
  double rho = sums[2];
  double rhoOld = 1, alpha = 1, omega = 1;
  bool isConverged = converged(perf.initialResidual, perf.initialResidual);

  while (continueIterating(perf.iterations, isConverged) && std::isfinite(perf.finalResidual)) {
    if (perf.iterations == 0) {
      for (std::size_t c = 0; c < n; ++c) p[c] = r[c];
    } else {
      if (!(std::abs(rho) >= kVSmall)) break;  // breakdown: (r0, r) = 0
      const double beta = (rho / rhoOld) * (alpha / omega);
      for (std::size_t c = 0; c < n; ++c) p[c] = r[c] + beta * (p[c] - omega * v[c]);
    }
    preconditioner_->apply(pVec, yVec);  // y = M^-1 p
    A.amul(yVec, vVec, ghosts);          // v = A y
    const double r0v = comm().sum(detail::dot(r0Vec, vVec, n));
    if (!(std::abs(r0v) >= kVSmall)) break;  // breakdown: (r0, v) = 0
    alpha = rho / r0v;
    for (std::size_t c = 0; c < n; ++c) s[c] = r[c] - alpha * v[c];
    preconditioner_->apply(sVec, zVec);  // z = M^-1 s
    A.amul(zVec, tVec, ghosts);          // t = A z
    std::array<double, 3> half{detail::sumMag(sVec, n), detail::dot(tVec, sVec, n), detail::dot(tVec, tVec, n)};
    comm().sumInPlace(half);
    const double halfResidual = half[0] / normFactor;
    if (converged(halfResidual, perf.initialResidual) && perf.iterations + 1 >= settings_.minIter) {
      for (std::size_t c = 0; c < n; ++c) xp[c] += alpha * y[c];
      perf.finalResidual = halfResidual;
      ++perf.iterations;
      isConverged = true;
      break;
    }
    if (!(half[2] > 0)) break;  // t = 0 with s != 0: breakdown
    omega = half[1] / half[2];
    double residual = 0, rhoLocal = 0;
    for (std::size_t c = 0; c < n; ++c) {
      xp[c] += alpha * y[c] + omega * z[c];
      r[c] = s[c] - omega * t[c];
      residual += std::abs(r[c]);
      rhoLocal += r0[c] * r[c];
    }
    std::array<double, 2> next{residual, rhoLocal};
    comm().sumInPlace(next);
    rhoOld = rho;
    rho = next[1];
    perf.finalResidual = next[0] / normFactor;
    ++perf.iterations;
    isConverged = converged(perf.finalResidual, perf.initialResidual);
  }
  perf.converged = isConverged;
  return perf;
}

}  // namespace sluice::linear
