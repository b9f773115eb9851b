#include "sluice/fv/fvm_laplacian.hpp"

#include "sluice/fv/face_loops.hpp"
#include "sluice/fv/fvc_div.hpp"
#include "sluice/fv/fvc_interpolate.hpp"
#include "sluice/fv/fvc_sn_grad.hpp"
#include "sluice/fv/term_names.hpp"
#include "sluice/parallel/comm_profile.hpp"

namespace sluice::fv {

namespace {

// The diffusivity on a face, without a list of it per face: at(f) on any
// face, internal(f) on an internal face (the assembly's hot loop); a cell
// field is interpolated as each face needs it (LinearFaceValues).
struct ConstantGamma {
  Scalar value;
  Scalar internal(Label) const { return value; }
  Scalar at(Label) const { return value; }
};

struct FaceGamma {
  std::span<const Scalar> values;
  Scalar internal(Label f) const { return values[f]; }
  Scalar at(Label f) const { return values[f]; }
};

template <class T, class Gamma>
FvMatrix<T> assemble(const Gamma& gamma, const field::VolField<T>& vf, const LaplacianScheme& scheme,
                     const GradScheme& gradScheme) {
  const parallel::ScopedPhase phase(vf.mesh().comm().profile(), parallel::Phase::Assembly);
  const field::FvMesh& mesh = vf.mesh();
  FvMatrix<T> m(vf);
  const auto& geo = mesh.geometry();
  const SnGradDeltaCoeffs deltaCoeffs = snGradDeltaCoeffs(mesh, scheme.snGrad);
  const auto& owner = mesh.poly().owner();
  const auto& neighbour = mesh.poly().neighbour();
  std::vector<Scalar>& diag = m.ldu().diag();
  std::vector<Scalar>& upper = m.ldu().upper();  // symmetric: lower() reads upper (LduMatrix)
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) {
    const Scalar g = gamma.internal(f) * geo.faceAreaMag(f) * deltaCoeffs[f];
    upper[f] = g;
    diag[owner[f]] -= g;
    diag[neighbour[f]] -= g;
  }
  const linear::LduAddressing& a = m.ldu().addressing();
  for (Label i = 0; i < static_cast<Label>(a.coupleFace.size()); ++i) {
    const Label f = a.coupleFace[i];
    const Scalar g = gamma.at(f) * geo.faceAreaMag(f) * deltaCoeffs[f];
    m.addCoupledFace(i, -g, g);
  }
  forEachRegularPatch(mesh, [&](Label patch, Label start, Label size) {
    const PatchCoeffs<T> c = gradientCoeffs(vf, patch);
    for (Label i = 0; i < size; ++i) {
      const Label f = start + i;
      const Scalar gammaMagSf = gamma.at(f) * geo.faceAreaMag(f);
      m.addBoundaryFace(f, gammaMagSf * c.internal[i], T(-gammaMagSf * c.boundary[i]));
    }
  });
  std::vector<T> corr = snGradCorrection<T>(mesh, vf.values(), vf.boundaryValues(), scheme.snGrad, gradScheme);
  if (!corr.empty()) {
    for (Label f = 0; f < mesh.nFaces(); ++f) corr[f] *= gamma.at(f) * geo.faceAreaMag(f);
    m.addFaceFluxCorrection(corr);
  }
  return m;
}

}  // namespace

namespace fvm {

template <field::FieldValueType T>
FvMatrix<T> laplacian(Scalar gamma, const field::VolField<T>& vf, const LaplacianScheme& scheme,
                      const GradScheme& gradScheme) {
  return assemble<T>(ConstantGamma{gamma}, vf, scheme, gradScheme);
}

template <field::FieldValueType T>
FvMatrix<T> laplacian(const field::VolScalarField& gamma, const field::VolField<T>& vf, const LaplacianScheme& scheme,
                      const GradScheme& gradScheme) {
  return assemble<T>(LinearFaceValues<Scalar>(gamma.mesh(), gamma.values(), gamma.boundaryValues()), vf, scheme,
                     gradScheme);
}

template <field::FieldValueType T>
FvMatrix<T> laplacian(const field::SurfaceScalarField& gamma, const field::VolField<T>& vf,
                      const LaplacianScheme& scheme, const GradScheme& gradScheme) {
  return assemble<T>(FaceGamma{gamma.values()}, vf, scheme, gradScheme);
}

template FvMatrix<Scalar> laplacian(Scalar, const field::VolField<Scalar>&, const LaplacianScheme&, const GradScheme&);
template FvMatrix<Vec3> laplacian(Scalar, const field::VolField<Vec3>&, const LaplacianScheme&, const GradScheme&);
template FvMatrix<Scalar> laplacian(const field::VolScalarField&, const field::VolField<Scalar>&,
                                    const LaplacianScheme&, const GradScheme&);
template FvMatrix<Vec3> laplacian(const field::VolScalarField&, const field::VolField<Vec3>&, const LaplacianScheme&,
                                  const GradScheme&);
template FvMatrix<Scalar> laplacian(const field::SurfaceScalarField&, const field::VolField<Scalar>&,
                                    const LaplacianScheme&, const GradScheme&);
template FvMatrix<Vec3> laplacian(const field::SurfaceScalarField&, const field::VolField<Vec3>&,
                                  const LaplacianScheme&, const GradScheme&);

namespace {

template <class T>
GradScheme correctionGrad(const LaplacianScheme& scheme, const field::VolField<T>& vf, const FvSchemes& schemes) {
  return scheme.snGrad.hasCorrection() ? schemes.grad(gradTerm(vf)) : GradScheme{};
}

}  // namespace

template <field::FieldValueType T>
FvMatrix<T> laplacian(Scalar gamma, const std::string& gammaName, const field::VolField<T>& vf,
                      const FvSchemes& schemes) {
  const LaplacianScheme scheme = schemes.laplacian(laplacianTerm(gammaName, vf));
  return laplacian(gamma, vf, scheme, correctionGrad(scheme, vf, schemes));
}

template <field::FieldValueType T>
FvMatrix<T> laplacian(const field::VolScalarField& gamma, const field::VolField<T>& vf, const FvSchemes& schemes) {
  const LaplacianScheme scheme = schemes.laplacian(laplacianTerm(gamma.name(), vf));
  return laplacian(gamma, vf, scheme, correctionGrad(scheme, vf, schemes));
}

template <field::FieldValueType T>
FvMatrix<T> laplacian(const field::SurfaceScalarField& gamma, const field::VolField<T>& vf, const FvSchemes& schemes) {
  const LaplacianScheme scheme = schemes.laplacian(laplacianTerm(gamma.name(), vf));
  return laplacian(gamma, vf, scheme, correctionGrad(scheme, vf, schemes));
}

template FvMatrix<Scalar> laplacian(Scalar, const std::string&, const field::VolField<Scalar>&, const FvSchemes&);
template FvMatrix<Vec3> laplacian(Scalar, const std::string&, const field::VolField<Vec3>&, const FvSchemes&);
template FvMatrix<Scalar> laplacian(const field::VolScalarField&, const field::VolField<Scalar>&, const FvSchemes&);
template FvMatrix<Vec3> laplacian(const field::VolScalarField&, const field::VolField<Vec3>&, const FvSchemes&);
template FvMatrix<Scalar> laplacian(const field::SurfaceScalarField&, const field::VolField<Scalar>&,
                                    const FvSchemes&);
template FvMatrix<Vec3> laplacian(const field::SurfaceScalarField&, const field::VolField<Vec3>&, const FvSchemes&);

}  // namespace fvm

namespace fvc {

template <field::FieldValueType T>
field::VolField<T> laplacian(const field::SurfaceScalarField& gamma, const field::VolField<T>& vf,
                             const LaplacianScheme& scheme, const GradScheme& gradScheme) {
  const field::FvMesh& mesh = vf.mesh();
  field::SurfaceField<T> sn = snGrad(vf, scheme.snGrad, gradScheme);
  const auto& geo = mesh.geometry();
  for (Label f = 0; f < mesh.nFaces(); ++f) sn[f] *= gamma[f] * geo.faceAreaMag(f);
  const std::vector<T> owned = surfaceIntegrate<T>(mesh, sn.values());
  field::VolField<T> result("laplacian(" + vf.name() + ")", mesh,
                            dimsProduct(dimsQuotient(vf.dimensions(), dimsLength(2)), gamma.dimensions()));
  std::copy(owned.begin(), owned.end(), result.values().begin());
  const auto& owner = mesh.poly().owner();
  auto bvals = result.boundaryValues();
  for (Label f = mesh.nInternalFaces(); f < mesh.nFaces(); ++f) bvals[f - mesh.nInternalFaces()] = owned[owner[f]];
  result.correctBoundaryConditions();
  return result;
}

template field::VolField<Scalar> laplacian(const field::SurfaceScalarField&, const field::VolField<Scalar>&,
                                           const LaplacianScheme&, const GradScheme&);
template field::VolField<Vec3> laplacian(const field::SurfaceScalarField&, const field::VolField<Vec3>&,
                                         const LaplacianScheme&, const GradScheme&);

}  // namespace fvc
}  // namespace sluice::fv
