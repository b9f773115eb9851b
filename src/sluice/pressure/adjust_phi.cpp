#include "sluice/pressure/adjust_phi.hpp"

#include <array>
#include <cmath>

#include <fmt/format.h>

#include "sluice/field/boundary/mixed.hpp"
#include "sluice/parallel/parallel_error.hpp"

namespace sluice::pressure {

namespace {

constexpr Scalar kSmall = 1e-15;   // OpenFOAM's SMALL
constexpr Scalar kVSmall = 1e-300;  // VSMALL

/// inletOutlet counts as adjustable although it fixes the value on inflow.
bool adjustable(const field::BoundaryCondition<Vec3>& bc) {
  return !bc.fixesValue() || dynamic_cast<const field::InletOutletBC<Vec3>*>(&bc) != nullptr;
}

}  // namespace

void adjustPhi(field::SurfaceScalarField& phi, const field::VolVectorField& U) {
  const field::FvMesh& mesh = U.mesh();
  // massIn, fixedMassOut, adjustableMassOut, and the total |flux| over
  // internal faces (for normalisation), reduced together.
  std::array<Scalar, 4> sums{0, 0, 0, 0};
  for (Label patch = 0; patch < mesh.nPatches(); ++patch) {
    const field::BoundaryCondition<Vec3>* bc = U.boundaryCondition(patch);
    if (!bc || bc->isEmpty()) continue;  // coupled or empty
    Scalar& out = adjustable(*bc) ? sums[2] : sums[1];
    for (const Scalar f : phi.patchValues(patch)) {
      if (f < 0)
        sums[0] -= f;
      else
        out += f;
    }
  }
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) sums[3] += std::abs(phi[f]);
  mesh.comm().sumInPlace(std::span<Scalar>(sums));
  const auto [massIn, fixedMassOut, adjustableMassOut, internalFlux] = sums;
  const Scalar totalFlux = kVSmall + internalFlux;

  if (std::abs(adjustableMassOut) > kVSmall && std::abs(adjustableMassOut) / totalFlux > kSmall) {
    const Scalar massCorr = (massIn - fixedMassOut) / adjustableMassOut;
    for (Label patch = 0; patch < mesh.nPatches(); ++patch) {
      const field::BoundaryCondition<Vec3>* bc = U.boundaryCondition(patch);
      if (!bc || bc->isEmpty() || !adjustable(*bc)) continue;
      for (Scalar& f : phi.patchValues(patch))
        if (f > 0) f *= massCorr;
    }
  } else if (std::abs(massIn - fixedMassOut) / totalFlux > 1e-8) {
    throw parallel::CollectiveError(fmt::format(
        "the continuity error cannot be removed by adjusting the outflow: the pressure has no fixed value and no "
        "velocity patch lets the flow out freely (total flux {:.6g}, specified inflow {:.6g}, specified outflow "
        "{:.6g}, adjustable outflow {:.6g}); check the velocity boundary conditions",
        totalFlux, massIn, fixedMassOut, adjustableMassOut));
  }
}

}  // namespace sluice::pressure
