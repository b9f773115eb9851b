#pragma once
// adjustPhi (OpenFOAM's): when the pressure has no fixed level (a closed
// domain, or inflow with only velocity outlets), the predicted flux must
// balance for the pressure equation to have a solution. The outflow through
// adjustable patches (those whose velocity condition does not fix the
// value, and inletOutlet) is scaled by (inflow - fixed outflow) /
// adjustable outflow; inflow faces are never scaled. If nothing adjustable
// leaves the domain and the imbalance exceeds 1e-8 of the total internal
// flux, the run stops with a message naming the flows.
//
//   if (ref.needed()) pressure::adjustPhi(phiHbyA, U);   // collective: one fused reduction
#include "sluice/field/surface_field.hpp"
#include "sluice/field/vol_field.hpp"

namespace sluice::pressure {

/// Collective (one reduction of four values). Call only when the pressure
/// needs a reference (PressureReference::needed()), on every rank.
/// Throws parallel::CollectiveError when the imbalance cannot be removed.
void adjustPhi(field::SurfaceScalarField& phi, const field::VolVectorField& U);

}  // namespace sluice::pressure
