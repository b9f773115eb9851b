// IncompressibleVoF's volume-fraction stage (OpenFOAM v1912's
// alphaControls.H, alphaEqnSubCycle.H and alphaEqn.H for interFoam: Euler
// time stepping, no sources).
#include <fmt/format.h>

#include "sluice/field/value_wise.hpp"
#include "sluice/fv/face_loops.hpp"
#include "sluice/fv/fvc.hpp"
#include "sluice/fv/fvc_flux.hpp"
#include "sluice/fv/fvm.hpp"
#include "sluice/solvers/incompressible_vof/incompressible_vof.hpp"
#include "sluice/vof/mules.hpp"

namespace sluice::solvers {

using field::SurfaceScalarField;
using field::VolScalarField;
using field::VolVectorField;

void IncompressibleVoF::prePredictor() {
  const field::FvMesh& mesh = ctx_.mesh;
  const int nSub = alphaControls_.nAlphaSubCycles;
  const Scalar deltaT = time_.deltaT();
  const VolScalarField& alpha = fields().get<VolScalarField>(alphaName_);
  std::vector<Scalar> alpha0(alpha.oldTime().begin(), alpha.oldTime().begin() + mesh.nCells());
  if (nSub == 1) {
    solveAlpha(deltaT, alpha0);
  } else {
    // Sub-steps of deltaT/n, each starting from the last; the mass flux of
    // the step is the time average of the sub-steps' fluxes.
    const Scalar subDeltaT = deltaT / nSub;
    std::vector<Scalar> rhoPhiSum(mesh.nFaces(), 0.0);
    for (int i = 0; i < nSub; ++i) {
      if (i > 0) alpha0.assign(alpha.values().begin(), alpha.values().begin() + mesh.nCells());
      solveAlpha(subDeltaT, alpha0);
      const SurfaceScalarField& rhoPhi = fields().get<SurfaceScalarField>("rhoPhi");
      for (Label f = 0; f < mesh.nFaces(); ++f) rhoPhiSum[f] += (subDeltaT / deltaT) * rhoPhi[f];
    }
    fields().modify<SurfaceScalarField>("rhoPhi").values() = std::move(rhoPhiSum);
  }
  updateDensity();
  correctMixture();
}

void IncompressibleVoF::solveAlpha(Scalar deltaT, std::span<const Scalar> alpha0) {
  const field::FvMesh& mesh = ctx_.mesh;
  const Label nFaces = mesh.nFaces();
  const vof::AlphaControls& controls = alphaControls_;
  const auto magSf = [&geo = mesh.geometry()](Label face) { return geo.faceAreaMag(face); };
  const SurfaceScalarField& phi = fields().get<SurfaceScalarField>("phi");
  VolScalarField& alpha = fields().modify<VolScalarField>(alphaName_);
  SurfaceScalarField& alphaPhi = fields().modify<SurfaceScalarField>("alphaPhi0." + mixture_.phase1().name);

  // Face compression coefficient cAlpha |phi|/|Sf| (optionally blended with
  // cAlpha |U|_f), zero on boundary faces that are not coupled.
  std::vector<Scalar> phic(nFaces, 0.0);
  for (Label f = 0; f < nFaces; ++f) phic[f] = controls.cAlpha * std::abs(phi[f]) / magSf(f);
  if (controls.icAlpha > 0) {
    VolScalarField magU("mag(U)", mesh, io::DimensionSet{{0, 1, -1, 0, 0, 0, 0}});
    field::combineWith(magU, fields().get<VolVectorField>("U"), [](Scalar, const Vec3& u) { return mag(u); });
    const SurfaceScalarField magUf = fv::fvc::interpolate(magU);
    for (Label f = 0; f < nFaces; ++f)
      phic[f] = (1 - controls.icAlpha) * phic[f] + controls.cAlpha * controls.icAlpha * magUf[f];
  }
  fv::forEachRegularPatch(mesh, [&](Label, Label start, Label size) {
    std::fill(phic.begin() + start, phic.begin() + start + size, 0.0);
  });

  if (controls.mulesCorr) {
    // Implicit upwind predictor: (alpha - alpha0)/dt + div(phi, alpha)_upwind = 0.
    fv::FvMatrix<Scalar> alphaEqn(alpha);
    {
      const auto volumes = mesh.cellVolumes();
      for (Label c = 0; c < mesh.nCells(); ++c) {
        alphaEqn.ldu().diag()[c] += volumes[c] / deltaT;
        alphaEqn.source()[c] += volumes[c] / deltaT * alpha0[c];
      }
    }
    fv::DivScheme upwind;
    upwind.kind = fv::DivKind::upwind;
    upwind.text = "Gauss upwind";
    alphaEqn += fv::fvm::div(phi, alpha, upwind);
    alphaEqn.solve(alpha, solver(pimple_.finalIteration() ? alphaName_ + "Final" : alphaName_));
    logPhaseFraction();

    const SurfaceScalarField upwindFlux = alphaEqn.flux();
    alphaPhi.values() = upwindFlux.values();
    if (controls.applyPrevCorr && alphaPhiCorr0_) {
      log("Applying the previous iteration compression flux");
      SurfaceScalarField corr0("alphaPhiCorr0", mesh, phi.dimensions());
      corr0.values() = *alphaPhiCorr0_;
      log(fmt::format("MULES: Correcting {}", alphaName_));  // OpenFOAM's MULES lines, for log tools
      vof::mules::correct(alpha, alphaPhi, corr0, deltaT, controls.mules);
      for (Label f = 0; f < nFaces; ++f) alphaPhi[f] += corr0[f];
    }
    alphaPhiCorr0_ = upwindFlux.values();  // cached for alphaApplyPrevCorr
    correctMixture();
  }

  const fv::DivScheme alphaScheme = schemes_.div("div(phi,alpha)");
  const fv::DivScheme compressionScheme = schemes_.div("div(phirb,alpha)");
  for (int aCorr = 0; aCorr < controls.nAlphaCorr; ++aCorr) {
    // The compression flux phir = phic nHatf, applied as
    // flux(-flux(-phir, alpha2), alpha1): transport only where 0 < alpha < 1.
    const std::vector<Scalar>& nHatf = interface_.nHatf();
    SurfaceScalarField minusPhir("-phir", mesh, phi.dimensions());
    for (Label f = 0; f < nFaces; ++f) minusPhir[f] = -phic[f] * nHatf[f];
    VolScalarField alpha2("alpha." + mixture_.phase2().name, mesh, io::DimensionSet{});
    field::combineWith(alpha2, alpha, [](Scalar, Scalar a) { return 1 - a; });
    SurfaceScalarField phirb = fv::fvc::flux(minusPhir, alpha2, compressionScheme);
    for (Scalar& v : phirb.values()) v = -v;
    phirb.rename("phirb");

    SurfaceScalarField alphaPhiUn = fv::fvc::flux(phi, alpha, alphaScheme);
    const SurfaceScalarField compression = fv::fvc::flux(phirb, alpha, compressionScheme);
    for (Label f = 0; f < nFaces; ++f) alphaPhiUn[f] += compression[f];

    if (controls.mulesCorr) {
      SurfaceScalarField corr("alphaPhiCorr", mesh, phi.dimensions());
      for (Label f = 0; f < nFaces; ++f) corr[f] = alphaPhiUn[f] - alphaPhi[f];
      const std::vector<Scalar> alpha10 = alpha.values();
      const std::vector<Scalar> alpha10b(alpha.boundaryValues().begin(), alpha.boundaryValues().end());
      log(fmt::format("MULES: Correcting {}", alphaName_));
      vof::mules::correct(alpha, alphaPhiUn, corr, deltaT, controls.mules);
      if (aCorr == 0) {
        for (Label f = 0; f < nFaces; ++f) alphaPhi[f] += corr[f];
      } else {
        // Later corrections are under-relaxed by half.
        for (std::size_t i = 0; i < alpha10.size(); ++i) alpha.values()[i] = 0.5 * alpha.values()[i] + 0.5 * alpha10[i];
        auto b = alpha.boundaryValues();
        for (std::size_t i = 0; i < b.size(); ++i) b[i] = 0.5 * b[i] + 0.5 * alpha10b[i];
        for (Label f = 0; f < nFaces; ++f) alphaPhi[f] += 0.5 * corr[f];
      }
    } else {
      alphaPhi.values() = alphaPhiUn.values();
      log(fmt::format("MULES: Solving for {}", alphaName_));
      vof::mules::explicitSolve(alpha, alpha0, phi, alphaPhi, deltaT, controls.mules);
    }
    correctMixture();
  }

  if (controls.applyPrevCorr && controls.mulesCorr) {
    for (Label f = 0; f < nFaces; ++f) (*alphaPhiCorr0_)[f] = alphaPhi[f] - (*alphaPhiCorr0_)[f];
  } else {
    alphaPhiCorr0_.reset();
  }

  // The mass flux of the step: rho1 alphaPhi + rho2 (phi - alphaPhi).
  SurfaceScalarField& rhoPhi = fields().modify<SurfaceScalarField>("rhoPhi");
  const Scalar rho1 = mixture_.phase1().rho, rho2 = mixture_.phase2().rho;
  for (Label f = 0; f < nFaces; ++f) rhoPhi[f] = alphaPhi[f] * (rho1 - rho2) + phi[f] * rho2;
  logPhaseFraction();
}

}  // namespace sluice::solvers
