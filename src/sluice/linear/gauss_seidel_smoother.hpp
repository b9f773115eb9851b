#pragma once
// Gauss-Seidel smoother (cells in index order), and its symmetric form (a
// forward sweep then a backward sweep), on the row form of the matrix.
//
// A sweep: refresh x's ghosts; b' = b - (coupled coefficients x ghosts); then
// for each cell i in order, x[i] = (b'[i] - sum_j A[i][j] x[j]) / A[i][i],
// in place, so rows already visited contribute their new values.
//
//   GaussSeidelSmoother gs(/*symmetric=*/false);
//   RowMatrix rows; rows.assign(A);
//   gs.smooth(rows, x, b, ghosts, 2);
//
// Its vector b' (ranks with coupled faces only) is slot kFirstSmootherSlot
// of a SolverWorkspace: the one given (smoothSolver's) or its own.
// Several systems with the same matrix (a vector equation's components)
// are smoothed together, their values interleaved (smoothWithResiduals).
#include <memory>

#include "sluice/linear/smoother.hpp"
#include "sluice/linear/solver_workspace.hpp"

namespace sluice::linear {

class GaussSeidelSmoother final : public Smoother {
 public:
  explicit GaussSeidelSmoother(bool symmetric, std::shared_ptr<SolverWorkspace> workspace = nullptr);
  std::string_view name() const override { return symmetric_ ? "symGaussSeidel" : "GaussSeidel"; }
  void smooth(const RowMatrix& A, std::span<double> x, std::span<const double> b, GhostUpdater& ghosts,
              int sweeps) override;
  bool smoothsInterleaved() const override { return true; }
  /// The sweeps of K interleaved systems in one pass over the rows per
  /// sweep (RowMatrix::gaussSeidelSweeps), the last one taking the residuals
  /// on the way (RowMatrix::gaussSeidelSweepsWithResiduals): one pass over
  /// the matrix less per smoothSolver iteration. b' of all systems in slot
  /// kFirstSmootherSlot (K values per cell).
  void smoothWithResiduals(const RowMatrix& A, std::span<double> x, std::span<const double> b, int components,
                           std::span<double> r, std::span<double> sums, GhostUpdater& ghosts, int sweeps,
                           ResidualValues values = ResidualValues::Kept) override;

 private:
  /// b' = b - coupled coefficients x ghost values (after refreshing the
  /// ghosts) for K = `components` interleaved systems; b itself when this
  /// rank has no coupled faces. b' is written to the workspace's slot
  /// kFirstSmootherSlot.
  std::span<const double> coupledSource(const RowMatrix& A, std::span<double> x, std::span<const double> b,
                                        GhostUpdater& ghosts, int components = 1);

  bool symmetric_;
  std::shared_ptr<SolverWorkspace> workspace_;
};

}  // namespace sluice::linear
