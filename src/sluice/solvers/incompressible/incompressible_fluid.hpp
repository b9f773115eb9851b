#pragma once
// Laminar incompressible Navier-Stokes, as OpenFOAM's icoFoam (PISO) and
// pimpleFoam (PIMPLE, laminar Stokes stress, fvOptions), on any number of
// ranks. The stages of an outer iteration each live in a file of their own:
//   momentum_predictor.cpp   UEqn: ddt + div(phi,U) + viscous stress == fvOptions,
//                            relaxed, constrained, solved against -grad p
//   pressure_corrector.cpp   nCorrectors times: rAU, HbyA (constrainHbyA),
//                            phiHbyA with ddtCorr, adjustPhi, SIMPLEC option,
//                            constrainPressure, p equation with non-orthogonal
//                            correctors, flux, continuity errors, p
//                            relaxation, U correction
//
// Fields in the registry: U (written, old times), p (written), phi (old times).
//
//   IncompressibleFluid solver(context, IncompressibleFluid::Application::pimpleFoam);
//   int status = solver.run();                        // collective over context.comm
//   const auto& U = solver.fields().get<field::VolVectorField>("U");
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sluice/fv/fv_matrix.hpp"
#include "sluice/fv_options/fv_options.hpp"
#include "sluice/models/laminar_transport.hpp"
#include "sluice/pressure/pressure_reference.hpp"
#include "sluice/solvers/fluid_solver.hpp"

namespace sluice::solvers {

class IncompressibleFluid : public FluidSolver {
 public:
  enum class Application {
    icoFoam,    ///< PISO; viscous term laplacian(nu,U); no relaxation, no fvOptions
    pimpleFoam  ///< PIMPLE; laminar Stokes stress; relaxation, residual control, fvOptions, SIMPLEC
  };

  /// Reads the case (collective: fields, pressure reference, fvOptions).
  IncompressibleFluid(RunContext& context, Application application);
  ~IncompressibleFluid() override;

 protected:
  void momentumPredictor() override;
  void pressureCorrector() override;
  std::vector<std::string> controlledFields() const override { return {"U", "p"}; }
  void saveState(SolverState& state) const override { state.values = fvOptions_.state(); }
  void restoreState(const SolverState& state) override { fvOptions_.restoreState(state.values); }

 private:
  /// One PISO corrector (pressure_corrector.cpp).
  void correctPressure(int corrector);

  Application application_;
  Scalar nu_ = 0;
  std::optional<models::LaminarTransport> transport_;  ///< pimpleFoam
  fv_options::FvOptions fvOptions_;                      ///< pimpleFoam
  pressure::PressureReference pRef_;
  std::string pressureLaplacian_;  ///< the laplacian scheme entry of the pressure equation
  /// The momentum equation of the current outer iteration (momentumPredictor
  /// assembles it; the pressure correctors read its A, H and H1).
  std::optional<fv::FvMatrix<Vec3>> UEqn_;
};

}  // namespace sluice::solvers
