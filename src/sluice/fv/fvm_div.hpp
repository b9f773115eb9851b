#pragma once
// Implicit convection term div(phi, v): the face value of the div scheme's
// interpolation (convection_scheme.hpp) times the face flux, summed out of
// each cell:
//   internal face f (owner P, neighbour N, flux F, weight w):
//     A[P][P] += w F,  A[P][N] = (1 - w) F,  A[N][P] = -w F,  A[N][N] -= (1 - w) F
//   coupled face: the owner's row only, the ghost's coefficient in coupleCoeffs
//   Regular boundary face: diag += F * valueInternalCoeff, source -= F * valueBoundaryCoeff
// The explicit correction of linearUpwind goes to the source; `bounded`
// subtracts Sp(div(phi)).
//
//   FvMatrix<Vec3> conv = fvm::div(phi, U, schemes);   // scheme "div(phi,U)" from fvSchemes
//   FvMatrix<Scalar> t = fvm::div(phi, T, DivScheme{DivKind::upwind});
#include "sluice/field/surface_field.hpp"
#include "sluice/field/vol_field.hpp"
#include "sluice/fv/fv_matrix.hpp"
#include "sluice/fv/fv_schemes.hpp"

namespace sluice::fv::fvm {

/// Collective when the scheme needs gradients.
template <field::FieldValueType T>
FvMatrix<T> div(const field::SurfaceScalarField& phi, const field::VolField<T>& vf, const DivScheme& scheme,
                const GradScheme& gradScheme = GradScheme{});

/// Scheme "div(<phi>,<v>)" and, for linearUpwind, its gradient entry, from `schemes`.
template <field::FieldValueType T>
FvMatrix<T> div(const field::SurfaceScalarField& phi, const field::VolField<T>& vf, const FvSchemes& schemes);

}  // namespace sluice::fv::fvm
