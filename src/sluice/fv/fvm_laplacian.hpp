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
//   FvMatrix<Scalar> pEqn = fvm::laplacian(rAUf, p, schemes.laplacian("laplacian((1|A(U)),p)"));
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

}  // namespace fvm

namespace fvc {

/// Explicit laplacian: sum_f gamma_f |Sf| snGrad_f / V, named "laplacian(v)".
template <field::FieldValueType T>
field::VolField<T> laplacian(const field::SurfaceScalarField& gamma, const field::VolField<T>& vf,
                             const LaplacianScheme& scheme, const GradScheme& gradScheme = GradScheme{});

}  // namespace fvc
}  // namespace sluice::fv
