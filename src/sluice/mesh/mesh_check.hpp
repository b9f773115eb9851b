#pragma once
// checkMesh-like quality report of a PolyMesh, with hard errors (inverted or
// zero-volume cells, open cells, unused points) listed by entity index. The
// aspect ratio, non-orthogonality and skewness follow OpenFOAM's checkMesh
// (v1912) formulas, so the figures agree with its report; on 2D and
// axisymmetric meshes the aspect ratio ignores the empty or wedge direction.
//
//   MeshReport r = checkMesh(mesh, geometry);
//   fmt::print("{}", r.toText());  if (!r.errors.empty()) exit 1;
#include <span>
#include <string>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/mesh/mesh_directions.hpp"
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
  Scalar maxNonOrthogonality = 0, averageNonOrthogonality = 0;  ///< degrees, internal faces (see checkMesh)
  Scalar maxSkewness = 0;     ///< over all faces, boundary faces included
  Scalar maxAspectRatio = 0;  ///< over all cells (cellAspectRatio)
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

/// Runs every check. Errors: points with a non-finite coordinate, cells with volume <= 0 (or NaN), open cells (openness >
/// 1e-12), cells with fewer than 4 faces, points no face uses; at most the first
/// 10 of each kind are listed by index, followed by a count of the rest.
/// Non-orthogonality as checkMesh reports it: from the cosines of
/// faceOrthogonality over the internal faces, the max is the angle of the
/// smallest cosine and the average the angle of the mean cosine (not the mean
/// angle). Skewness: the max of faceSkewness over all faces; aspect ratio: the
/// max of cellAspectRatio with the mesh's geometric directions.
/// Warnings: internal faces with non-orthogonality above 70 degrees, faces
/// with skewness above 4 (count and worst face).
/// Cyclic and processor faces count as boundary faces here; checkMesh pairs
/// them with the cell across instead.
/// `ids` names cells and points in the errors (one rank's part of a mesh:
/// its global ids); empty spans name them by index.
struct MeshCheckIds {
  std::span<const GlobalLabel> cells;
  std::span<const GlobalLabel> points;
};
MeshReport checkMesh(const PolyMesh& mesh, const MeshGeometry& geometry, const MeshCheckIds& ids = {});

/// Skewness per face, checkMesh's definition. Internal faces: with d = C_N - C_P,
/// the skewness vector sv runs from the point where the line from C_P along d
/// crosses the face plane to the face centre; its length is divided by the
/// larger of 0.2 |d| and the face's extent along sv (the largest projection on
/// sv/|sv| of a face point's offset from the face centre), so it is 0 on a
/// uniform grid and about 1 when the line misses the face. Boundary faces
/// (all patches, empty ones included) treat the far side as the owner's mirror
/// image: d is the owner's normal offset to the face plane and the floor is
/// 0.4 |d|. Divisions are guarded with 1e-150 (ROOTVSMALL) as in OpenFOAM.
std::vector<Scalar> faceSkewness(const PolyMesh& mesh, const MeshGeometry& geometry);

/// Per internal face, the cosine of the non-orthogonality angle:
/// d.S / (|d| |S| + 1e-150), d = C_N - C_P (1 when d is along the face normal).
std::vector<Scalar> faceOrthogonality(const PolyMesh& mesh, const MeshGeometry& geometry);

/// Aspect ratio per cell, OpenFOAM's definition: with A = the sum over the
/// cell's faces of the component magnitudes |S_f,x|, |S_f,y|, |S_f,z|, the
/// largest over the smallest of A's components in the `directions.geometric`
/// directions (+1e-150), and on 3D meshes only (three geometric directions)
/// the larger of that and (A_x + A_y + A_z) / (6 max(V, 1e-150)^(2/3)).
/// 1 for a cube, L_max/L_min for an axis-aligned box; on a one-cell-thick 2D
/// mesh the thickness does not count. The component term depends on
/// orientation (a cube rotated 45 degrees about z gives sqrt 2).
std::vector<Scalar> cellAspectRatio(const PolyMesh& mesh, const MeshGeometry& geometry,
                                    const MeshDirections& directions);

/// Openness per cell: |sum of outward S_f| / sum |S_f| (0 for a closed cell,
/// 1 for a cell without faces).
std::vector<Scalar> cellOpenness(const PolyMesh& mesh, const MeshGeometry& geometry);

}  // namespace sluice::mesh
