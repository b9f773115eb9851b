#pragma once
// Face-normal gradients. On internal and coupled faces
//   snGrad = deltaCoeff * (v_N - v_P) + correction
// with deltaCoeff = nonOrthDeltaCoeffs (corrected, uncorrected, limited) or
// 1/|d| (orthogonal), and the explicit non-orthogonal correction
//   correction = (n - d * nonOrthDeltaCoeff) . interpolate(grad v)
// (n the unit normal, d the owner-to-neighbour vector), which makes snGrad
// exact for linear fields on any mesh; `limited psi` scales it down to at
// most psi/(1 - psi) times the orthogonal part. Regular boundary faces use
// the condition's gradient coefficients; empty faces are zero.
//
//   field::SurfaceScalarField sn = fvc::snGrad(p, schemes.snGrad("snGrad(p)"), schemes.grad("grad(p)"));
//   std::vector<Scalar> corr = snGradCorrection<Scalar>(mesh, cells, boundary, sn, grad);  // per face
#include <span>
#include <vector>

#include "sluice/field/fv_mesh.hpp"
#include "sluice/field/surface_field.hpp"
#include "sluice/field/vol_field.hpp"
#include "sluice/fv/fv_schemes.hpp"

namespace sluice::fv {

/// The delta coefficients a scheme uses, per face: deltaCoeff (orthogonal)
/// or nonOrthDeltaCoeff (the others). The geometry computes an internal
/// face's as it is asked for (no list of them is kept).
///   const SnGradDeltaCoeffs dc = snGradDeltaCoeffs(mesh, scheme);  Scalar g = dc[f];
struct SnGradDeltaCoeffs {
  const mesh::MeshGeometry* geometry;
  bool orthogonal;
  Scalar operator[](Label face) const {
    return orthogonal ? geometry->deltaCoeff(face) : geometry->nonOrthDeltaCoeff(face);
  }
};
SnGradDeltaCoeffs snGradDeltaCoeffs(const field::FvMesh& mesh, const SnGradScheme& scheme);

/// Explicit correction per face (internal and coupled faces; zero on the
/// others), or an empty vector if the scheme has none. Collective (computes
/// the gradient with `gradScheme`).
template <class T>
std::vector<T> snGradCorrection(const field::FvMesh& mesh, std::span<const T> cells, std::span<const T> boundary,
                                const SnGradScheme& scheme, const GradScheme& gradScheme);

namespace fvc {

/// Named "snGrad(v)". Collective when the scheme has a correction.
template <field::FieldValueType T>
field::SurfaceField<T> snGrad(const field::VolField<T>& vf, const SnGradScheme& scheme = SnGradScheme{},
                              const GradScheme& gradScheme = GradScheme{});

/// With "snGrad(<v>)" (and "grad(<v>)" when it has a correction) from `schemes`.
template <field::FieldValueType T>
field::SurfaceField<T> snGrad(const field::VolField<T>& vf, const FvSchemes& schemes);

}  // namespace fvc
}  // namespace sluice::fv
