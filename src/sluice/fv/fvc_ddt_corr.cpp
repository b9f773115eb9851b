#include "sluice/fv/fvc_ddt_corr.hpp"

#include <algorithm>
#include <cmath>

#include "sluice/core/error.hpp"
#include "sluice/fv/face_loops.hpp"
#include "sluice/fv/fvc_interpolate.hpp"
#include "sluice/fv/value_ops.hpp"
#include "sluice/parallel/comm_profile.hpp"

namespace sluice::fv::fvc {

namespace {

/// Boundary face values of U's conditions evaluated on other cell values.
std::vector<Vec3> boundaryValuesOf(const field::VolVectorField& U, std::span<const Vec3> cells) {
  const field::FvMesh& mesh = U.mesh();
  std::vector<Vec3> b(U.boundaryValues().begin(), U.boundaryValues().end());
  forEachRegularPatch(mesh, [&](Label patch, Label start, Label size) {
    conditionOf(U, patch).evaluate(mesh, cells,
                                   std::span<Vec3>(b.data() + (start - mesh.nInternalFaces()), size));
  });
  return b;
}

/// Sf . interpolate(cells) per face (zero on empty faces).
std::vector<Scalar> fluxOf(const field::VolVectorField& U, std::span<const Vec3> cells) {
  return linearFlux(U.mesh(), cells, boundaryValuesOf(U, cells));
}

/// k per face into `k` (see the header), from phiOld and flux0 = fluxOf(U, U0);
/// faces of patches whose U condition fixes the value are left as they are.
void couplingCoeffInto(const field::VolVectorField& U, std::span<const Scalar> phiOld,
                       std::span<const Scalar> flux0, std::span<Scalar> k) {
  const field::FvMesh& mesh = U.mesh();
  auto coefficient = [&](Label f) {
    return 1 - std::min(std::abs(phiOld[f] - flux0[f]) / (std::abs(phiOld[f]) + kSmall), 1.0);
  };
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) k[f] = coefficient(f);
  forEachBoundaryFace(mesh, [&](Label f, BoundaryFaceKind kind, Label patch) {
    if (kind == BoundaryFaceKind::Regular && conditionOf(U, patch).fixesValue()) return;
    k[f] = coefficient(f);
  });
}

std::span<const Vec3> oldValues(const field::VolVectorField& U) {
  return U.nOldTimes() >= 1 ? U.oldTime() : std::span<const Vec3>(U.values());
}

std::span<const Scalar> oldValues(const field::SurfaceScalarField& phi) {
  return phi.nOldTimes() >= 1 ? phi.oldTime() : std::span<const Scalar>(phi.values());
}

}  // namespace

// One flux of U0 serves k and the Euler correction, and k is built in the
// result's storage: one face array besides the result, none of vectors.
field::SurfaceScalarField ddtCorr(const field::VolVectorField& U, const field::SurfaceScalarField& phi,
                                  const DdtScheme& scheme, const TimeStep& time) {
  const parallel::ScopedPhase phase(U.mesh().comm().profile(), parallel::Phase::GradientsFluxes);
  const field::FvMesh& mesh = U.mesh();
  field::SurfaceScalarField result("ddtCorr(" + U.name() + "," + phi.name() + ")", mesh,
                                   dimsProduct(phi.dimensions(), dimsTime(-1)));
  if (scheme.kind == DdtKind::steadyState) return result;
  const std::span<const Vec3> U0 = oldValues(U);
  const std::span<const Scalar> phi0 = oldValues(phi);
  std::vector<Scalar> flux = fluxOf(U, U0);
  std::vector<Scalar>& k = result.values();  // zero where couplingCoeffInto leaves it
  couplingCoeffInto(U, phi0, flux, k);
  if (scheme.kind == DdtKind::backward) {
    U.keepOldOldTime();
    phi.keepOldOldTime();
  }
  const BackwardCoeffs b = scheme.kind == DdtKind::backward ? backwardCoeffs(time, U.nOldTimes()) : BackwardCoeffs{};
  const Scalar rDeltaT = 1.0 / time.deltaT;
  if (b.c00 == 0) {
    for (Label f = 0; f < mesh.nFaces(); ++f) k[f] = k[f] * rDeltaT * (phi0[f] - flux[f]);
    return result;
  }
  const std::span<const Vec3> U00 = U.oldOldTime();
  const std::span<const Scalar> phi00 = phi.oldOldTime();
  {
    std::vector<Vec3> combined(U0.size());
    for (std::size_t c = 0; c < combined.size(); ++c) combined[c] = b.c0 * U0[c] - b.c00 * U00[c];
    flux = fluxOf(U, combined);
  }
  for (Label f = 0; f < mesh.nFaces(); ++f)
    k[f] = k[f] * rDeltaT * ((b.c0 * phi0[f] - b.c00 * phi00[f]) - flux[f]);
  return result;
}

}  // namespace sluice::fv::fvc
