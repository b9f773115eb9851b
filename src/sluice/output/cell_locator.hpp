#pragma once
// Which cell of a polyhedral mesh contains a point. A point is in a cell when
// it lies on the inner side of the plane of every face of the cell (face
// centre and area vector, oriented out of the cell), with a tolerance of
// 1e-8 times the cell's size so that points on a face count for both cells.
// Candidates come from a uniform bucket grid of cell bounding boxes; of
// several containing cells the one with the lowest global id wins, so points
// on shared faces, edges and corners resolve the same way at any
// decomposition. No MPI (see PointSampler for the parallel search).
//
//   CellLocator locator(mesh, geometry, globalCellIds);
//   Label c = locator.findCell({0.5, 0.2, 0.05});     // local cell, or -1 outside this mesh
//   bool in = locator.contains(c, p);
#include <span>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/mesh/poly_mesh.hpp"

namespace sluice::output {

class CellLocator {
 public:
  /// `geometry` = MeshGeometry::compute(mesh); `globalCellIds` per cell (at
  /// least mesh.nCells()). Both must outlive the locator.
  CellLocator(const mesh::PolyMesh& mesh, const mesh::MeshGeometry& geometry, std::span<const GlobalLabel> globalCellIds);

  /// The containing cell with the lowest global id, or -1.
  Label findCell(const Vec3& p) const;
  /// Face-plane test (with the tolerance described above).
  bool contains(Label cell, const Vec3& p) const;

  /// Faces of each cell (CSR), as used by the tests.
  const mesh::FaceList& cellFaces() const { return cellFaces_; }

 private:
  const mesh::PolyMesh& mesh_;
  const mesh::MeshGeometry& geometry_;
  std::span<const GlobalLabel> globalCellIds_;
  mesh::FaceList cellFaces_;
  std::vector<Scalar> tolerance_;      ///< per cell: absolute distance tolerance
  Vec3 lo_, hi_;                       ///< bounding box of the grid
  int n_[3] = {1, 1, 1};               ///< buckets per direction
  Vec3 inverseWidth_;                  ///< buckets per unit length, per direction
  std::vector<Label> bucketStart_;     ///< CSR over buckets
  std::vector<Label> bucketCells_;

  int bucketIndex(int i, int j, int k) const { return i + n_[0] * (j + n_[1] * k); }
  int clampedBucket(Scalar x, int d) const;
};

}  // namespace sluice::output
