#pragma once
// checkMesh-like quality report of a PolyMesh, with hard errors (inverted or
// zero-volume cells, open cells, unused points) listed by entity index.
//
//   MeshReport r = checkMesh(mesh, geometry);
//   fmt::print("{}", r.toText());  if (!r.errors.empty()) exit 1;
#include <string>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/mesh/poly_mesh.hpp"

namespace sluice::mesh {

struct PatchReport {
  std::string name;
  std::string type;
  Label faces = 0;
};

struct MeshReport {
  Label cells = 0, faces = 0, internalFaces = 0, points = 0;
  std::vector<PatchReport> patches;
  Vec3 boundsMin, boundsMax;
  Scalar volume = 0, minVolume = 0, maxVolume = 0;
  Scalar maxNonOrthogonality = 0, averageNonOrthogonality = 0;  ///< degrees
  Scalar maxSkewness = 0;
  Scalar maxAspectRatio = 0;
  Scalar maxCellOpenness = 0;  ///< max over cells of |sum Sf| / sum |Sf|
  Label bandwidthBefore = -1, bandwidthAfter = -1;  ///< set by the caller when renumbered
  std::vector<std::string> errors;    ///< e.g. "cell 17: negative volume -1.2e-3"
  std::vector<std::string> warnings;

  std::string toText() const;
  std::string toJson() const;
};

MeshReport checkMesh(const PolyMesh& mesh, const MeshGeometry& geometry);

}  // namespace sluice::mesh
