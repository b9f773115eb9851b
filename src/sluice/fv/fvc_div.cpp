#include "sluice/fv/fvc_div.hpp"

#include "sluice/fv/face_loops.hpp"
#include "sluice/fv/fvc_flux.hpp"
#include "sluice/fv/term_names.hpp"
#include "sluice/parallel/comm_profile.hpp"

namespace sluice::fv {

template <class T>
std::vector<T> surfaceIntegrate(const field::FvMesh& mesh, std::span<const T> faceValues) {
  const parallel::ScopedPhase phase(mesh.comm().profile(), parallel::Phase::GradientsFluxes);
  const auto& owner = mesh.poly().owner();
  const auto& neighbour = mesh.poly().neighbour();
  std::vector<T> sum(mesh.nCells(), T{});
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) {
    sum[owner[f]] += faceValues[f];
    sum[neighbour[f]] -= faceValues[f];
  }
  forEachBoundaryFace(mesh, [&](Label f, BoundaryFaceKind, Label) { sum[owner[f]] += faceValues[f]; });
  const auto volumes = mesh.cellVolumes();
  for (Label c = 0; c < mesh.nCells(); ++c) sum[c] /= volumes[c];
  return sum;
}

template std::vector<Scalar> surfaceIntegrate(const field::FvMesh&, std::span<const Scalar>);
template std::vector<Vec3> surfaceIntegrate(const field::FvMesh&, std::span<const Vec3>);

namespace {

/// A result field from owned-cell values: boundary values from the owner
/// cells, ghosts exchanged.
template <class T>
field::VolField<T> cellResult(std::string name, const field::FvMesh& mesh, const io::DimensionSet& dims,
                              const std::vector<T>& owned) {
  field::VolField<T> result(std::move(name), mesh, dims);
  std::copy(owned.begin(), owned.end(), result.values().begin());
  const auto& owner = mesh.poly().owner();
  auto bvals = result.boundaryValues();
  for (Label f = mesh.nInternalFaces(); f < mesh.nFaces(); ++f) bvals[f - mesh.nInternalFaces()] = owned[owner[f]];
  result.correctBoundaryConditions();
  return result;
}

}  // namespace

namespace fvc {

field::VolScalarField div(const field::SurfaceScalarField& phi) {
  const field::FvMesh& mesh = phi.mesh();
  return cellResult<Scalar>("div(" + phi.name() + ")", mesh, dimsQuotient(phi.dimensions(), dimsLength(3)),
                            surfaceIntegrate<Scalar>(mesh, phi.values()));
}

template <field::FieldValueType T>
field::VolField<T> div(const field::SurfaceScalarField& phi, const field::VolField<T>& vf, const DivScheme& scheme,
                       const GradScheme& gradScheme) {
  const field::FvMesh& mesh = vf.mesh();
  const field::SurfaceField<T> faceFlux = flux(phi, vf, scheme, gradScheme);
  std::vector<T> result = surfaceIntegrate<T>(mesh, faceFlux.values());
  if (scheme.bounded) {
    const std::vector<Scalar> divPhi = surfaceIntegrate<Scalar>(mesh, phi.values());
    for (Label c = 0; c < mesh.nCells(); ++c) result[c] -= divPhi[c] * vf[c];
  }
  return cellResult<T>(divTerm(phi, vf), mesh, dimsProduct(vf.dimensions(), dimsTime(-1)), result);
}

template <field::FieldValueType T>
field::VolField<T> div(const field::SurfaceScalarField& phi, const field::VolField<T>& vf, const FvSchemes& schemes) {
  const DivScheme scheme = schemes.div(divTerm(phi, vf));
  const GradScheme gradScheme = scheme.kind == DivKind::linearUpwind ? schemes.grad(scheme.gradTerm) : GradScheme{};
  return div(phi, vf, scheme, gradScheme);
}

template field::VolField<Scalar> div(const field::SurfaceScalarField&, const field::VolField<Scalar>&,
                                     const DivScheme&, const GradScheme&);
template field::VolField<Vec3> div(const field::SurfaceScalarField&, const field::VolField<Vec3>&, const DivScheme&,
                                   const GradScheme&);
template field::VolField<Scalar> div(const field::SurfaceScalarField&, const field::VolField<Scalar>&,
                                     const FvSchemes&);
template field::VolField<Vec3> div(const field::SurfaceScalarField&, const field::VolField<Vec3>&, const FvSchemes&);

}  // namespace fvc
}  // namespace sluice::fv
