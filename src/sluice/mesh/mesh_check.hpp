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
  std::vector<std::string> errors;    ///< e.g. "cell 17: non-positive volume -1.2e-03"
  std::vector<std::string> warnings;

  /// checkMesh-like aligned report ending in "Mesh OK." or "Mesh check failed: N errors."
  std::string toText() const;
  /// One JSON object (keys cells, faces, internalFaces, points, volume, minVolume,
  /// maxVolume, bounds{min,max}, maxNonOrthogonality, averageNonOrthogonality,
  /// maxSkewness, maxAspectRatio, maxCellOpenness, bandwidthBefore/After when
  /// set, patches[{name,type,faces}], errors, warnings), numbers at full precision.
  std::string toJson() const;
};

/// Runs every check. Errors: cells with volume <= 0, open cells (openness >
/// 1e-12), cells with fewer than 4 faces, points no face uses; at most the first
/// 10 of each kind are listed by index, followed by a count of the rest.
/// Warnings: internal or boundary faces with non-orthogonality above 70 degrees
/// or skewness above 4 (count and worst face).
MeshReport checkMesh(const PolyMesh& mesh, const MeshGeometry& geometry);

/// Skewness per face. Internal faces: distance from the face centre to the
/// point where the owner-to-neighbour centre line crosses the face plane,
/// divided by |C_N - C_P| (0 on a uniform grid). If that line is parallel to
/// the face plane, the crossing point is taken on the line at the ratio of the
/// centre-to-face distances instead. Boundary faces (no neighbour): the owner
/// centre is mirrored in the face plane, i.e. the line is the face normal
/// through C_P; the skewness is the distance from the face centre to where that
/// normal meets the plane, divided by the owner's normal distance to the plane
/// (OpenFOAM's boundary definition; 0 when C_f - C_P is parallel to the normal).
std::vector<Scalar> faceSkewness(const PolyMesh& mesh, const MeshGeometry& geometry);

/// Aspect ratio per cell, OpenFOAM-compatible: with A = sum over the cell's
/// faces of the component-wise magnitudes |S_f,x|, |S_f,y|, |S_f,z|,
///   max( max(A) / min(A),  (A_x + A_y + A_z) / (6 V^(2/3)) ).
/// 1 for a cube, L_max/L_min for an axis-aligned box; the first term depends
/// on orientation (a cube rotated 45 degrees about z gives sqrt 2). The second
/// term is skipped for cells with V <= 0.
std::vector<Scalar> cellAspectRatio(const PolyMesh& mesh, const MeshGeometry& geometry);

/// Openness per cell: |sum of outward S_f| / sum |S_f| (0 for a closed cell,
/// 1 for a cell without faces).
std::vector<Scalar> cellOpenness(const PolyMesh& mesh, const MeshGeometry& geometry);

}  // namespace sluice::mesh
