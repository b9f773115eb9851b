#pragma once
// Per-step diagnostics of incompressible solvers, as icoFoam prints them.
//
//   CourantNumber co = courantNumber(phi, deltaT);          // collective
//   // "Courant Number mean: 0.0976 max: 0.585"
//   ContinuityErrors e = continuityErrors(phi, deltaT);     // collective
//   cumulative += e.global;
//   // "time step continuity errors : sum local = 8.9e-09, global = -1.2e-19, cumulative = ..."
#include <vector>

#include "sluice/field/surface_field.hpp"

namespace sluice::fv {

struct ContinuityErrors {
  Scalar sumLocal = 0;  ///< deltaT * volume-weighted mean of |div(phi)|
  Scalar global = 0;    ///< deltaT * volume-weighted mean of div(phi)
};

/// div(phi) per cell, reduced over all ranks (one fused reduction).
ContinuityErrors continuityErrors(const field::SurfaceScalarField& phi, Scalar deltaT);

struct CourantNumber {
  Scalar mean = 0;  ///< 0.5 deltaT sum_cells(sum_faces |phi|) / sum(V)
  Scalar max = 0;   ///< 0.5 deltaT max_cells(sum_faces |phi| / V)
};

/// Over all ranks (empty faces excluded).
CourantNumber courantNumber(const field::SurfaceScalarField& phi, Scalar deltaT);

/// sum over each owned cell's faces of |phi| (OpenFOAM's surfaceSum(mag(phi)));
/// empty faces excluded. Local.
std::vector<Scalar> sumMagFlux(const field::SurfaceScalarField& phi);

}  // namespace sluice::fv
