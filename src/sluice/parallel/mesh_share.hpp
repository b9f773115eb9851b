#pragma once
// One rank's share of an undecomposed mesh, as it is read or generated in
// parallel at start-up before any partitioning: some of the global faces
// (every face of the mesh on exactly one rank) with their owner, neighbour
// and vertices in global ids, and a contiguous range of the global points.
// Nothing in it is sized by the whole mesh except the patch list.
//
// Producers: readPolyMeshShare (constant/polyMesh, each rank its byte
// ranges) and buildBlockMeshShare (blockMeshDict, each rank its cells).
// Consumer: the distributed start-up (case_startup.hpp), which partitions the
// cells and moves each face to the ranks of its cells.
//
//   MeshShare share = readPolyMeshShare(comm, caseDir / "constant/polyMesh");   // collective
//   // share.faceIds ascending; share.owner[i], share.neighbour[i] (-1: boundary), share.faces[i]
//   // points firstPoint .. firstPoint + points.size() - 1 live here
#include <string>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/mesh/face_list.hpp"
#include "sluice/mesh/patch.hpp"

namespace sluice::parallel {

struct MeshShare {
  std::string name;  ///< used in messages, e.g. "constant/polyMesh"
  GlobalLabel nGlobalCells = 0;
  GlobalLabel nGlobalFaces = 0;
  GlobalLabel nGlobalInternalFaces = 0;
  GlobalLabel nGlobalPoints = 0;
  /// The undecomposed mesh's patches, the same on every rank, with global
  /// start and size, in the order (and face order) of the files.
  std::vector<mesh::Patch> patches;

  /// Faces held here, ascending global face id. Their numbering is that of
  /// the undecomposed mesh (internal faces upper-triangular, then the
  /// patches' faces), so a boundary face's patch follows from `patches`.
  std::vector<GlobalLabel> faceIds;
  std::vector<GlobalLabel> owner;      ///< per face held: global owner cell
  std::vector<GlobalLabel> neighbour;  ///< per face held: global neighbour cell, -1 for a boundary face
  mesh::FaceList faces;                ///< per face held: its vertices as global point ids

  /// Points held here: global ids firstPoint .. firstPoint + points.size() - 1.
  /// The ranks' ranges follow each other in rank order and cover every point.
  GlobalLabel firstPoint = 0;
  std::vector<Vec3> points;
};

}  // namespace sluice::parallel
