#pragma once
// Explicit divergence: the sum of face fluxes out of each cell over its
// volume (Gauss theorem). Empty faces are skipped; coupled and Regular
// boundary faces count like any face of the cell.
//
//   field::VolScalarField contErr = fvc::div(phi);                   // sum_f phi_f / V
//   field::VolVectorField conv = fvc::div(phi, U, schemes.div("div(phi,U)"));   // sum_f phi_f U_f / V
//   std::vector<Scalar> s = surfaceIntegrate<Scalar>(mesh, faceValues);          // owned cells
//
// Results' boundary values are the owner cells' values; ghosts exchanged (collective).
#include <span>
#include <vector>

#include "sluice/field/fv_mesh.hpp"
#include "sluice/field/surface_field.hpp"
#include "sluice/field/vol_field.hpp"
#include "sluice/fv/fv_schemes.hpp"

namespace sluice::fv {

/// sum over each owned cell's faces of +-faceValue (outward), divided by the volume.
template <class T>
std::vector<T> surfaceIntegrate(const field::FvMesh& mesh, std::span<const T> faceValues);

namespace fvc {

/// div(phi), named "div(phi)".
field::VolScalarField div(const field::SurfaceScalarField& phi);

/// Convection term div(phi, v) with the face values of the div scheme (see
/// convection_scheme.hpp); Regular boundary faces use the boundary values.
/// `bounded` subtracts div(phi) v. Named "div(phi,v)". Collective.
template <field::FieldValueType T>
field::VolField<T> div(const field::SurfaceScalarField& phi, const field::VolField<T>& vf, const DivScheme& scheme,
                       const GradScheme& gradScheme = GradScheme{});

/// As above with the scheme looked up in `schemes` as "div(phi,v)" (and the
/// linearUpwind gradient's entry).
template <field::FieldValueType T>
field::VolField<T> div(const field::SurfaceScalarField& phi, const field::VolField<T>& vf, const FvSchemes& schemes);

}  // namespace fvc
}  // namespace sluice::fv
