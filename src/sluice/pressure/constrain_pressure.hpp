#pragma once
// constrainPressure (OpenFOAM's): sets the gradient of every fixedFluxPressure
// patch of p so that the corrected face flux phiHbyA - rAU |Sf| snGrad(p)
// equals the velocity's boundary flux Sf . U_b:
//   snGrad(p)_b = (phiHbyA_b - Sf . U_b) / (|Sf| rAU_b)
// Call it once per pressure corrector, before the pressure equation is built.
//
//   pressure::constrainPressure(p, U, phiHbyA, rAUf);   // rAUf: interpolate(rAU) (its boundary values)
#include "sluice/field/surface_field.hpp"
#include "sluice/field/vol_field.hpp"

namespace sluice::pressure {

/// Local (no communication). `rAUf` is the pressure equation's diffusivity
/// on the faces (only boundary faces are read: the boundary values of rAU,
/// or of rho rAU for a pressure in Pa). `rhof`, when given, multiplies the
/// velocity flux (two-phase solvers' rho_b).
void constrainPressure(field::VolScalarField& p, const field::VolVectorField& U,
                       const field::SurfaceScalarField& phiHbyA, const field::SurfaceScalarField& rAUf,
                       const field::SurfaceScalarField* rhof = nullptr);

}  // namespace sluice::pressure
