#pragma once
// smoothSolver: repeats nSweeps sweeps of a Smoother, checking the residual
// (one Allreduce) after each group of nSweeps, until converged or maxIter
// sweeps (iterations count sweeps, as in OpenFOAM).
//
//   SmoothSolver solver(settings, {&comm, "U", warn}, registry.createSmoother(settings));
//   SolverPerformance perf = solver.solve(A, x, b, ghosts);
//
// The components of a vector equation (solveComponents) go through the
// Gauss-Seidel sweeps and residuals together, one pass over the matrix for
// all of them with their values interleaved cell by cell, each component
// stopping at its own convergence; every component's values and residuals
// are those of its own solve. A smoother that can takes each iteration's
// residual during its last sweep (Smoother::smoothWithResiduals).
//
// Storage: the environment's SolverWorkspace, vector slots 0 and 1 (the
// residual and A x) and its RowMatrix; for the components, one component's
// values and right-hand side (2 doubles per cell, freed at the end of the
// solve: its initial norms, and a last component iterating alone) while all
// of them iterate in the caller's interleaved arrays (two of three: in
// interleaved copies); the registry factory
// makes the smoother with the same workspace (its vectors from
// SolverWorkspace::kFirstSmootherSlot, its DIC/DILU factor shared).
#include <memory>

#include "sluice/linear/linear_solver.hpp"
#include "sluice/linear/smoother.hpp"

namespace sluice::linear {

class SmoothSolver final : public LinearSolver {
 public:
  SmoothSolver(SolverSettings settings, SolverEnvironment env, std::unique_ptr<Smoother> smoother);
  const Smoother& smoother() const { return *smoother_; }
  bool solvesComponentsTogether() const override { return smoother_->smoothsInterleaved(); }

 protected:
  SolverPerformance solveImpl(const LduMatrix& A, std::span<double> x, std::span<const double> b,
                              GhostUpdater& ghosts) override;
  std::vector<SolverPerformance> solveComponentsImpl(const LduMatrix& A, std::span<double> x,
                                                     std::span<const double> b, int components,
                                                     GhostUpdater& ghosts) override;

 private:
  /// Iterations of one system until its solve stops (perf and isConverged updated).
  void iterateAlone(const RowMatrix& rows, std::span<double> x, std::span<const double> b, std::span<double> r,
                    double normFactor, SolverPerformance& perf, bool& isConverged, GhostUpdater& ghosts);

  std::unique_ptr<Smoother> smoother_;
};

std::unique_ptr<LinearSolver> makeSmoothSolver(const SolverSettings& settings, const SolverEnvironment& env,
                                               const SolverRegistry& registry);

}  // namespace sluice::linear
