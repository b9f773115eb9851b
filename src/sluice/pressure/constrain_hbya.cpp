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
  field::VolScalarField r = rAU(UEqn, rAUName);
  field::VolVectorField h = HbyA(UEqn, U, r);
  return {std::move(r), std::move(h)};
}

field::VolScalarField rAU(const fv::FvMatrix<Vec3>& UEqn, const std::string& rAUName) {
  field::VolScalarField r = UEqn.A();
  field::applyToValues(r, [](Scalar a) { return 1 / a; });
  r.rename(rAUName);
  return r;
}

field::VolVectorField HbyA(const fv::FvMatrix<Vec3>& UEqn, const field::VolVectorField& U,
                           const field::VolScalarField& rAU) {
  field::VolVectorField h = UEqn.H();
  field::combineWith(h, rAU, [](const Vec3& v, Scalar r) { return v * r; });
  constrainHbyA(h, U);
  return h;
}

}  // namespace sluice::pressure
