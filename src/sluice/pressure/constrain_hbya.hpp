#pragma once
// constrainHbyA (OpenFOAM's): on every patch where the velocity's condition
// is not assignable (fixedValue, noSlip, slip, mixed, ...; see
// BoundaryCondition::assignable), HbyA takes the velocity's face values, so
// the predicted face flux there is the prescribed one. Elsewhere HbyA keeps
// its own face values.
//
//   VolVectorField HbyA = ...;                   // rAU * UEqn.H(), boundary values included
//   pressure::constrainHbyA(HbyA, U);
//   SurfaceScalarField phiHbyA = fv::fvc::flux(HbyA);
#include "sluice/field/vol_field.hpp"

namespace sluice::pressure {

/// Local (no communication). HbyA is renamed "HbyA".
void constrainHbyA(field::VolVectorField& HbyA, const field::VolVectorField& U);

}  // namespace sluice::pressure
