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
  bool smoothsComponentsTogether() const override { return true; }
  /// The sweeps of K systems in one pass over the rows per sweep
  /// (RowMatrix::gaussSeidelSweeps); b' of system c in slot
  /// kFirstSmootherSlot + c.
  void smoothComponents(const RowMatrix& A, std::span<const std::span<double>> x,
                        std::span<const std::span<const double>> b, GhostUpdater& ghosts, int sweeps) override;

 private:
  /// b' = b - coupled coefficients x ghost values (after refreshing the
  /// ghosts); b itself when this rank has no coupled faces. b' is written
  /// to the workspace's slot kFirstSmootherSlot + `system`.
  std::span<const double> coupledSource(const RowMatrix& A, std::span<double> x, std::span<const double> b,
                                        GhostUpdater& ghosts, std::size_t system = 0);

  bool symmetric_;
  std::shared_ptr<SolverWorkspace> workspace_;
};

}  // namespace sluice::linear
