// IncompressibleVoF's pressure correctors (OpenFOAM v1912 interFoam's
// pEqn.H) and the start-up flux projection (initCorrectPhi.H).
#include <fmt/format.h>

#include "sluice/field/boundary/fixed_value.hpp"
#include "sluice/field/boundary/zero_gradient.hpp"
#include "sluice/field/value_wise.hpp"
#include "sluice/fv/flow_diagnostics.hpp"
#include "sluice/fv/fvc.hpp"
#include "sluice/fv/fvm.hpp"
#include "sluice/pressure/adjust_phi.hpp"
#include "sluice/pressure/constrain_hbya.hpp"
#include "sluice/pressure/constrain_pressure.hpp"
#include "sluice/solvers/incompressible_vof/incompressible_vof.hpp"

namespace sluice::solvers {

using field::SurfaceScalarField;
using field::VolScalarField;
using field::VolVectorField;
using field::applyToValues;
using field::combineWith;

namespace {

/// The value of a field at an owned cell of one rank (-1 elsewhere), on every rank.
Scalar cellValueOnAllRanks(const VolScalarField& f, Label localCell) {
  return f.mesh().comm().sum(localCell >= 0 ? f[localCell] : 0.0);
}

}  // namespace

// Made once per outer iteration rather than in each of nCorrectors
// correctors as OpenFOAM's pEqn.H does: the same arithmetic on the same
// inputs, so the same bits, without recomputing alpha's and rho's corrected
// surface normal gradients (a gradient each) and three interpolations per
// corrector.
struct IncompressibleVoF::CorrectorTerms {
  VolScalarField rAU;
  SurfaceScalarField rAUf;
  SurfaceScalarField rhorAUf;  ///< interpolate(rho rAU), ddtCorr's factor
  SurfaceScalarField phig;     ///< (surface tension - ghf snGrad(rho)) rAUf |Sf|
};

void IncompressibleVoF::pressureCorrector() {
  const CorrectorTerms terms = correctorTerms();
  for (int corrector = 0; corrector < pimple_.settings().nCorrectors; ++corrector) correctPressure(corrector, terms);
  // As OpenFOAM's tUEqn at the end of an outer iteration: the momentum matrix
  // is not held through writes, function objects and the next assembly.
  UEqn_.reset();
}

IncompressibleVoF::CorrectorTerms IncompressibleVoF::correctorTerms() {
  const field::FvMesh& mesh = ctx_.mesh;
  const Label nFaces = mesh.nFaces();
  const VolScalarField& rho = fields().get<VolScalarField>("rho");
  VolScalarField rAU = pressure::rAU(*UEqn_, "rAU");
  SurfaceScalarField rAUf = fv::fvc::interpolate(rAU);
  rAUf.rename("rAUf");
  VolScalarField rhorAU = rho;
  combineWith(rhorAU, rAU, [](Scalar r, Scalar a) { return r * a; });
  SurfaceScalarField rhorAUf = fv::fvc::interpolate(rhorAU);
  // The flux of the surface tension and buoyancy forces.
  SurfaceScalarField phig = interface_.surfaceTensionForce(fields().get<VolScalarField>(alphaName_), schemes_);
  phig.rename("phig");
  {
    const SurfaceScalarField snGradRho = fv::fvc::snGrad(rho, schemes_);
    const auto& geo = mesh.geometry();
    for (Label f = 0; f < nFaces; ++f) phig[f] = (phig[f] - ghf_[f] * snGradRho[f]) * rAUf[f] * geo.faceAreaMag(f);
  }
  return {std::move(rAU), std::move(rAUf), std::move(rhorAUf), std::move(phig)};
}

void IncompressibleVoF::correctPressure(int corrector, const CorrectorTerms& terms) {
  const field::FvMesh& mesh = ctx_.mesh;
  const Label nFaces = mesh.nFaces();
  const fv::FvMatrix<Vec3>& UEqn = *UEqn_;
  const VolVectorField& U = fields().get<VolVectorField>("U");
  const VolScalarField& rAU = terms.rAU;
  const SurfaceScalarField& rAUf = terms.rAUf;
  const SurfaceScalarField& phig = terms.phig;

  // phiHbyA = flux(HbyA) + interpolate(rho rAU) ddtCorr(U, phi). HbyA is
  // next needed for U's correction, after the pressure solve: made again
  // there from the same UEqn, U and rAU (the same bits), it is not held
  // through the solve (a vector field less at the memory peak).
  SurfaceScalarField phiHbyA = fv::fvc::flux(pressure::HbyA(UEqn, U, rAU));
  phiHbyA.rename("phiHbyA");
  {
    const SurfaceScalarField ddtCorr =
        fv::fvc::ddtCorr(U, fields().get<SurfaceScalarField>("phi"), schemes_.ddt("ddt(U)"), timeStep());
    for (Label f = 0; f < nFaces; ++f) phiHbyA[f] += terms.rhorAUf[f] * ddtCorr[f];
  }
  if (pRef_.needed()) pressure::adjustPhi(phiHbyA, U);
  for (Label f = 0; f < nFaces; ++f) phiHbyA[f] += phig[f];

  VolScalarField& p_rgh = fields().modify<VolScalarField>("p_rgh");
  pressure::constrainPressure(p_rgh, U, phiHbyA, rAUf);

  SurfaceScalarField& phi = fields().modify<SurfaceScalarField>("phi");
  const int nNonOrth = pimple_.settings().nNonOrthogonalCorrectors;
  for (int nonOrth = 0; nonOrth <= nNonOrth; ++nonOrth) {
    p_rgh.updateCoeffs();  // totalPressure takes the current U, phi and rho
    fv::FvMatrix<Scalar> pEqn = fv::fvm::laplacian(rAUf, p_rgh, schemes_) == fv::fvc::div(phiHbyA);
    if (pRef_.needed()) pEqn.setReference(pRef_.localCell(), cellValueOnAllRanks(p_rgh, pRef_.localCell()));
    pEqn.solve(p_rgh, solver(pimple_.pressureSolver(corrector, nonOrth, "p_rgh")));
    if (nonOrth == nNonOrth) {
      const SurfaceScalarField pFlux = pEqn.flux();
      for (Label f = 0; f < nFaces; ++f) phi[f] = phiHbyA[f] - pFlux[f];
      relaxField("p_rgh");
      // U = HbyA + rAU reconstruct((phig - pFlux)/rAUf)
      SurfaceScalarField correction("phigByrAUf", mesh, phi.dimensions());
      for (Label f = 0; f < nFaces; ++f)
        correction[f] = rAUf[f] != 0 ? (phig[f] - pFlux[f]) / rAUf[f] : 0.0;
      const VolVectorField reconstructed = fluxReconstruction().reconstruct(correction);
      const VolVectorField HbyA = pressure::HbyA(UEqn, U, rAU);
      VolVectorField& Uw = fields().modify<VolVectorField>("U");
      for (Label c = 0; c < mesh.nCells(); ++c) Uw[c] = HbyA[c] + rAU[c] * reconstructed[c];
      Uw.correctBoundaryConditions();
    }
  }

  const fv::ContinuityErrors err = fv::continuityErrors(phi, time_.deltaT());
  cumulativeContinuityError_ += err.global;
  log(fmt::format("time step continuity errors : sum local = {:.6g}, global = {:.6g}, cumulative = {:.6g}",
                  err.sumLocal, err.global, cumulativeContinuityError_));
  updatePressure();
}

void IncompressibleVoF::updatePressure() {
  // p = p_rgh + rho gh (cells and boundary values); with a reference level,
  // shifted to pRefValue at the reference cell and p_rgh = p - rho gh.
  VolScalarField rhoGh = fields().get<VolScalarField>("rho");
  combineWith(rhoGh, gh_, [](Scalar rho, Scalar gh) { return rho * gh; });
  VolScalarField& p = fields().modify<VolScalarField>("p");
  combineWith(p, fields().get<VolScalarField>("p_rgh"), [](Scalar, Scalar p_rgh) { return p_rgh; });
  combineWith(p, rhoGh, [](Scalar pv, Scalar rgh) { return pv + rgh; });
  if (!pRef_.needed()) return;
  const Scalar shift = pRef_.value() - cellValueOnAllRanks(p, pRef_.localCell());
  applyToValues(p, [shift](Scalar pv) { return pv + shift; });
  VolScalarField& p_rgh = fields().modify<VolScalarField>("p_rgh");
  combineWith(p_rgh, p, [](Scalar, Scalar pv) { return pv; });
  combineWith(p_rgh, rhoGh, [](Scalar pv, Scalar rgh) { return pv - rgh; });
}

void IncompressibleVoF::correctInitialFlux() {
  // A flux that does not conserve mass (e.g. from a non-solenoidal initial U)
  // is projected: laplacian(1, pcorr) = div(phi), phi -= its flux, with pcorr
  // fixed where p_rgh is fixed and zero-gradient elsewhere.
  const field::FvMesh& mesh = ctx_.mesh;
  const VolScalarField& p_rgh = fields().get<VolScalarField>("p_rgh");
  VolScalarField pcorr("pcorr", mesh, p_rgh.dimensions());
  for (Label p = 0; p < mesh.nPatches(); ++p) {
    if (mesh.patchKind(p) != field::PatchKind::Regular) continue;
    if (p_rgh.boundaryCondition(p)->fixesValue())
      pcorr.setBoundaryCondition(p, std::make_unique<field::FixedValueBC<Scalar>>(
                                        p, std::vector<Scalar>(mesh.patches()[p].size, 0.0)));
    else
      pcorr.setBoundaryCondition(p, std::make_unique<field::ZeroGradientBC<Scalar>>(p));
  }
  pcorr.correctBoundaryConditions();
  const bool needsReference = !mesh.comm().anyTrue(pcorr.fixesValue());
  Label referenceCell = -1;
  if (needsReference) {
    const auto ids = mesh.fileCellIds();
    for (Label c = 0; c < mesh.nCells(); ++c)
      if (ids[c] == 0) referenceCell = c;
  }
  SurfaceScalarField& phi = fields().modify<SurfaceScalarField>("phi");
  if (needsReference) pressure::adjustPhi(phi, fields().get<VolVectorField>("U"));
  const PimpleSettings& s = pimple_.settings();
  for (int nonOrth = 0; nonOrth <= s.nNonOrthogonalCorrectors; ++nonOrth) {
    fv::FvMatrix<Scalar> pcorrEqn = fv::fvm::laplacian(1.0, "rAUf", pcorr, schemes_) == fv::fvc::div(phi);
    if (needsReference) pcorrEqn.setReference(referenceCell, 0.0);
    pcorrEqn.solve(pcorr, solver(pimple_.pressureSolver(s.nCorrectors - 1, nonOrth, "pcorr")));
    if (nonOrth == s.nNonOrthogonalCorrectors) {
      const SurfaceScalarField flux = pcorrEqn.flux();
      for (Label f = 0; f < mesh.nFaces(); ++f) phi[f] -= flux[f];
    }
  }
}

}  // namespace sluice::solvers
