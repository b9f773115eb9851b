#pragma once
// Implicit laplacian div(gamma grad v), Gauss linear with the scheme's snGrad:
//   internal and coupled faces: g = gamma_f |Sf| deltaCoeff; A[P][N] = A[N][P] = g,
//       diagonal -= g (coupled: the ghost's coefficient in coupleCoeffs)
//   Regular boundary faces: diag += gamma_f |Sf| gradientInternalCoeff,
//       source -= gamma_f |Sf| gradientBoundaryCoeff
//   corrected / limited: the explicit non-orthogonal correction flux
//       gamma_f |Sf| correction (fvc_sn_grad.hpp) goes to the source and is
//       kept as faceFluxCorrection for flux()
// The matrix is symmetric with a non-positive diagonal (OpenFOAM's sign: the
// operator itself, not its negative).
//
//   FvMatrix<Vec3> visc = fvm::laplacian(nu, U, schemes.laplacian("laplacian(nu,U)"), schemes.grad("grad(U)"));
//   FvMatrix<Scalar> pEqn = fvm::laplacian(rAU, p, schemes);   // "laplacian((1|A(U)),p)", "grad(p)"
//   FvMatrix<Vec3> diff = fvm::laplacian(nu, "nu", U, schemes);  // "laplacian(nu,U)", "grad(U)"
#include <string>

#include "sluice/field/surface_field.hpp"
#include "sluice/field/vol_field.hpp"
#include "sluice/fv/fv_matrix.hpp"
#include "sluice/fv/fv_schemes.hpp"

namespace sluice::fv {
namespace fvm {

/// Constant diffusivity.
template <field::FieldValueType T>
FvMatrix<T> laplacian(Scalar gamma, const field::VolField<T>& vf, const LaplacianScheme& scheme,
                      const GradScheme& gradScheme = GradScheme{});
/// Cell diffusivity, interpolated linearly (boundary faces: its boundary values).
template <field::FieldValueType T>
FvMatrix<T> laplacian(const field::VolScalarField& gamma, const field::VolField<T>& vf, const LaplacianScheme& scheme,
                      const GradScheme& gradScheme = GradScheme{});
/// Face diffusivity.
template <field::FieldValueType T>
FvMatrix<T> laplacian(const field::SurfaceScalarField& gamma, const field::VolField<T>& vf,
                      const LaplacianScheme& scheme, const GradScheme& gradScheme = GradScheme{});

/// With the schemes looked up in `schemes`: "laplacian(<gamma>,<v>)" and, when
/// its snGrad has a correction, "grad(<v>)" for the gradient.
template <field::FieldValueType T>
FvMatrix<T> laplacian(Scalar gamma, const std::string& gammaName, const field::VolField<T>& vf,
                      const FvSchemes& schemes);
template <field::FieldValueType T>
FvMatrix<T> laplacian(const field::VolScalarField& gamma, const field::VolField<T>& vf, const FvSchemes& schemes);
template <field::FieldValueType T>
FvMatrix<T> laplacian(const field::SurfaceScalarField& gamma, const field::VolField<T>& vf, const FvSchemes& schemes);

}  // namespace fvm

namespace fvc {

/// Explicit laplacian: sum_f gamma_f |Sf| snGrad_f / V, named "laplacian(v)".
template <field::FieldValueType T>
field::VolField<T> laplacian(const field::SurfaceScalarField& gamma, const field::VolField<T>& vf,
                             const LaplacianScheme& scheme, const GradScheme& gradScheme = GradScheme{});

}  // namespace fvc
}  // namespace sluice::fv
