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

class RowMatrix {
 public:
  /// Copies A's off-diagonal coefficients into row order and refers to A
  /// (diagonal, coupled coefficients) until the next assign.
  void assign(const LduMatrix& A);

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

  /// residual() for K = 1 to 3 systems with this matrix (a vector
  /// equation's components): each row's coefficients read once for all K,
  /// each system's r and sums[c] the same bits as its own residual(). The
  /// ghosts are updated one system at a time before the rows.
  void residuals(std::span<const std::span<double>> x, std::span<const std::span<const double>> b,
                 std::span<const std::span<double>> r, std::span<double> sums, GhostUpdater& ghosts) const;
  /// gaussSeidelSweep for K = 1 to 3 systems at once, each system's values
  /// the same bits as its own sweep.
  void gaussSeidelSweeps(std::span<const std::span<double>> x, std::span<const std::span<const double>> bPrime,
                         bool forward) const;

 private:
  const LduMatrix* matrix_ = nullptr;  ///< not owned: the matrix of the current solve
  const RowPattern* pattern_ = nullptr;
  std::vector<double> offDiag_;
  CoefficientStamp stamp_;  ///< of the matrix state copied by the last assign
};

}  // namespace sluice::linear
