#pragma once
// What sampling needs to know about one rank's mesh: the owned cells'
// topology and geometry, a point locator, and the global ids of cells, points
// and faces (so a point or a processor face shared by several ranks is
// recognised as one). Built once per run, shared by every sampling function
// object. No MPI.
//
//   SamplingMesh sm(distributed);                                  // from a DistributedMesh
//   SamplingMesh serial(mesh, globalCellIds, globalPointIds);      // or plain arrays
//   Label c = sm.locator().findCell(p);
//   bool shared = sm.isProcessorFace(f);                           // face of a "processor" patch
#include <span>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/mesh/poly_mesh.hpp"
#include "sluice/output/cell_locator.hpp"
#include "sluice/parallel/distributed_mesh.hpp"

namespace sluice::output {

class SamplingMesh {
 public:
  /// `mesh`: this rank's owned cells. `globalCellIds`: per cell (at least
  /// mesh.nCells()); `globalPointIds` / `globalFaceIds`: per point / face, or
  /// empty when each id is the index itself (the whole, undecomposed mesh; a
  /// DistributedMesh's globalPointIds on one rank). The mesh and arrays must
  /// outlive this object.
  SamplingMesh(const mesh::PolyMesh& mesh, std::span<const GlobalLabel> globalCellIds,
               std::span<const GlobalLabel> globalPointIds = {}, std::span<const GlobalLabel> globalFaceIds = {});
  /// Error if the mesh's sampling ids were released (FvMesh::releaseSamplingIds).
  explicit SamplingMesh(const parallel::DistributedMesh& distributed);
  SamplingMesh(const SamplingMesh&) = delete;
  SamplingMesh& operator=(const SamplingMesh&) = delete;

  const mesh::PolyMesh& mesh() const { return mesh_; }
  const mesh::MeshGeometry& geometry() const { return geometry_; }
  const CellLocator& locator() const { return locator_; }
  const mesh::FaceList& cellFaces() const { return locator_.cellFaces(); }
  GlobalLabel globalCell(Label cell) const { return globalCellIds_[cell]; }
  GlobalLabel globalPoint(Label point) const { return globalPointIds_.empty() ? point : globalPointIds_[point]; }
  GlobalLabel globalFace(Label face) const { return globalFaceIds_.empty() ? face : globalFaceIds_[face]; }
  /// Patch index of each boundary face (face - nInternalFaces()).
  Label patchOf(Label face) const { return facePatch_[face - mesh_.nInternalFaces()]; }
  /// A boundary face of a "processor" patch (its other cell is on another rank).
  bool isProcessorFace(Label face) const {
    if (face < mesh_.nInternalFaces()) return false;
    const Label p = patchOf(face);
    return p >= 0 && mesh_.patches()[p].type == "processor";
  }

 private:
  const mesh::PolyMesh& mesh_;
  std::span<const GlobalLabel> globalCellIds_;
  std::span<const GlobalLabel> globalPointIds_;
  std::span<const GlobalLabel> globalFaceIds_;
  std::vector<Label> facePatch_;  ///< per boundary face
  mesh::MeshGeometry geometry_;
  CellLocator locator_;
};

}  // namespace sluice::output
