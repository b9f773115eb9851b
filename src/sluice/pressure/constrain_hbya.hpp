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
//
// Or both steps of a pressure corrector's start at once:
//   pressure::MomentumInverse m = pressure::momentumInverse(UEqn, U, "rAU");   // m.rAU, m.HbyA
//   field::VolVectorField again = pressure::HbyA(UEqn, U, m.rAU);            // m.HbyA's values
//   field::VolScalarField rAU = pressure::rAU(UEqn, "rAU");                  // m.rAU's values
#include <string>

#include "sluice/field/vol_field.hpp"
#include "sluice/fv/fv_matrix.hpp"

namespace sluice::pressure {

/// Local (no communication). HbyA is renamed "HbyA".
void constrainHbyA(field::VolVectorField& HbyA, const field::VolVectorField& U);

struct MomentumInverse {
  field::VolScalarField rAU;   ///< 1/A, cells and boundary values
  field::VolVectorField HbyA;  ///< rAU H, constrained (constrainHbyA)
};

/// rAU = 1/UEqn.A() (named `rAUName`) and HbyA = rAU UEqn.H(), constrained to
/// U where U is not assignable: rAU() then HbyA(). Local.
MomentumInverse momentumInverse(const fv::FvMatrix<Vec3>& UEqn, const field::VolVectorField& U,
                                const std::string& rAUName);

/// momentumInverse's rAU alone.
field::VolScalarField rAU(const fv::FvMatrix<Vec3>& UEqn, const std::string& rAUName);

/// momentumInverse's HbyA from its rAU (the same bits): also for a corrector
/// that makes HbyA again after the pressure solve instead of holding it.
field::VolVectorField HbyA(const fv::FvMatrix<Vec3>& UEqn, const field::VolVectorField& U,
                           const field::VolScalarField& rAU);

}  // namespace sluice::pressure
