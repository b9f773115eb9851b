#pragma once
// Pieces shared by the solver implementations (not a user API): workspace
// sizing, OpenFOAM's residual normalisation, small numeric constants.
//
//   NormParts n = normParts(comm, A, x, b, ghosts, Ax, r);   // 1 Allreduce (mean of x)
//   std::array<double, 2> s{n.normFactor, n.residual};        // fuse with other sums
//   comm.sumInPlace(s);
//   const double normFactor = s[0] + kSmall, initial = s[1] / normFactor;
#include <cmath>
#include <span>
#include <vector>

#include "sluice/linear/ldu_matrix.hpp"
#include "sluice/linear/row_matrix.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::linear::detail {

/// OpenFOAM's solverPerformance::small_ (added to the normalisation factor,
/// and the smallest relTol that counts) and vSmall (singularity threshold).
inline constexpr double kSmall = 1e-20;
inline constexpr double kVSmall = 1e-300;

/// Sizes a workspace vector; allocates only when the size changes.
inline void ensureSize(std::vector<double>& v, std::size_t n) {
  if (v.size() != n) v.assign(n, 0.0);
}

/// Local (this rank's) parts of the normalisation factor and of sum|b - A x|.
struct NormParts {
  double normFactor = 0;  ///< sum(|Ax - pA| + |b - pA|), without the small constant
  double residual = 0;    ///< sum |b - A x|
};

/// Global mean of x over the owned cells of all ranks (one fused Allreduce of
/// the sum and the count), then Ax = A x, r = b - A x and this rank's NormParts,
/// with pA = xAvg * (row sums of A). Ax and r have nCells entries.
NormParts normParts(const parallel::Communicator& comm, const LduMatrix& A, std::span<double> x,
                    std::span<const double> b, GhostUpdater& ghosts, std::span<double> Ax, std::span<double> r);
/// The same from A's row form (rows.assign(A) done), the same bits: A's
/// face-form off-diagonal coefficients are not read (they may be lent).
NormParts normParts(const parallel::Communicator& comm, const RowMatrix& rows, std::span<double> x,
                    std::span<const double> b, GhostUpdater& ghosts, std::span<double> Ax, std::span<double> r);

/// normParts and the fused reduction of its two sums, for solvers that
/// reduce nothing else with them: the normalisation factor (small constant
/// included) and the normalised initial residual.
struct InitialNorms {
  double normFactor = 0;
  double residual = 0;
};
InitialNorms initialNorms(const parallel::Communicator& comm, const LduMatrix& A, std::span<double> x,
                          std::span<const double> b, GhostUpdater& ghosts, std::span<double> Ax, std::span<double> r);

/// out[i] = in[K i + c] for every i of out: system c of K interleaved ones.
inline void deinterleave(std::span<const double> in, std::size_t K, std::size_t c, std::span<double> out) {
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = in[K * i + c];
}

/// out[K i + c] = in[i] for every i of in.
inline void interleave(std::span<const double> in, std::size_t K, std::size_t c, std::span<double> out) {
  for (std::size_t i = 0; i < in.size(); ++i) out[K * i + c] = in[i];
}

inline double dot(std::span<const double> a, std::span<const double> b, std::size_t n) {
  double s = 0;
  for (std::size_t i = 0; i < n; ++i) s += a[i] * b[i];
  return s;
}

inline double sumMag(std::span<const double> a, std::size_t n) {
  double s = 0;
  for (std::size_t i = 0; i < n; ++i) s += std::abs(a[i]);
  return s;
}

}  // namespace sluice::linear::detail
