// IncompressibleFluid's momentum predictor (OpenFOAM's UEqn.H of icoFoam and pimpleFoam).
#include "sluice/fv/fvc.hpp"
#include "sluice/fv/fvm.hpp"
#include "sluice/solvers/incompressible/incompressible_fluid.hpp"

namespace sluice::solvers {

using field::SurfaceScalarField;
using field::VolScalarField;
using field::VolVectorField;

void IncompressibleFluid::momentumPredictor() {
  const Scalar t = time_.value();
  fields().modify<VolVectorField>("U").updateCoeffs();  // conditions take the current flux, as OpenFOAM's fvMatrix does
  const VolVectorField& U = fields().get<VolVectorField>("U");
  const SurfaceScalarField& phi = fields().get<SurfaceScalarField>("phi");

  fv::FvMatrix<Vec3> UEqn = fv::fvm::ddt(U, schemes_, timeStep()) + fv::fvm::div(phi, U, schemes_);
  if (application_ == Application::icoFoam) {
    UEqn -= fv::fvm::laplacian(nu_, "nu", U, schemes_);
  } else {
    // ddt + div + divDevReff == fvOptions(U), relaxed, then constrained.
    UEqn += transport_->divDevReff(U, schemes_);
    UEqn -= fvOptions_.source(U, t);
    if (const std::optional<Scalar> alpha = pimple_.equationRelaxation("U")) UEqn.relax(*alpha);
    fvOptions_.constrain(UEqn, t);
  }

  if (pimple_.settings().momentumPredictor) {
    VolVectorField minusGradP = fv::fvc::grad(fields().get<VolScalarField>("p"), schemes_);
    for (Vec3& g : minusGradP.internal()) g = -g;  // negated in place: no second cell array
    VolVectorField& Uw = fields().modify<VolVectorField>("U");
    const std::string entry = pimple_.momentumSolver();
    // UEqn == -grad(p), UEqn kept as it is; the gradient's cells are given
    // to the solve, which frees them once the components' sources hold them.
    UEqn.solve(Uw, solver(entry), std::move(minusGradP.values()), componentsSolver(entry));
    fvOptions_.correct(Uw, t);
  }
  UEqn_ = std::move(UEqn);
}

}  // namespace sluice::solvers
