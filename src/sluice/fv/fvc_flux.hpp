#pragma once
// Explicit face flux of a transported field: phi_f v_f with v_f the face
// value of a div scheme (OpenFOAM's fvc::flux(phi, v, name)); the flux the
// convection term div(phi, v) sums. Used by MULES, where the flux itself,
// not its divergence, is limited.
//
//   field::SurfaceScalarField alphaPhi = fvc::flux(phi, alpha, schemes.div("div(phi,alpha)"));
//
// Internal and coupled faces: phi_f (w v_P + (1 - w) v_N + correction) with
// the scheme's weights for this flux (convection_scheme.hpp); faces of
// Regular patches phi_f times the boundary value; empty faces zero.
// Collective when the scheme needs gradients.
#include "sluice/field/surface_field.hpp"
#include "sluice/field/vol_field.hpp"
#include "sluice/fv/fv_schemes.hpp"

namespace sluice::fv::fvc {

/// Named "flux(phi,v)". `vf`'s ghosts and boundary values must be current.
template <field::FieldValueType T>
field::SurfaceField<T> flux(const field::SurfaceScalarField& phi, const field::VolField<T>& vf,
                            const DivScheme& scheme, const GradScheme& gradScheme = GradScheme{});

}  // namespace sluice::fv::fvc
