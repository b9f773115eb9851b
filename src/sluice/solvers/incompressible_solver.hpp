#pragma once
// Laminar incompressible Navier-Stokes: OpenFOAM's icoFoam (PISO) and
// pimpleFoam with simulationType laminar (PIMPLE), on any number of ranks.
//
// Stages of a time step, each a method:
//   courantNumber -> adjust and advance time -> [outer loop (PIMPLE)]
//     assembleMomentum (ddt + div(phi,U) - laplacian(nu,U), relaxed)
//     predictMomentum (optional: solve UEqn == -grad p)
//     correctPressure x nCorrectors (rAU, HbyA, phiHbyA with the ddt
//       correction, pressure equation with non-orthogonal correctors,
//       flux and velocity correction, continuity errors)
//   checkFinite -> write (VTK) -> function objects -> progress
//
//   IncompressibleSolver solver(context, PressureVelocityCoupling::Piso);
//   return solver.run();      // collective over context.comm
#include <memory>
#include <optional>
#include <string>

#include "sluice/field/boundary_condition.hpp"
#include "sluice/field/surface_field.hpp"
#include "sluice/field/vol_field.hpp"
#include "sluice/fv/fv_matrix.hpp"
#include "sluice/fv/fv_schemes.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/output/function_objects.hpp"
#include "sluice/output/sampling_mesh.hpp"
#include "sluice/output/vtk_writer.hpp"
#include "sluice/solvers/equation_solvers.hpp"
#include "sluice/solvers/pressure_reference.hpp"
#include "sluice/solvers/progress_display.hpp"
#include "sluice/solvers/solver.hpp"
#include "sluice/solvers/time_control.hpp"

namespace sluice::solvers {

enum class PressureVelocityCoupling { Piso, Pimple };

/// Settings of the PISO or PIMPLE dictionary of fvSolution.
struct CouplingSettings {
  int nOuterCorrectors = 1;
  int nCorrectors = 1;
  int nNonOrthogonalCorrectors = 0;
  bool momentumPredictor = true;
  Scalar pressureRelaxation = 1;        ///< relaxationFactors fields p (non-final outer iterations)
  Scalar momentumRelaxation = 1;        ///< relaxationFactors equations U (non-final outer iterations)
  Scalar momentumRelaxationFinal = 1;   ///< equations UFinal
};

class IncompressibleSolver : public Solver {
 public:
  IncompressibleSolver(RunContext& context, PressureVelocityCoupling coupling);
  ~IncompressibleSolver() override;

  int run() override;

  const field::VolVectorField& U() const { return U_; }
  const field::VolScalarField& p() const { return p_; }
  const field::SurfaceScalarField& phi() const { return phi_; }
  const TimeControl& time() const { return time_; }

 private:
  // ---- stages
  void advanceTime();
  void solveMomentumAndPressure(bool finalOuter, int outer);
  fv::FvMatrix<Vec3> assembleMomentum(bool finalOuter);
  void predictMomentum(fv::FvMatrix<Vec3>& UEqn);
  void correctPressure(const fv::FvMatrix<Vec3>& UEqn, bool finalOuter, bool finalCorrector);
  void checkFinite();
  void write();
  void runFunctionObjects();
  void reportStep();

  RunContext& ctx_;
  PressureVelocityCoupling coupling_;
  io::Dictionary fvSchemesDict_, fvSolutionDict_;
  fv::FvSchemes schemes_;
  /// The schemes of the terms this solver uses, looked up once at start so a
  /// missing entry is reported before the first step.
  struct Terms {
    fv::DdtScheme ddtU;
    fv::LaplacianScheme laplacianU, laplacianP;
    fv::GradScheme gradP;
  } terms_;
  CouplingSettings settings_;
  Scalar nu_ = 0;
  TimeControl time_;
  field::VolScalarField p_;
  field::VolVectorField U_;
  field::SurfaceScalarField phi_;
  field::SurfaceScalarField phiOld_;
  field::SurfaceScalarField phiOldOld_;     ///< two steps back (backward ddt's ddtCorr)
  PressureReference pRef_;
  EquationSolvers solvers_;
  output::VtkWriter vtk_;
  std::unique_ptr<output::SamplingMesh> samplingMesh_;  ///< built only when a function object samples
  std::unique_ptr<output::FunctionObjects> functions_;
  ProgressDisplay progress_;
  field::BoundaryContext boundaryContext_;  ///< gives inletOutlet the flux phi
  bool finalU_ = false;                     ///< solving with UFinal (last PIMPLE outer iteration)
  Scalar cumulativeContinuityError_ = 0;
  Scalar lastCourant_ = 0;
  Scalar lastWrittenTime_ = -1;
};

/// Reads the PISO (icoFoam) or PIMPLE (pimpleFoam) dictionary of fvSolution.
CouplingSettings readCouplingSettings(const io::Dictionary& fvSolution, PressureVelocityCoupling coupling);

}  // namespace sluice::solvers
