#include "sluice/fv/fvc_flux.hpp"

#include "sluice/fv/convection_scheme.hpp"
#include "sluice/fv/face_loops.hpp"
#include "sluice/fv/term_names.hpp"
#include "sluice/parallel/comm_profile.hpp"

namespace sluice::fv::fvc {

template <field::FieldValueType T>
field::SurfaceField<T> flux(const field::SurfaceScalarField& phi, const field::VolField<T>& vf,
                            const DivScheme& scheme, const GradScheme& gradScheme) {
  const parallel::ScopedPhase phase(vf.mesh().comm().profile(), parallel::Phase::GradientsFluxes);
  const field::FvMesh& mesh = vf.mesh();
  const ConvectionInterpolation<T> ci =
      convectionInterpolation<T>(mesh, phi.values(), vf.values(), vf.boundaryValues(), scheme, gradScheme);
  const auto& owner = mesh.poly().owner();
  const auto& neighbour = mesh.poly().neighbour();
  const std::vector<T>& v = vf.values();
  const Label nInternal = mesh.nInternalFaces();
  field::SurfaceField<T> result("flux(" + phi.name() + "," + vf.name() + ")", mesh,
                                dimsProduct(phi.dimensions(), vf.dimensions()));
  auto blended = [&](Label f, Label N) {
    T face = ci.weights[f] * v[owner[f]] + (1 - ci.weights[f]) * v[N];
    if (!ci.correction.empty()) face += ci.correction[f];
    return face;
  };
  for (Label f = 0; f < nInternal; ++f) result[f] = phi[f] * blended(f, neighbour[f]);
  forEachBoundaryFace(mesh, [&](Label f, BoundaryFaceKind kind, Label) {
    result[f] = phi[f] * (kind == BoundaryFaceKind::Coupled ? blended(f, mesh.faceGhost(f))
                                                            : vf.boundaryValues()[f - nInternal]);
  });
  return result;
}

template field::SurfaceField<Scalar> flux(const field::SurfaceScalarField&, const field::VolField<Scalar>&,
                                          const DivScheme&, const GradScheme&);
template field::SurfaceField<Vec3> flux(const field::SurfaceScalarField&, const field::VolField<Vec3>&,
                                        const DivScheme&, const GradScheme&);

}  // namespace sluice::fv::fvc
