#include "sluice/fv/fvm_div.hpp"

#include "sluice/fv/convection_scheme.hpp"
#include "sluice/fv/face_loops.hpp"
#include "sluice/fv/fvc_div.hpp"
#include "sluice/fv/term_names.hpp"
#include "sluice/parallel/comm_profile.hpp"

namespace sluice::fv::fvm {

template <field::FieldValueType T>
FvMatrix<T> div(const field::SurfaceScalarField& phi, const field::VolField<T>& vf, const DivScheme& scheme,
                const GradScheme& gradScheme) {
  const parallel::ScopedPhase phase(vf.mesh().comm().profile(), parallel::Phase::Assembly);
  const field::FvMesh& mesh = vf.mesh();
  FvMatrix<T> m(vf);
  const ConvectionInterpolation<T> ci =
      convectionInterpolation<T>(mesh, phi.values(), vf.values(), vf.boundaryValues(), scheme, gradScheme);
  const auto& owner = mesh.poly().owner();
  const auto& neighbour = mesh.poly().neighbour();
  std::vector<Scalar>& diag = m.ldu().diag();
  std::vector<Scalar>& lower = m.ldu().lower();
  std::vector<Scalar>& upper = m.ldu().upper();
  m.ldu().setAsymmetricStructure(true);  // convection: lower and upper differ (OpenFOAM's asymmetric matrix)
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) {
    const Scalar F = phi[f];
    const Scalar w = ci.weights[f];
    lower[f] = -w * F;
    upper[f] = (1 - w) * F;
    diag[owner[f]] += w * F;
    diag[neighbour[f]] -= (1 - w) * F;
  }
  const linear::LduAddressing& a = m.ldu().addressing();
  for (Label i = 0; i < static_cast<Label>(a.coupleFace.size()); ++i) {
    const Label f = a.coupleFace[i];
    const Scalar F = phi[f];
    const Scalar w = ci.weights[f];
    m.addCoupledFace(i, w * F, (1 - w) * F);
  }
  forEachRegularPatch(mesh, [&](Label patch, Label start, Label size) {
    const PatchCoeffs<T> c = valueCoeffs(vf, patch);
    for (Label i = 0; i < size; ++i) {
      const Scalar F = phi[start + i];
      m.addBoundaryFace(start + i, F * c.internal[i], T(-F * c.boundary[i]));
    }
  });
  if (!ci.correction.empty()) {
    for (Label f = 0; f < mesh.nInternalFaces(); ++f) {
      const T flux = phi[f] * ci.correction[f];
      m.source()[owner[f]] -= flux;
      m.source()[neighbour[f]] += flux;
    }
    for (Label f : a.coupleFace) m.source()[owner[f]] -= phi[f] * ci.correction[f];
  }
  if (scheme.bounded) {
    const std::vector<Scalar> divPhi = surfaceIntegrate<Scalar>(mesh, phi.values());
    const auto volumes = mesh.cellVolumes();
    for (Label c = 0; c < mesh.nCells(); ++c) diag[c] -= divPhi[c] * volumes[c];
  }
  return m;
}

template <field::FieldValueType T>
FvMatrix<T> div(const field::SurfaceScalarField& phi, const field::VolField<T>& vf, const FvSchemes& schemes) {
  const DivScheme scheme = schemes.div(divTerm(phi, vf));
  const GradScheme gradScheme = scheme.kind == DivKind::linearUpwind ? schemes.grad(scheme.gradTerm) : GradScheme{};
  return div(phi, vf, scheme, gradScheme);
}

template FvMatrix<Scalar> div(const field::SurfaceScalarField&, const field::VolField<Scalar>&, const DivScheme&,
                              const GradScheme&);
template FvMatrix<Vec3> div(const field::SurfaceScalarField&, const field::VolField<Vec3>&, const DivScheme&,
                            const GradScheme&);
template FvMatrix<Scalar> div(const field::SurfaceScalarField&, const field::VolField<Scalar>&, const FvSchemes&);
template FvMatrix<Vec3> div(const field::SurfaceScalarField&, const field::VolField<Vec3>&, const FvSchemes&);

}  // namespace sluice::fv::fvm
