#include "sluice/linear/ppcg_solver.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "sluice/linear/row_matrix.hpp"
#include "sluice/linear/solver_support.hpp"
#include "sluice/linear/solver_workspace.hpp"

namespace sluice::linear {

using detail::kSmall;
using detail::kVSmall;

namespace {

// The pipelined-CG vector updates of one iteration fused with the next
// pass's local sums (r, u), (w, u), sum |r|. A separate function so the
// restrict-qualified parameters let the compiler keep values in registers.
// Deferred::X leaves x += alpha p to the next pass's overlap window;
// Deferred::DirectionAndX leaves p = u + beta p as well (redone there from the
// updated u as p = u + alpha q + beta p, since u -= alpha q happens here).
enum class Deferred { Nothing, X, DirectionAndX };

template <Deferred Defer>
std::array<double, 3> updateVectors(std::size_t nc, double* __restrict x, double* __restrict r,
                                    double* __restrict u, double* __restrict w, const double* __restrict m,
                                    const double* __restrict n, double* __restrict z, double* __restrict q,
                                    double* __restrict s, double* __restrict p, double alpha, double beta) {
  double gamma = 0, delta = 0, residual = 0;
  for (std::size_t c = 0; c < nc; ++c) {
    z[c] = n[c] + beta * z[c];
    q[c] = m[c] + beta * q[c];
    s[c] = w[c] + beta * s[c];
    if constexpr (Defer != Deferred::DirectionAndX) p[c] = u[c] + beta * p[c];
    if constexpr (Defer == Deferred::Nothing) x[c] += alpha * p[c];
    r[c] -= alpha * s[c];
    u[c] -= alpha * q[c];
    w[c] -= alpha * z[c];
    gamma += r[c] * u[c];
    delta += w[c] * u[c];
    residual += std::abs(r[c]);
  }
  return {gamma, delta, residual};
}

}  // namespace

PpcgSolver::PpcgSolver(SolverSettings settings, SolverEnvironment env, std::unique_ptr<Preconditioner> preconditioner)
    : PreconditionedSolver(std::move(settings), std::move(env), std::move(preconditioner), "PpcgSolver", "PPCG") {}

SolverPerformance PpcgSolver::solveImpl(const LduMatrix& A, std::span<double> x, std::span<const double> b,
                                        GhostUpdater& ghosts) {
  const auto nc = static_cast<std::size_t>(A.nCells());
  const auto nLocal = static_cast<std::size_t>(A.nLocalCells());
  SolverWorkspace& ws = workspace();
  const std::span<double> r = ws.vector(0, nc), w = ws.vector(1, nc), n = ws.vector(2, nc),
                          z = ws.vector(3, nc), q = ws.vector(4, nc), s = ws.vector(5, nc), p = ws.vector(6, nc);
  const std::span<double> u = ws.vector(7, nLocal), m = ws.vector(8, nLocal);  // multiply inputs carry ghosts
  RowMatrix& rows = ws.rows();
  rows.assign(A);
  preconditioner_->prepare(A, &rows);  // DIC / DILU in double take A's entries from rows

  SolverPerformance perf{name_, fieldName(), 0, 0, 0, false};
  const detail::NormParts parts = detail::normParts(comm(), A, x, b, ghosts, w, r);
  std::array<double, 2> norm{parts.normFactor, parts.residual};
  comm().sumInPlace(norm);
  const double normFactor = norm[0] + kSmall;
  perf.initialResidual = perf.finalResidual = norm[1] / normFactor;
  bool isConverged = converged(perf.initialResidual, perf.initialResidual);
  if (!continueIterating(0, isConverged) || !std::isfinite(perf.initialResidual)) {
    perf.converged = isConverged;
    return perf;
  }


  // u0 = M^-1 r0, w0 = A u0; the first pass's sums.
  const double ru = preconditioner_->apply(r, u);
  const double wu = rows.multiply(u, w, ghosts);
  sums_ = {ru, wu, parts.residual};

  // Direction recurrences start from zero (workspace may hold an earlier solve's values).
  for (const std::span<double> v : {z, q, s, p}) std::fill(v.begin(), v.end(), 0.0);
  double gammaOld = 1, alphaOld = 1;
  // overlapSolutionUpdate: x += alpha p of the last update, still to be done
  // (x feeds none of the recurrences, so it can wait for the next overlap
  // window); overlapDirectionUpdate: p = u + beta p too (p feeds only x).
  const Deferred defer = settings_.overlapDirectionUpdate ? Deferred::DirectionAndX
                         : settings_.overlapSolutionUpdate ? Deferred::X
                                                           : Deferred::Nothing;
  double pendingAlpha = 0, pendingBeta = 0;
  bool xPending = false;
  auto updateSolution = [&](const ProgressHook& hook) {
    if (!xPending) return;
    const int pieces = hook.pieces();
    for (int k = 0; k < pieces; ++k) {
      const auto [begin, end] = ProgressHook::range(k, pieces, nc);
      if (defer == Deferred::DirectionAndX)
        for (std::size_t c = begin; c < end; ++c) {
          p[c] = u[c] + pendingAlpha * q[c] + pendingBeta * p[c];
          x[c] += pendingAlpha * p[c];
        }
      else
        for (std::size_t c = begin; c < end; ++c) x[c] += pendingAlpha * p[c];
      hook.poke();
    }
    xPending = false;
  };
  for (;;) {
    // Known before the reduction: a pass at maxIter (and past minIter) only
    // confirms the final residual, so it skips the overlapped work.
    const bool lastPass = perf.iterations >= settings_.maxIter && perf.iterations >= settings_.minIter;
    {
      parallel::PendingReduction pending = comm().startSum(sums_);
      if (!lastPass) {
        const ProgressHook hook{&pending, settings_.progressChunks};
        preconditioner_->apply(w, m, hook);  // m = M^-1 w
        rows.multiply(m, n, ghosts, hook);   // n = A m
        updateSolution(hook);                   // the last iteration's x += alpha p (overlapSolutionUpdate)
      }
      pending.wait();
    }
    updateSolution(ProgressHook{});  // after a last pass: x is complete before any exit
    const double gamma = sums_[0], delta = sums_[1];
    if (perf.iterations > 0) {
      perf.finalResidual = sums_[2] / normFactor;
      isConverged = converged(perf.finalResidual, perf.initialResidual);
      if (!continueIterating(perf.iterations, isConverged) || !std::isfinite(perf.finalResidual)) break;
    }
    double alpha, beta;
    if (perf.iterations == 0) {
      beta = 0;
      alpha = gamma / delta;
      if (!(std::abs(delta) / normFactor >= kVSmall)) break;  // singular
    } else {
      beta = gamma / gammaOld;
      const double denominator = delta - beta * gamma / alphaOld;
      if (!(std::abs(denominator) / normFactor >= kVSmall)) break;
      alpha = gamma / denominator;
    }
    auto update = [&]<Deferred D>() {
      return updateVectors<D>(nc, x.data(), r.data(), u.data(), w.data(), m.data(), n.data(), z.data(),
                              q.data(), s.data(), p.data(), alpha, beta);
    };
    switch (defer) {
      case Deferred::Nothing: sums_ = update.template operator()<Deferred::Nothing>(); break;
      case Deferred::X: sums_ = update.template operator()<Deferred::X>(); break;
      case Deferred::DirectionAndX: sums_ = update.template operator()<Deferred::DirectionAndX>(); break;
    }
    pendingAlpha = alpha;
    pendingBeta = beta;
    xPending = defer != Deferred::Nothing;
    gammaOld = gamma;
    alphaOld = alpha;
    ++perf.iterations;
  }
  updateSolution(ProgressHook{});  // a break before the next pass (singular step)
  perf.converged = isConverged;
  return perf;
}

}  // namespace sluice::linear
