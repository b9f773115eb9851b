// IncompressibleVoF's momentum predictor (OpenFOAM v1912 interFoam's UEqn.H).
#include "sluice/fv/fvc.hpp"
#include "sluice/fv/fvm.hpp"
#include "sluice/models/laminar_transport.hpp"
#include "sluice/solvers/incompressible_vof/incompressible_vof.hpp"

namespace sluice::solvers {

using field::SurfaceScalarField;
using field::VolScalarField;
using field::VolVectorField;

void IncompressibleVoF::momentumPredictor() {
  fields().modify<VolVectorField>("U").updateCoeffs();  // conditions take the current flux
  const VolVectorField& U = fields().get<VolVectorField>("U");
  const VolScalarField& rho = fields().get<VolScalarField>("rho");
  const SurfaceScalarField& rhoPhi = fields().get<SurfaceScalarField>("rhoPhi");

  // ddt(rho, U) + div(rhoPhi, U) + div(rho nuEff dev2(T(grad U))) + laplacian(rho nuEff, U), relaxed.
  fv::FvMatrix<Vec3> UEqn = fv::fvm::ddt(rho, U, schemes_.ddt("ddt(rho,U)"), timeStep());
  UEqn += fv::fvm::div(rhoPhi, U, schemes_);
  UEqn += models::LaminarTransport::divDevRhoReff(rhoNuEff(), U, schemes_);
  if (const std::optional<Scalar> alpha = pimple_.equationRelaxation("U")) UEqn.relax(*alpha);

  if (pimple_.settings().momentumPredictor) {
    // Against the face forces: surface tension, buoyancy and the p_rgh gradient, reconstructed in cells.
    const field::FvMesh& mesh = ctx_.mesh;
    SurfaceScalarField faceForce = interface_.surfaceTensionForce(fields().get<VolScalarField>(alphaName_), schemes_);
    const SurfaceScalarField snGradRho = fv::fvc::snGrad(rho, schemes_);
    const SurfaceScalarField snGradP = fv::fvc::snGrad(fields().get<VolScalarField>("p_rgh"), schemes_);
    const auto magSf = [&geo = mesh.geometry()](Label face) { return geo.faceAreaMag(face); };
    for (Label f = 0; f < mesh.nFaces(); ++f)
      faceForce[f] = (faceForce[f] - ghf_[f] * snGradRho[f] - snGradP[f]) * magSf(f);
    VolVectorField force = fluxReconstruction().reconstruct(faceForce);
    const std::string entry = pimple_.momentumSolver();
    UEqn.solve(fields().modify<VolVectorField>("U"), solver(entry), std::move(force.values()),
               componentsSolver(entry));  // == forces, whose cells the solve frees once its sources hold them
  }
  UEqn_ = std::move(UEqn);
}

}  // namespace sluice::solvers
