#pragma once
// Two incompressible, isothermal, immiscible phases with a sharp interface
// (volume of fluid), as OpenFOAM v1912's interFoam (OpenFOAM.org's
// incompressibleVoF module), on any number of ranks. The stages of an outer
// iteration each live in a file of their own:
//   alpha_predictor.cpp      the volume fraction: nAlphaSubCycles sub-steps of
//                            the semi-implicit (MULESCorr) or explicit MULES
//                            transport with interface compression (cAlpha), the
//                            mass flux rhoPhi accumulated over the sub-steps,
//                            rho, then the mixture viscosity and the interface
//                            normal and curvature
//   momentum_predictor.cpp   UEqn: ddt(rho,U) + div(rhoPhi,U) + viscous stress of
//                            the mixture, relaxed, optionally solved against
//                            surface tension, buoyancy and -grad p_rgh
//   pressure_corrector.cpp   nCorrectors times: rAU, HbyA, phiHbyA with ddtCorr,
//                            the buoyancy and surface-tension flux phig,
//                            constrainPressure (fixedFluxPressure), the p_rgh
//                            equation, flux, U, then p = p_rgh + rho gh
// Communication per MULES limiter iteration: one neighbour exchange; the
// phase diagnostics (volume, min, max) fused into one reduction per alpha solve.
//
// Inputs (OpenFOAM v1912): constant/transportProperties (two_phase_mixture.hpp),
// constant/g and constant/hRef (gravity.hpp), 0/alpha.<phase1>, 0/p_rgh, 0/U;
// fvSolution "alpha.<phase1>.*" (alpha_controls.hpp), pcorr, p_rgh, p_rghFinal,
// U, PIMPLE; controlDict maxAlphaCo (required, as OpenFOAM).
// Fields in the registry: alpha.<phase1>, U, p_rgh, p (written); phi, rho
// (old times); rhoPhi, alphaPhi0.<phase1>.
//
//   IncompressibleVoF solver(context);                 // collective
//   int status = solver.run();
//   const auto& alpha = solver.fields().get<field::VolScalarField>("alpha.water");
#include <optional>
#include <string>
#include <vector>

#include "sluice/fv/flux_reconstruction.hpp"
#include "sluice/fv/fv_matrix.hpp"
#include "sluice/pressure/pressure_reference.hpp"
#include "sluice/solvers/fluid_solver.hpp"
#include "sluice/vof/alpha_controls.hpp"
#include "sluice/vof/gravity.hpp"
#include "sluice/vof/interface_properties.hpp"
#include "sluice/vof/two_phase_mixture.hpp"

namespace sluice::solvers {

/// Phase-1 volume-fraction diagnostics over all ranks (one reduction).
struct PhaseFractionStats {
  Scalar volumeFraction = 0;  ///< sum(alpha V) / sum(V)
  Scalar phaseVolume = 0;     ///< sum(alpha V)
  Scalar min = 0, max = 0;
};

class IncompressibleVoF : public FluidSolver {
 public:
  explicit IncompressibleVoF(RunContext& context);
  ~IncompressibleVoF() override;

  const std::string& alphaName() const { return alphaName_; }
  /// The diagnostics of the last alpha solve of every time step so far
  /// (recorded without extra communication).
  const std::vector<PhaseFractionStats>& phaseFractionHistory() const { return history_; }

 protected:
  void prePredictor() override;
  void momentumPredictor() override;
  void pressureCorrector() override;
  void postSolve() override { history_.push_back(lastStats_); }
  Scalar deltaTFactor(const fv::CourantNumber& co) override;
  std::vector<std::string> controlledFields() const override { return {"U", "p_rgh"}; }
  /// The compression flux kept for alphaApplyPrevCorr.
  void saveState(SolverState& state) const override {
    if (alphaPhiCorr0_) state.faceFluxes["alphaPhiCorr0"] = *alphaPhiCorr0_;
  }
  void restoreState(const SolverState& state) override {
    if (const auto it = state.faceFluxes.find("alphaPhiCorr0"); it != state.faceFluxes.end()) alphaPhiCorr0_ = it->second;
  }

 private:
  // alpha_predictor.cpp
  /// One transport step of alpha over `deltaT` (OpenFOAM's alphaEqn.H);
  /// leaves the mass flux of the step in rhoPhi.
  void solveAlpha(Scalar deltaT, std::span<const Scalar> alpha0);
  /// OpenFOAM's mixture.correct(): the mixture viscosity from alpha (cells
  /// and boundary values as they are now), then the interface normal and
  /// curvature, whose contact angles change alpha's wall values.
  void correctMixture();
  /// rho = alpha1 rho1 + (1 - alpha1) rho2 on cells and boundary faces.
  void updateDensity();
  /// Phase diagnostics in one reduction: logged, kept as lastStats_.
  void logPhaseFraction();
  PhaseFractionStats phaseFractionStats() const;
  /// The start-up flux projection (OpenFOAM's initCorrectPhi with a static mesh).
  void correctInitialFlux();

  // pressure_corrector.cpp
  /// The terms every pressure corrector of an outer iteration shares: 1/A of
  /// the momentum matrix and the buoyancy and surface tension flux, functions
  /// of UEqn, alpha and rho, which no corrector changes.
  struct CorrectorTerms;
  CorrectorTerms correctorTerms();
  void correctPressure(int corrector, const CorrectorTerms& terms);
  /// p = p_rgh + rho gh, shifted to pRefValue at the reference cell when p_rgh needs a reference.
  void updatePressure();

  /// The mixture's rho nu per cell and boundary face, named "(rho*nuEff)".
  field::VolScalarField rhoNuEff() const;
  /// Cell vectors from face fluxes, its mesh part made at the first call and kept.
  const fv::FluxReconstruction& fluxReconstruction();

  vof::TwoPhaseMixture mixture_;
  std::string alphaName_;
  vof::AlphaControls alphaControls_;
  vof::Gravity gravity_;
  Scalar maxAlphaCo_ = 1;
  vof::InterfaceProperties interface_;
  Scalar totalVolume_ = 0;  ///< sum of cell volumes over all ranks
  field::VolScalarField nu_;  ///< mixture kinematic viscosity, set by correctMixture()
  field::VolScalarField gh_;
  field::SurfaceScalarField ghf_;
  pressure::PressureReference pRef_;
  /// The previous iteration's compression flux (alphaApplyPrevCorr).
  std::optional<std::vector<Scalar>> alphaPhiCorr0_;
  std::optional<fv::FvMatrix<Vec3>> UEqn_;
  std::optional<fv::FluxReconstruction> reconstruction_;
  PhaseFractionStats lastStats_;
  std::vector<PhaseFractionStats> history_;
};

}  // namespace sluice::solvers
