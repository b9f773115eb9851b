#include "sluice/pressure/constrain_pressure.hpp"

#include <vector>

#include "sluice/field/boundary/fixed_gradient.hpp"

namespace sluice::pressure {

void constrainPressure(field::VolScalarField& p, const field::VolVectorField& U,
                       const field::SurfaceScalarField& phiHbyA, const field::SurfaceScalarField& rAUf,
                       const field::SurfaceScalarField* rhof) {
  const field::FvMesh& mesh = p.mesh();
  const auto& geo = mesh.geometry();
  for (Label patch = 0; patch < mesh.nPatches(); ++patch) {
    auto* ffp = dynamic_cast<field::FixedFluxPressureBC*>(p.boundaryCondition(patch));
    if (!ffp) continue;
    const mesh::Patch& pp = mesh.patches()[patch];
    const auto Ub = U.patchValues(patch);
    std::vector<Scalar> gradient(pp.size);
    for (Label i = 0; i < pp.size; ++i) {
      const Label f = pp.start + i;
      const Scalar rho = rhof ? (*rhof)[f] : 1.0;
      gradient[i] = (phiHbyA[f] - rho * dot(geo.faceAreas[f], Ub[i])) / (geo.faceAreaMag(f) * rAUf[f]);
    }
    ffp->setGradient(gradient);
  }
}

}  // namespace sluice::pressure
