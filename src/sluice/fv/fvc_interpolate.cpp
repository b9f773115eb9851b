#include "sluice/fv/fvc_interpolate.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/fv/face_loops.hpp"
#include "sluice/fv/flux_reconstruction.hpp"
#include "sluice/parallel/comm_profile.hpp"

namespace sluice::fv {

template <class T>
std::vector<T> interpolateLinear(const field::FvMesh& mesh, std::span<const T> cells, std::span<const T> boundary) {
  const parallel::ScopedPhase phase(mesh.comm().profile(), parallel::Phase::GradientsFluxes);
  const LinearFaceValues<T> linear(mesh, cells, boundary);
  std::vector<T> faces(mesh.nFaces(), T{});
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) faces[f] = linear.internal(f);
  forEachBoundaryFace(mesh, [&](Label f, BoundaryFaceKind, Label) { faces[f] = linear.at(f); });
  return faces;
}

template std::vector<Scalar> interpolateLinear(const field::FvMesh&, std::span<const Scalar>, std::span<const Scalar>);
template std::vector<Vec3> interpolateLinear(const field::FvMesh&, std::span<const Vec3>, std::span<const Vec3>);

std::vector<Scalar> linearFlux(const field::FvMesh& mesh, std::span<const Vec3> cells, std::span<const Vec3> boundary) {
  std::vector<Scalar> flux(mesh.nFaces(), 0.0);
  linearFlux(mesh, cells, boundary, flux);
  return flux;
}

void linearFlux(const field::FvMesh& mesh, std::span<const Vec3> cells, std::span<const Vec3> boundary,
                std::span<Scalar> flux) {
  const parallel::ScopedPhase phase(mesh.comm().profile(), parallel::Phase::GradientsFluxes);
  if (static_cast<Label>(flux.size()) != mesh.nFaces())
    throw Error(fmt::format("linearFlux: {} values for {} faces", flux.size(), mesh.nFaces()));
  const auto& Sf = mesh.geometry().faceAreas;
  const LinearFaceValues<Vec3> linear(mesh, cells, boundary);
  std::fill(flux.begin(), flux.end(), 0.0);
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) flux[f] = dot(linear.internal(f), Sf[f]);
  forEachBoundaryFace(mesh, [&](Label f, BoundaryFaceKind, Label) { flux[f] = dot(linear.at(f), Sf[f]); });
}

namespace fvc {

template <field::FieldValueType T>
field::SurfaceField<T> interpolate(const field::VolField<T>& vf, const InterpolationScheme&) {
  return field::SurfaceField<T>("interpolate(" + vf.name() + ")", vf.mesh(), vf.dimensions(),
                                interpolateLinear<T>(vf.mesh(), vf.values(), vf.boundaryValues()));
}

template field::SurfaceField<Scalar> interpolate(const field::VolField<Scalar>&, const InterpolationScheme&);
template field::SurfaceField<Vec3> interpolate(const field::VolField<Vec3>&, const InterpolationScheme&);

field::SurfaceScalarField flux(const field::VolVectorField& U) {
  const parallel::ScopedPhase phase(U.mesh().comm().profile(), parallel::Phase::GradientsFluxes);
  const field::FvMesh& mesh = U.mesh();
  return field::SurfaceScalarField("flux(" + U.name() + ")", mesh, dimsProduct(U.dimensions(), dimsLength(2)),
                                   linearFlux(mesh, U.values(), U.boundaryValues()));
}

field::VolVectorField reconstruct(const field::SurfaceScalarField& phi) {
  return FluxReconstruction(phi.mesh()).reconstruct(phi);
}

}  // namespace fvc
}  // namespace sluice::fv
