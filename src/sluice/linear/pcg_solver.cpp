#include "sluice/linear/pcg_solver.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "sluice/linear/row_matrix.hpp"
#include "sluice/linear/solver_support.hpp"
#include "sluice/linear/solver_workspace.hpp"

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
  SolverWorkspace& ws = workspace();
  RowMatrix& rows = ws.rows();
  rows.assign(A);
  preconditioner_->prepare(A, &rows);  // DIC / DILU in double take A's entries from rows
  // From here on only the row form of A is read: where A's owner allows it,
  // its face-form upper coefficients are freed until the solve ends (the
  // workspace gives them back before freeing the row matrix, after the
  // vectors), so the two forms and the vectors are not held at once.
  const bool lent =
      ws.inOutermostSolve() && preconditioner_->appliesWithoutFaceCoefficients() && rows.lendFrom(A);
  // The vectors after the factorisation, which has scratch of its own. Three,
  // as OpenFOAM's PCG: M^-1 r and A p share one (wA), since M^-1 r is used up
  // by the direction update before A p is formed, and A p by the residual
  // update before the next M^-1 r is (row by row, see
  // IncompleteLduFactor::updateAndApply).
  const std::span<double> rA = ws.vector(0, n);  // r
  const std::span<double> wA = ws.vector(1, n);  // M^-1 r, then A p
  const std::span<double> pA = ws.vector(2, static_cast<std::size_t>(A.nLocalCells()));  // p

  SolverPerformance perf{name_, fieldName(), 0, 0, 0, false};
  // From the row form when lent: the same bits where each cell's faces are
  // in (owner, neighbour) order, as a finite-volume mesh's are.
  const detail::NormParts parts = lent ? detail::normParts(comm(), rows, x, b, ghosts, wA, rA)
                                       : detail::normParts(comm(), A, x, b, ghosts, wA, rA);
  // Reductions: one for the initial norms and w.r, then two per iteration
  // (p.Ap; and sum|r| fused with the next w.r).
  std::array<double, 3> sums{parts.normFactor, parts.residual, preconditioner_->apply(rA, wA)};
  comm().sumInPlace(sums);
  const double normFactor = sums[0] + kSmall;
  perf.initialResidual = perf.finalResidual = sums[1] / normFactor;
  double wArA = sums[2];
  double wArAold = wArA;
  bool isConverged = converged(perf.initialResidual, perf.initialResidual);

  while (continueIterating(perf.iterations, isConverged) && std::isfinite(perf.finalResidual)) {
    // p = M^-1 r + beta p (wA holds M^-1 r)
    if (perf.iterations == 0)
      std::copy_n(wA.begin(), n, pA.begin());  // not 0 * p: p may hold an earlier solve's non-finite values
    else
      updateDirection(n, wArA / wArAold, wA.data(), pA.data());
    const double wApA = comm().sum(rows.multiply(pA, wA, ghosts));  // wA = A p
    if (!(std::abs(wApA) / normFactor >= kVSmall)) break;  // singular (or not a number)
    const double alpha = wArA / wApA;
    // x += alpha p, r -= alpha A p; then wA = M^-1 r for the next direction
    const CgUpdate update{alpha, std::span<const double>(pA).first(n), std::span<const double>(wA).first(n),
                          x.first(n), std::span<double>(rA).first(n)};
    std::array<double, 2> next = preconditioner_->updateAndApply(update, wA);
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
