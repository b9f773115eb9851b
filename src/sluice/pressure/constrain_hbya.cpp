#include "sluice/pressure/constrain_hbya.hpp"

#include <algorithm>

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

}  // namespace sluice::pressure
