#pragma once
// An LduMatrix's coefficients in row order (see RowPattern), for the solver
// kernels that run many times per solve: the matrix-vector product with its
// dot product fused, the residual with its norm fused, and Gauss-Seidel
// sweeps. A solver fills it once per solve (one pass over the coefficients)
// and then iterates on it; the diagonal and the coupled coefficients are read
// from the LduMatrix, which must outlive the solve.
//
// In parallel each rank holds its own rows; products refresh the ghost
// values of x through the GhostUpdater exactly as LduMatrix::amul does: start
// the halo exchange, multiply the owned rows, finish, add the coupled
// coefficients times the ghosts.
//
//   RowMatrix R;
//   R.assign(A);                                   // per solve
//   const double pAp = R.multiply(p, Ap, ghosts);  // Ap = A p, returns sum p.Ap over this rank's rows
//   const double res = R.residual(x, b, r, ghosts);  // r = b - A x, returns sum |r|
#include <span>
#include <vector>

#include "sluice/linear/ldu_matrix.hpp"
#include "sluice/linear/progress_hook.hpp"
#include "sluice/linear/row_pattern.hpp"

namespace sluice::linear {

/// Whether a caller of the fused sweep-and-residual kernels wants the
/// residual vector, or only its norms.
enum class ResidualValues { Kept, SumsOnly };

class RowMatrix {
 public:
  /// Copies A's off-diagonal coefficients into row order and refers to A
  /// (diagonal, coupled coefficients) until the next assign (which first
  /// gives lent coefficients back, as release does).
  void assign(const LduMatrix& A);
  /// After assign(A): frees A's upper coefficients, which this row matrix
  /// then holds alone, where A allows it (LduMatrix::Lending) and stores
  /// them once (symmetric storage). Returns whether it did. release() gives
  /// them back. Saves 8 B per face while the solve's vectors exist.
  bool lendFrom(const LduMatrix& A);
  /// Gives lent coefficients back to their matrix (the same bits), then
  /// frees the coefficients and forgets the matrix (until the next assign).
  void release();
  /// Row sums of A, coupled coefficients included: the same bits as
  /// LduMatrix::sumA (each row's entries in the order its faces add them).
  void sumA(std::span<double> rowSums) const;

  const LduMatrix& ldu() const { return *matrix_; }
  /// Whether the coefficients copied by the last assign are still A's (A
  /// not modified since).
  bool holdsCurrentCoefficients() const { return matrix_ && stamp_.matches(*matrix_); }
  const RowPattern& pattern() const { return *pattern_; }
  /// Off-diagonal coefficient of each pattern entry.
  const std::vector<double>& offDiag() const { return offDiag_; }
  Label nCells() const { return matrix_->nCells(); }

  /// y = A x (x has nLocalCells entries; its ghosts are updated here). The
  /// owned rows are split into progress.pieces() pieces with a poke between
  /// them. Returns this rank's sum of x[i] y[i].
  double multiply(std::span<double> x, std::span<double> y, GhostUpdater& ghosts,
                  const ProgressHook& progress = {}) const;
  /// r = b - A x; returns this rank's sum |r[i]|.
  double residual(std::span<double> x, std::span<const double> b, std::span<double> r, GhostUpdater& ghosts) const;

  /// One Gauss-Seidel sweep in place over the owned rows, ascending
  /// (forward) or descending: x[i] = (bPrime[i] - sum_j A[i][j] x[j]) / A[i][i],
  /// with bPrime = b minus the coupled terms, ghosts already subtracted. Rows
  /// run in the pattern's level schedule, with the same result as cell order.
  void gaussSeidelSweep(std::span<double> x, std::span<const double> bPrime, bool forward) const;

  /// gaussSeidelSweep for K = `components` (1 to 3) systems with this
  /// matrix at once (a vector equation's components), their values
  /// interleaved: x[K i + c] and bPrime[K i + c] belong to system c. Each
  /// row's coefficients are read once for all systems; each system's values
  /// are the same bits as its own sweep's.
  void gaussSeidelSweeps(std::span<double> x, std::span<const double> bPrime, int components, bool forward) const;
  /// gaussSeidelSweeps followed by the residual r = b - A x of the swept x
  /// (interleaved as x; sums[c]: this rank's sum |r| of system c), with the
  /// matrix read once for both: each row's residual is taken as soon as the
  /// sweep has passed all its neighbours (RowPattern::bandwidth rows behind
  /// it). x and r are the same bits as a sweep and residual() per system; so
  /// are the sums after a forward sweep, while after a backward one they are
  /// added in descending row order (the last bits may differ). b is the
  /// right-hand side itself (bPrime without the coupled terms); the ghosts
  /// of x are updated (all systems in one exchange). With
  /// ResidualValues::SumsOnly the caller wants the sums alone: r is not used
  /// (may be empty; the rows with coupled faces are revisited after the
  /// sweep for their coupled terms).
  void gaussSeidelSweepsWithResiduals(std::span<double> x, std::span<const double> bPrime, std::span<const double> b,
                                      int components, std::span<double> r, std::span<double> sums,
                                      GhostUpdater& ghosts, bool forward,
                                      ResidualValues values = ResidualValues::Kept) const;

 private:
  const LduMatrix* matrix_ = nullptr;  ///< not owned: the matrix of the current solve
  const RowPattern* pattern_ = nullptr;
  std::vector<double> offDiag_;
  CoefficientStamp stamp_;  ///< of the matrix state copied by the last assign
  LduMatrix* lentFrom_ = nullptr;  ///< the matrix whose upper coefficients this holds alone
  void giveBack();                 ///< lent coefficients back to lentFrom_ (assign and release do it first)
};

}  // namespace sluice::linear
