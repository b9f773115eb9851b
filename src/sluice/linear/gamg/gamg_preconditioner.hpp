#pragma once
// `preconditioner GAMG` for PCG and PPCG (OpenFOAM's GAMGPreconditioner):
// w = nVcycles V-cycles on A w = r from w = 0, with the GAMG controls of the
// preconditioner sub-dictionary. Unlike the incomplete factorisations it
// communicates: the levels' halo exchanges (own tags, so it may run while
// the Krylov solver's reduction is in flight) and the coarsest level's
// gather; no global reduction.
//
//   p { solver PCG; preconditioner { preconditioner GAMG; smoother DICGaussSeidel; nVcycles 2; }
//       tolerance 1e-6; relTol 0; }
#include <memory>
#include <vector>

#include "sluice/linear/gamg/gamg_cycle.hpp"
#include "sluice/linear/linear_solver.hpp"
#include "sluice/linear/solver_registry.hpp"
#include "sluice/linear/preconditioner.hpp"

namespace sluice::linear {

class GamgPreconditioner final : public Preconditioner {
 public:
  GamgPreconditioner(const SolverSettings& settings, const SolverEnvironment& env, const SolverRegistry& registry);
  ~GamgPreconditioner() override;
  std::string_view name() const override { return "GAMG"; }
  double apply(std::span<const double> r, std::span<double> w, const ProgressHook& progress = {}) const override;

 protected:
  void factor(const LduMatrix& A) override;

 private:
  SolverSettings settings_;
  SolverEnvironment env_;
  SolverRegistry registry_;  ///< a copy: the coarse levels' smoothers are made at the first solve
  GamgCycle* cycle_ = nullptr;  ///< the mesh's workspace for these settings (MultigridMesh::cycle)
  // Workspace of a logically const application.
  mutable std::vector<double> w_, residual_;
  const LduMatrix* matrix_ = nullptr;  ///< factored last
};

}  // namespace sluice::linear
