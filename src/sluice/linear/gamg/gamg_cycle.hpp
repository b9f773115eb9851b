#pragma once
// One GAMG V-cycle as OpenFOAM v1912's GAMGSolver::Vcycle, on the levels of
// an Agglomeration: restrict the residual down (optional pre-smoothing),
// solve the coarsest level (CoarsestSolver), prolong the corrections up with
// optional interpolation and scaling, post-smooth each level, correct and
// smooth the finest level. The workspace (coarse matrices, fields,
// smoothers) is allocated when the object is made; a solve only sums coarse
// coefficients (prepare) and runs cycles.
//
// Communication: halo exchanges of the levels' own HaloExchanges (one per
// smoothing sweep and product), the coarsest level's gather, and with
// scaleCorrection (on by default, as OpenFOAM) one reduction of two sums per
// scaled level; with scaleCorrection off a V-cycle has no global reduction.
//
// One workspace serves every solver and preconditioner of a mesh with the
// same GAMG settings (MultigridMesh::cycle): solves never overlap, prepare()
// notices when the matrix is another one, and the coarsest tolerances come
// with each solve.
//
//   GamgCycle& cycle = multigridMesh.cycle(gamg, solverSettings, registry);
//   cycle.prepare(A);                                         // sums the coarse levels if A changed
//   cycle.setTolerances(1e-6, 0.01);                          // the solve's, for the coarsest level
//   cycle.vcycle(x, b, residual, ghosts);                     // residual = b - A x on entry
//   double sum = cycle.vcycleWithResidual(x, b, residual, ghosts);  // and residual = b - A x on exit
#include <memory>
#include <span>
#include <vector>

#include "sluice/linear/gamg/agglomeration.hpp"
#include "sluice/linear/gamg/coarsest_solver.hpp"
#include "sluice/linear/gamg/gamg_settings.hpp"
#include "sluice/linear/row_matrix.hpp"
#include "sluice/linear/smoother.hpp"

namespace sluice::linear {

class SolverRegistry;

class GamgCycle {
 public:
  GamgCycle(const GamgSettings& gamg, const Agglomeration& agglomeration, const SolverSettings& settings,
            const SolverRegistry& registry);
  ~GamgCycle();

  /// Coarse coefficients summed from A (the finest matrix), smoothers set
  /// up; nothing when A is the matrix state prepared last on every rank
  /// (agreed by one reduction at more than one rank). Collective.
  void prepare(const LduMatrix& A);
  /// Tolerance and relTol of the coarsest level's iterative solve.
  void setTolerances(Scalar tolerance, Scalar relTol) {
    tolerance_ = tolerance;
    relTol_ = relTol;
  }
  /// One V-cycle on A psi = source. psi: nLocalCells entries; residual:
  /// source - A psi on entry (nCells; left changed). `ghosts` fills the
  /// finest level's ghosts.
  void vcycle(std::span<double> psi, std::span<const double> source, std::span<const double> residual,
              GhostUpdater& ghosts);
  /// vcycle() that leaves in `residual` the new source - A psi, taken by the
  /// finest smoother during its last sweep (one pass over the matrix less
  /// than a separate RowMatrix::residual), and returns this rank's sum
  /// |residual|: the GAMG solver's convergence check, and the next cycle's
  /// residual where a preconditioner runs several.
  double vcycleWithResidual(std::span<double> psi, std::span<const double> source, std::span<double> residual,
                            GhostUpdater& ghosts);
  const Agglomeration& agglomeration() const { return *agglomeration_; }

 private:
  struct Level {
    std::unique_ptr<LduMatrix> matrix;  ///< coarse levels only (level 0 is the caller's)
    RowMatrix rows;
    std::unique_ptr<Smoother> smoother;
    std::vector<double> correction;  ///< nLocalCells
    std::vector<double> source;      ///< nCells
    std::vector<double> product;     ///< nCells: A times a correction
    std::vector<double> preSmoothed; ///< nCells (pre-smoothing only)
    std::vector<double> coarseSum, coarseDiag;  ///< interpolation scratch, size of the next coarser level
  };
  GhostUpdater& ghostsOf(int k, GhostUpdater& finest) const { return k == 0 ? finest : agglomeration_->ghosts(k); }
  void restrictToCoarser(int k, std::span<const double> fine);  ///< into levels_[k + 1].source
  void prolongFromCoarser(int k, std::span<double> fine) const;  ///< fine = correction of level k + 1
  /// OpenFOAM's scaling of a correction: field = sf field + (source - sf A
  /// field) / diag with the factor sf that minimises the energy norm of the
  /// error; also adds the scaled field to `addTo` where given (the finest
  /// level's psi), in the same pass.
  void scale(int k, std::span<double> field, std::span<const double> source, GhostUpdater& ghosts,
             std::span<double> addTo = {});
  void interpolate(int k, std::span<double> field, GhostUpdater& ghosts);
  /// The V-cycle up to the finest smoothing: psi corrected; false when
  /// there is no coarse level (the correction is then the coarsest solve's,
  /// not smoothed).
  bool correct(std::span<double> psi, std::span<const double> residual, GhostUpdater& ghosts);

  GamgSettings gamg_;
  const Agglomeration* agglomeration_;
  std::vector<Level> levels_;
  CoarsestSolver coarsest_;
  CoefficientStamp prepared_;  ///< the matrix state the coarse levels were summed from
  Scalar tolerance_ = 1e-6, relTol_ = 0;
};

}  // namespace sluice::linear
