#include "sluice/pressure/constrain_hbya.hpp"

#include <algorithm>

#include "sluice/field/value_wise.hpp"

namespace sluice::pressure {

void constrainHbyA(field::VolVectorField& HbyA, const field::VolVectorField& U) {
  HbyA.rename("HbyA");
  const field::FvMesh& mesh = U.mesh();
  for (Label patch = 0; patch < mesh.nPatches(); ++patch) {
    const field::BoundaryCondition<Vec3>* bc = U.boundaryCondition(patch);
    if (!bc || bc->assignable() || bc->isEmpty()) continue;  // coupled, assignable or empty
    const auto source = U.patchValues(patch);
    std::copy(source.begin(), source.end(), HbyA.patchValues(patch).begin());
  }
}

MomentumInverse momentumInverse(const fv::FvMatrix<Vec3>& UEqn, const field::VolVectorField& U,
                                const std::string& rAUName) {
  MomentumInverse m{UEqn.A(), UEqn.H()};
  field::applyToValues(m.rAU, [](Scalar a) { return 1 / a; });
  m.rAU.rename(rAUName);
  field::combineWith(m.HbyA, m.rAU, [](const Vec3& h, Scalar r) { return h * r; });
  constrainHbyA(m.HbyA, U);
  return m;
}

}  // namespace sluice::pressure
