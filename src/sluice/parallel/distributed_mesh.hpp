#pragma once
// One rank's part of a decomposed mesh. Local numbering: owned cells
// 0..nOwnedCells-1, then ghost (halo) cells nOwnedCells..nOwnedCells+nGhostCells-1,
// one layer, copies of neighbour ranks' cells. `mesh` holds only owned cells;
// processor faces are boundary faces in patches of type "processor" (one per
// neighbour rank, Patch::neighbourRank set, ordered by rank), each joining an
// owned cell (the face owner, normal pointing out of this rank) to a ghost cell.
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/core/types.hpp"
#include "sluice/mesh/poly_mesh.hpp"
#include "sluice/parallel/halo_pattern.hpp"

namespace sluice::parallel {

struct DistributedMesh {
  mesh::PolyMesh mesh;                     ///< owned cells, processor patches last
  Label nOwnedCells = 0;
  Label nGhostCells = 0;
  GlobalLabel nGlobalCells = 0;
  std::vector<GlobalLabel> globalCellIds;  ///< per local cell (owned then ghost): id in the undecomposed mesh
  std::vector<Label> processorFaceGhost;   ///< per face from the first processor face on: its ghost cell
  Label firstProcessorFace = 0;            ///< faces >= this are processor faces (an FvMesh's: up to its nFaces())
  /// Per local face: its face in the undecomposed mesh (once the sampling
  /// ids are released, only the faces before an FvMesh's empty ones).
  std::vector<GlobalLabel> globalFaceIds;
  /// Per local point: its point in the undecomposed mesh; empty when every
  /// point is its own (a rank holding every point: a serial run), see
  /// globalPointId, or when released (samplingIdsReleased).
  std::vector<GlobalLabel> globalPointIds;
  /// The ids only sampling reads were freed after start-up, as the run
  /// samples nothing (FvMesh::releaseSamplingIds): globalPointIds, and
  /// globalFaceIds of the empty faces. An empty globalPointIds then means
  /// unknown, not "every point its own".
  bool samplingIdsReleased = false;
  HaloPattern halo;

  GlobalLabel globalPointId(Label point) const {
    if (samplingIdsReleased) throw Error("DistributedMesh::globalPointId: the global point ids were released");
    return globalPointIds.empty() ? point : globalPointIds[point];
  }
};

/// The processor patch of rank `me` towards rank `neighbour`, named
/// procBoundary<me>to<neighbour> as OpenFOAM names it, holding faces
/// start .. start + size - 1.
inline mesh::Patch processorPatch(int me, int neighbour, Label start, Label size) {
  mesh::Patch patch;
  patch.name = fmt::format("procBoundary{}to{}", me, neighbour);
  patch.type = "processor";
  patch.start = start;
  patch.size = size;
  patch.neighbourRank = neighbour;
  return patch;
}

}  // namespace sluice::parallel
