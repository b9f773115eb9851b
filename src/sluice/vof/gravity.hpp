#pragma once
// Gravity for VoF solvers, as OpenFOAM's readGravitationalAcceleration,
// readhRef and gh.H: constant/g (required) and constant/hRef (optional,
// default 0), both uniform dimensioned entries:
//
//   constant/g      dimensions [0 1 -2 0 0 0 0]; value (0 -9.81 0);
//   constant/hRef   dimensions [0 1 0 0 0 0 0];  value 0;
//
// The hydrostatic potential gh = g . x - ghRef with ghRef = -|g| hRef, at
// cell centres and boundary faces (gh) and at every face (ghf), so that
// p = p_rgh + rho gh.
//
//   Gravity g = Gravity::read(caseDir);              // every rank reads
//   field::VolScalarField gh = g.gh(mesh);           // ghosts filled (collective)
//   field::SurfaceScalarField ghf = g.ghf(mesh);
#include <filesystem>

#include "sluice/core/vec3.hpp"
#include "sluice/field/surface_field.hpp"
#include "sluice/field/vol_field.hpp"

namespace sluice::vof {

struct Gravity {
  Vec3 g;
  Scalar hRef = 0;

  static Gravity read(const std::filesystem::path& caseDir);

  Scalar ghRef() const { return -mag(g) * hRef; }
  /// "gh": cells (ghosts included) and boundary faces. Collective.
  field::VolScalarField gh(const field::FvMesh& mesh) const;
  /// "ghf": every face.
  field::SurfaceScalarField ghf(const field::FvMesh& mesh) const;
};

}  // namespace sluice::vof
