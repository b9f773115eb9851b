#pragma once
// smoothSolver: repeats nSweeps sweeps of a Smoother, checking the residual
// (one Allreduce) after each group of nSweeps, until converged or maxIter
// sweeps (iterations count sweeps, as in OpenFOAM).
//
//   SmoothSolver solver(settings, {&comm, "U", warn}, registry.createSmoother(settings));
//   SolverPerformance perf = solver.solve(A, x, b, ghosts);
#include <memory>
#include <vector>

#include "sluice/linear/linear_solver.hpp"
#include "sluice/linear/smoother.hpp"

namespace sluice::linear {

class SmoothSolver final : public LinearSolver {
 public:
  SmoothSolver(SolverSettings settings, SolverEnvironment env, std::unique_ptr<Smoother> smoother);
  const Smoother& smoother() const { return *smoother_; }

 protected:
  SolverPerformance solveImpl(const LduMatrix& A, std::span<double> x, std::span<const double> b,
                              GhostUpdater& ghosts) override;

 private:
  std::unique_ptr<Smoother> smoother_;
  RowMatrix rows_;  ///< the matrix of the current solve in row form
  std::vector<double> r_, Ax_;
};

std::unique_ptr<LinearSolver> makeSmoothSolver(const SolverSettings& settings, const SolverEnvironment& env,
                                               const SolverRegistry& registry);

}  // namespace sluice::linear
