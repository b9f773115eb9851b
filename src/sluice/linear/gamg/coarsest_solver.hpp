#pragma once
// The coarsest level of a GAMG hierarchy, solved on every rank at once: its
// rows are gathered into one small system once per matrix (one
// MPI_Allgatherv of the coefficients), and per V-cycle its right-hand side
// (one MPI_Allgatherv of about nCellsInCoarsestLevel values per rank); then
// every rank solves the same system without communication and keeps its own
// part. As OpenFOAM v1912, the solve is PCG with DIC (PBiCGStab with DILU for
// an asymmetric matrix) to the GAMG tolerance and relTol, or with
// directSolveCoarsest an LU factorisation made once per matrix. With one rank
// nothing is communicated and this is exactly OpenFOAM's coarsest solve.
//
//   CoarsestSolver coarsest(agglomeration, settings);
//   coarsest.prepare(coarsestMatrix);              // per solve: gathers the coefficients
//   coarsest.solve(source, correction);            // per V-cycle: owned cells of the coarsest level
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "sluice/linear/gamg/agglomeration.hpp"
#include "sluice/linear/gamg/gamg_settings.hpp"
#include "sluice/linear/ldu_matrix.hpp"
#include "sluice/linear/linear_solver.hpp"
#include "sluice/linear/solver_workspace.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::linear {

class CoarsestSolver {
 public:
  /// `settings`: the precision of the solve's factors.
  CoarsestSolver(const Agglomeration& agglomeration, const SolverSettings& settings, const GamgSettings& gamg);
  ~CoarsestSolver();

  /// Gathers `A` (the coarsest level's matrix on this rank) into the whole system.
  void prepare(const LduMatrix& A);
  /// correction = A^-1 source on this rank's cells (nCells entries each), to
  /// these tolerances (the GAMG solve's; ignored by the direct solve).
  void solve(std::span<const double> source, std::span<double> correction, Scalar tolerance, Scalar relTol);

 private:
  void factorLu();
  void solveLu(std::span<double> x) const;

  const Agglomeration* agglomeration_;
  bool direct_;
  parallel::Communicator self_;
  LduMatrix whole_;
  std::vector<double> mine_, all_, source_, x_;
  /// The two solvers' storage (a few cells' worth), held for the hierarchy's
  /// life: a V-cycle's coarsest solve allocates nothing.
  std::shared_ptr<SolverWorkspace> workspace_;
  std::optional<SolverWorkspace::SolveScope> holdWorkspace_;
  std::unique_ptr<LinearSolver> symmetric_, asymmetric_;
  bool symmetricMatrix_ = true;
  std::vector<double> lu_;  ///< dense LU factors (directSolveCoarsest), row-major
  std::vector<int> pivot_;
};

}  // namespace sluice::linear
