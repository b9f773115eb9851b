// IncompressibleFluid's pressure correctors (OpenFOAM's pEqn.H of icoFoam
// and pimpleFoam), built from the pressure tools.
#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "sluice/field/value_wise.hpp"
#include "sluice/fv/face_loops.hpp"
#include "sluice/fv/flow_diagnostics.hpp"
#include "sluice/fv/fvc.hpp"
#include "sluice/fv/fvc_interpolate.hpp"
#include "sluice/fv/fvm.hpp"
#include "sluice/pressure/adjust_phi.hpp"
#include "sluice/pressure/constrain_hbya.hpp"
#include "sluice/pressure/constrain_pressure.hpp"
#include "sluice/solvers/incompressible/incompressible_fluid.hpp"

namespace sluice::solvers {

namespace {

// Storage lent by one field to another for a while: given back to `home` on
// scope exit if it has not been already.
struct LentValues {
  std::vector<Scalar>& home;
  std::vector<Scalar>& borrower;
  LentValues(std::vector<Scalar>& homeValues, std::vector<Scalar>& borrowerValues)
      : home(homeValues), borrower(borrowerValues) {}
  LentValues(const LentValues&) = delete;
  LentValues& operator=(const LentValues&) = delete;
  ~LentValues() {
    if (home.empty() && !borrower.empty()) home = std::move(borrower);
  }
};

}  // namespace

using field::SurfaceScalarField;
using field::VolScalarField;
using field::VolVectorField;
using field::combineWith;

void IncompressibleFluid::pressureCorrector() {
  for (int corrector = 0; corrector < pimple_.settings().nCorrectors; ++corrector) correctPressure(corrector);
  // As OpenFOAM's tUEqn at the end of an outer iteration: the momentum matrix
  // is not held through writes, function objects and the next assembly.
  UEqn_.reset();
}

void IncompressibleFluid::correctPressure(int corrector) {
  const field::FvMesh& mesh = ctx_.mesh;
  const PimpleSettings& settings = pimple_.settings();
  const fv::FvMatrix<Vec3>& UEqn = *UEqn_;
  const Scalar t = time_.value();
  const VolVectorField& U = fields().get<VolVectorField>("U");

  // rAU = 1/A; HbyA = rAU H, constrained to U on patches where U is not assignable.
  pressure::MomentumInverse inverse = pressure::momentumInverse(UEqn, U, "(1|A(U))");
  const VolScalarField& rAU = inverse.rAU;
  std::optional<VolVectorField> HbyA(std::move(inverse.HbyA));

  // phiHbyA = flux(HbyA) + interpolate(rAU) ddtCorr(U, phi), built in phi's
  // own storage where nothing reads phi's values before phi is made from
  // phiHbyA at the end of the corrector (a face array less at the pressure
  // solve's peak): ddtCorr reads only phi's old times, but inletOutlet,
  // totalPressure and pressureInletOutletVelocity read phi itself when they
  // update, so with any of them phiHbyA has storage of its own.
  SurfaceScalarField& phi = fields().modify<SurfaceScalarField>("phi");
  const bool lendPhi = phi.nOldTimes() >= 1 && !fields().conditionsRead(phi.name());
  const io::DimensionSet fluxDims = fv::dimsProduct(HbyA->dimensions(), fv::dimsLength(2));
  SurfaceScalarField phiHbyA = lendPhi ? SurfaceScalarField("phiHbyA", mesh, fluxDims, std::move(phi.values()))
                                       : SurfaceScalarField("phiHbyA", mesh, fluxDims);
  // phi gets its storage back however this function ends (on an exception
  // holding phiHbyA's values; a run stopped by one writes no fields).
  const LentValues lent{phi.values(), phiHbyA.values()};
  fv::linearFlux(mesh, HbyA->values(), HbyA->boundaryValues(), phiHbyA.values());
  {
    // interpolate(rAU) face by face, as fvc::interpolate computes it, not
    // stored beside ddtCorr's flux and result (a face array less at the peak).
    const SurfaceScalarField ddtCorr =
        fv::fvc::ddtCorr(U, fields().get<SurfaceScalarField>("phi"), schemes_.ddt("ddt(U)"), timeStep());
    const fv::LinearFaceValues<Scalar> rAUf(mesh, rAU.values(), rAU.boundaryValues());
    for (Label f = 0; f < mesh.nFaces(); ++f) phiHbyA[f] += rAUf.at(f) * ddtCorr[f];
  }
  if (pRef_.needed()) pressure::adjustPhi(phiHbyA, U);

  // SIMPLEC (consistent): rAtU = 1/max(A - H1, 0.1 A), with the flux and HbyA
  // taking the difference to rAU times the pressure gradient.
  // Without SIMPLEC rAtU is rAU itself (no copy: 8 B/cell through the pressure solve).
  std::optional<VolScalarField> consistentRAtU;
  const VolScalarField& p0 = fields().get<VolScalarField>("p");
  if (settings.consistent) {
    VolScalarField& rAtUc = consistentRAtU.emplace(rAU);
    combineWith(rAtUc, UEqn.H1(), [](Scalar rA, Scalar H1) { return 1 / std::max(1 / rA - H1, 0.1 / rA); });
    rAtUc.rename("(1|max(((1|(1|A(U)))-H(1)),(0.1|(1|A(U)))))");
    VolScalarField difference = rAtUc;
    combineWith(difference, rAU, [](Scalar rAt, Scalar rA) { return rAt - rA; });
    const SurfaceScalarField differencef = fv::fvc::interpolate(difference);
    const SurfaceScalarField snGradP = fv::fvc::snGrad(p0, schemes_);
    const auto magSf = [&geo = mesh.geometry()](Label face) { return geo.faceAreaMag(face); };
    for (Label f = 0; f < mesh.nFaces(); ++f) phiHbyA[f] += differencef[f] * snGradP[f] * magSf(f);
    // HbyA -= (rAU - rAtU) grad(p), in cells (its boundary values are not used again).
    const VolVectorField gradP = fv::fvc::grad(p0, schemes_);
    for (Label c = 0; c < mesh.nLocalCells(); ++c) (*HbyA)[c] += difference[c] * gradP[c];
  }
  const VolScalarField& rAtU = consistentRAtU ? *consistentRAtU : rAU;

  VolScalarField& p = fields().modify<VolScalarField>("p");
  pressure::constrainPressure(p, U, phiHbyA, fv::fvc::interpolate(rAtU));
  // Without SIMPLEC, HbyA is next needed for U's correction, after the
  // pressure solve: made again there from the same UEqn and U (the same
  // bits), it is not held through the solve (a vector field less at the
  // memory peak; one H() more per corrector).
  if (!settings.consistent) HbyA.reset();

  const int nNonOrth = settings.nNonOrthogonalCorrectors;
  for (int nonOrth = 0; nonOrth <= nNonOrth; ++nonOrth) {
    p.updateCoeffs();  // totalPressure takes the current U and phi, as OpenFOAM's fvMatrix does
    fv::FvMatrix<Scalar> pEqn = fv::fvm::laplacian(rAtU, p, schemes_) == fv::fvc::div(phiHbyA);
    if (pRef_.needed()) pEqn.setReference(pRef_.localCell(), pRef_.value());
    pEqn.solve(p, solver(pimple_.pressureSolver(corrector, nonOrth)));
    if (nonOrth == nNonOrth) {
      // phi = phiHbyA - pEqn.flux(), face by face, in phiHbyA's storage when it is phi's own.
      if (lendPhi)
        phi.values() = std::move(phiHbyA.values());
      else
        phi.values() = phiHbyA.values();
      pEqn.subtractFluxFrom(phi.values());
    }
  }

  const fv::ContinuityErrors err = fv::continuityErrors(phi, time_.deltaT());
  cumulativeContinuityError_ += err.global;
  log(fmt::format("time step continuity errors : sum local = {:.6g}, global = {:.6g}, cumulative = {:.6g}",
                  err.sumLocal, err.global, cumulativeContinuityError_));

  // Explicit relaxation of p for the momentum corrector (pimpleFoam), then U = HbyA - rAtU grad(p).
  relaxField("p");
  if (!HbyA) HbyA.emplace(pressure::HbyA(UEqn, U, rAU));
  const VolVectorField gradP = fv::fvc::grad(fields().get<VolScalarField>("p"), schemes_);
  VolVectorField& Uw = fields().modify<VolVectorField>("U");
  for (Label c = 0; c < mesh.nCells(); ++c) Uw[c] = (*HbyA)[c] - rAtU[c] * gradP[c];
  Uw.correctBoundaryConditions();
  fvOptions_.correct(Uw, t);
}

}  // namespace sluice::solvers
