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

/// The coupling coefficient k of a face (see the header) from its old flux
/// and the flux of U0.
Scalar couplingCoeff(Scalar phiOld, Scalar flux0) {
  return 1 - std::min(std::abs(phiOld - flux0) / (std::abs(phiOld) + kSmall), 1.0);
}

/// Calls f(face, flux0, k) for every face: flux0 the flux of U0 (as
/// fluxOf(U, U0), computed face by face, not stored) and k its coupling
/// coefficient, 0 on faces of patches whose U condition fixes the value.
template <class F>
void forEachCoupling(const field::VolVectorField& U, std::span<const Vec3> U0, std::span<const Scalar> phiOld, F&& f) {
  const field::FvMesh& mesh = U.mesh();
  const std::vector<Vec3> boundary0 = boundaryValuesOf(U, U0);
  const LinearFaceValues<Vec3> U0f(mesh, U0, boundary0);
  const auto& Sf = mesh.geometry().faceAreas;
  for (Label face = 0; face < mesh.nInternalFaces(); ++face) {
    const Scalar flux0 = dot(U0f.internal(face), Sf[face]);
    f(face, flux0, couplingCoeff(phiOld[face], flux0));
  }
  forEachBoundaryFace(mesh, [&](Label face, BoundaryFaceKind kind, Label patch) {
    const Scalar flux0 = dot(U0f.at(face), Sf[face]);
    const bool fixed = kind == BoundaryFaceKind::Regular && conditionOf(U, patch).fixesValue();
    f(face, flux0, fixed ? 0.0 : couplingCoeff(phiOld[face], flux0));
  });
}

std::span<const Vec3> oldValues(const field::VolVectorField& U) {
  return U.nOldTimes() >= 1 ? U.oldTime() : std::span<const Vec3>(U.values());
}

std::span<const Scalar> oldValues(const field::SurfaceScalarField& phi) {
  return phi.nOldTimes() >= 1 ? phi.oldTime() : std::span<const Scalar>(phi.values());
}

}  // namespace

// The flux of U0 is taken face by face and serves k and, for Euler, the
// correction at once; k is built in the result's storage: with Euler no face
// array besides the result, with backward one (the flux of c0 U0 - c00 U00).
field::SurfaceScalarField ddtCorr(const field::VolVectorField& U, const field::SurfaceScalarField& phi,
                                  const DdtScheme& scheme, const TimeStep& time) {
  const parallel::ScopedPhase phase(U.mesh().comm().profile(), parallel::Phase::GradientsFluxes);
  const field::FvMesh& mesh = U.mesh();
  field::SurfaceScalarField result("ddtCorr(" + U.name() + "," + phi.name() + ")", mesh,
                                   dimsProduct(phi.dimensions(), dimsTime(-1)));
  if (scheme.kind == DdtKind::steadyState) return result;
  const std::span<const Vec3> U0 = oldValues(U);
  const std::span<const Scalar> phi0 = oldValues(phi);
  const bool backward = scheme.kind == DdtKind::backward;
  if (backward) {
    U.keepOldOldTime();
    phi.keepOldOldTime();
  }
  const BackwardCoeffs b = backward ? backwardCoeffs(time, U.nOldTimes()) : BackwardCoeffs{};
  const Scalar rDeltaT = 1.0 / time.deltaT;
  std::vector<Scalar>& k = result.values();
  if (b.c00 == 0) {
    forEachCoupling(U, U0, phi0, [&](Label f, Scalar flux0, Scalar kf) { k[f] = kf * rDeltaT * (phi0[f] - flux0); });
    return result;
  }
  forEachCoupling(U, U0, phi0, [&](Label f, Scalar, Scalar kf) { k[f] = kf; });
  const std::span<const Vec3> U00 = U.oldOldTime();
  const std::span<const Scalar> phi00 = phi.oldOldTime();
  std::vector<Scalar> flux;
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
