#pragma once
// The flux correction of momentum interpolation for transient
// pressure-velocity coupling (OpenFOAM's ddtCorr, as icoFoam uses it):
//
//   phiHbyA = fvc::flux(HbyA) + interpolate(rAU) * fvc::ddtCorr(U, phi, ddtScheme, time)
//
// Euler:     ddtCorr = k (phi0 - flux(U0)) / dt
// backward:  ddtCorr = k ((c0 phi0 - c00 phi00) - flux(c0 U0 - c00 U00)) / dt   (time_step.hpp)
// steadyState: zero
// with the coupling coefficient k = 1 - min(|phi0 - flux(U0)| / (|phi0| + 1e-15), 1)
// per face, zero on empty faces and on patches whose U condition fixes the
// value. phi0/phi00: phi.oldTime()/oldOldTime(), the flux of the previous
// steps; U0/U00: U.oldTime()/oldOldTime(), their boundary values by
// evaluating U's conditions on them. Without old levels (before the first
// step) the current values stand in, as OpenFOAM's oldTime() does.
#include "sluice/field/surface_field.hpp"
#include "sluice/field/vol_field.hpp"
#include "sluice/fv/fv_schemes.hpp"
#include "sluice/fv/time_step.hpp"

namespace sluice::fv::fvc {

/// Named "ddtCorr(U,phi)".
field::SurfaceScalarField ddtCorr(const field::VolVectorField& U, const field::SurfaceScalarField& phi,
                                  const DdtScheme& scheme, const TimeStep& time);

}  // namespace sluice::fv::fvc
