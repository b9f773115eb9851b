#pragma once
// The kinematic viscosity of a single-phase incompressible case, from
// constant/transportProperties as OpenFOAM reads it:
//   transportModel  Newtonian;          (pimpleFoam: required; icoFoam reads nu only)
//   nu              [0 2 -1 0 0 0 0] 1e-5;   (or `nu 1e-5;`)
// Any other transportModel (CrossPowerLaw, BirdCarreau, ...) is an input
// error naming the file and entry, never a Newtonian stand-in.
//
//   const Scalar nu = models::readKinematicViscosity(caseDir, {.requireTransportModel = true});
#include <filesystem>

#include "sluice/core/types.hpp"

namespace sluice::models {

struct ViscosityOptions {
  /// pimpleFoam's singlePhaseTransportModel requires `transportModel`; icoFoam does not read it.
  bool requireTransportModel = false;
};

/// Local; every rank reads the file. InputError for a missing file or entry,
/// a non-Newtonian model, wrong dimensions or nu <= 0.
Scalar readKinematicViscosity(const std::filesystem::path& caseDir, const ViscosityOptions& options = {});

}  // namespace sluice::models
