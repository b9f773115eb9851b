#pragma once
// MULES, the multidimensional universal limiter for explicit solution
// (OpenFOAM's MULES and CMULES, Zalesak's flux-corrected transport), for a
// bounded scalar psi in [psiMin, psiMax] transported without sources (the
// volume fraction of interFoam: rho = 1, Sp = Su = 0):
//
//   explicitSolve   the high-order flux phiPsi is limited against the
//                   upwind flux phiBD of psi; psi = psi0 - dt div(phiPsi)
//   correct         (semi-implicit MULESCorr) the correction flux phiCorr
//                   added to an implicit upwind solution is limited so that
//                   psi stays bounded; psi -= dt div(phiCorr)
//
// The limiter: per cell the allowed increase and decrease of psi from its
// face neighbours' extrema (Q+, Q-), the sums of incoming and outgoing
// anti-diffusive fluxes (P+, P-), lambda+ = min(1, Q+/P+) and lambda- per
// cell, then per face lambda = min over the iterations of the upwind-side
// and downwind-side factors, nLimiterIter times. Communication: per limiter
// iteration exactly one neighbour exchange of the cell pair (lambda-, lambda+)
// over the mesh's cached halo schedule (overlapped with the internal faces),
// no global reduction; processor faces then take the same value on both
// sides, as OpenFOAM's coupled-patch minimum.
//
// Settings from the field's solver entry (fvSolution "alpha.water.*"):
//   nLimiterIter (3), extremaCoeff (0), boundaryExtremaCoeff (extremaCoeff), smoothLimiter (0).
//
//   MulesSettings s = MulesSettings::read(alphaControls);
//   mules::explicitSolve(alpha, alpha0, phi, alphaPhi, deltaT, s);   // collective (halo only)
#include <span>

#include "sluice/field/surface_field.hpp"
#include "sluice/field/vol_field.hpp"
#include "sluice/io/dictionary.hpp"

namespace sluice::vof {

struct MulesSettings {
  int nLimiterIter = 3;
  Scalar extremaCoeff = 0;
  Scalar boundaryExtremaCoeff = 0;
  Scalar smoothLimiter = 0;
  Scalar psiMax = 1;
  Scalar psiMin = 0;

  /// From the field's solver dictionary (InputError for a value out of range).
  static MulesSettings read(const io::Dictionary& controls);
};

namespace mules {

/// Limits phiPsi in place (phiBD + lambda (phiPsi - phiBD)) and sets psi's
/// owned cells to psi0 - deltaT div(phiPsi), then its ghosts and boundary
/// values. `psi0`: the old-time owned values. Collective (halo exchanges).
void explicitSolve(field::VolScalarField& psi, std::span<const Scalar> psi0, const field::SurfaceScalarField& phi,
                   field::SurfaceScalarField& phiPsi, Scalar deltaT, const MulesSettings& settings);

/// Limits the correction flux phiCorr in place (lambda phiCorr) and sets
/// psi -= deltaT div(phiCorr) (owned cells, then ghosts and boundary
/// values). `phi`: the flux the correction is added to; boundary faces where
/// phi + phiCorr leaves the domain are limited. Collective (halo exchanges).
void correct(field::VolScalarField& psi, const field::SurfaceScalarField& phi, field::SurfaceScalarField& phiCorr,
             Scalar deltaT, const MulesSettings& settings);

/// The limiter itself (exposed for tests): per face lambda in [0, 1].
/// `psiBase`: the owned values the bounds are measured from (psi0 for the
/// explicit limiter, psi for the correction); `phiBD`: the bounded flux (empty
/// span: zero); `outletFlux`: Regular boundary faces with a value above 1e-30
/// are limited (empty span: none, as OpenFOAM's explicit limiter, whose
/// correction flux is zero there). psi's ghosts and boundary values must be current.
std::vector<Scalar> limiter(const field::VolScalarField& psi, std::span<const Scalar> psiBase,
                            std::span<const Scalar> phiBD, std::span<const Scalar> phiCorr,
                            std::span<const Scalar> outletFlux, Scalar deltaT, const MulesSettings& settings);

}  // namespace mules
}  // namespace sluice::vof
