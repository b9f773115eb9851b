#pragma once
// What sampling needs to know about one rank's mesh: the owned cells'
// topology and geometry, a point locator, and the global ids of cells and
// points (so a point shared by several ranks is recognised as one). Built
// once per run, shared by every sampling function object. No MPI.
//
//   SamplingMesh sm(distributed);                                  // from a DistributedMesh
//   SamplingMesh serial(mesh, globalCellIds, globalPointIds);      // or plain arrays
//   Label c = sm.locator().findCell(p);
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
  /// mesh.nCells()); `globalPointIds`: per point, or empty when the mesh is
  /// the whole (undecomposed) mesh. The mesh and arrays must outlive this object.
  SamplingMesh(const mesh::PolyMesh& mesh, std::span<const GlobalLabel> globalCellIds,
               std::span<const GlobalLabel> globalPointIds = {});
  explicit SamplingMesh(const parallel::DistributedMesh& distributed)
      : SamplingMesh(distributed.mesh, distributed.globalCellIds, distributed.globalPointIds) {}
  SamplingMesh(const SamplingMesh&) = delete;
  SamplingMesh& operator=(const SamplingMesh&) = delete;

  const mesh::PolyMesh& mesh() const { return mesh_; }
  const mesh::MeshGeometry& geometry() const { return geometry_; }
  const CellLocator& locator() const { return locator_; }
  const mesh::FaceList& cellFaces() const { return locator_.cellFaces(); }
  GlobalLabel globalCell(Label cell) const { return globalCellIds_[cell]; }
  GlobalLabel globalPoint(Label point) const { return globalPointIds_.empty() ? point : globalPointIds_[point]; }

 private:
  const mesh::PolyMesh& mesh_;
  std::span<const GlobalLabel> globalCellIds_;
  std::span<const GlobalLabel> globalPointIds_;
  mesh::MeshGeometry geometry_;
  CellLocator locator_;
};

}  // namespace sluice::output
