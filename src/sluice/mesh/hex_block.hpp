#pragma once
// The point lattice of one hexahedral block (OpenFOAM hex vertex order:
// 0-3 the bottom face counter-clockwise seen from above, 4-7 above them;
// local x along 0->1, y along 0->3, z along 0->4). Points on the 12 block
// edges follow the edge shapes and gradings; the other lattice points are a
// blend of the edge positions (trilinear for straight edges with uniform
// grading per direction) plus blockMesh's curved-edge correction.
//
//   std::array<Grading, 12> grading;                    // edgeGrading order, default uniform
//   HexBlock block(corners, {10, 10, 1}, grading, {});  // all edges straight
//   Vec3 p = block.point(3, 4, 0);
//   for (const HexBlock::LatticeFace& f : block.boundaryFaces(HexBlock::zMin)) ...
#include <array>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/mesh/block_edges.hpp"
#include "sluice/mesh/grading.hpp"

namespace sluice::mesh {

class HexBlock {
 public:
  /// Block edges in edgeGrading order: 0-3 along x, 4-7 along y, 8-11 along z,
  /// each as (start vertex, end vertex) of the hex.
  static constexpr std::array<std::array<int, 2>, 12> edgeVertices = {
      {{0, 1}, {3, 2}, {7, 6}, {4, 5}, {0, 3}, {1, 2}, {5, 6}, {4, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}}};
  /// Block faces (outward normals for a right-handed hex) in OpenFOAM hex order.
  static constexpr std::array<std::array<int, 4>, 6> faceVertices = {
      {{0, 4, 7, 3}, {1, 2, 6, 5}, {0, 1, 5, 4}, {3, 7, 6, 2}, {0, 3, 2, 1}, {4, 5, 6, 7}}};
  enum Face { xMin = 0, xMax = 1, yMin = 2, yMax = 3, zMin = 4, zMax = 5 };

  /// Shape of one block edge as seen from the block: the curve (nullptr =
  /// straight) and whether the curve runs against the block edge direction.
  struct EdgeShape {
    const BlockEdge* curve = nullptr;
    bool reversed = false;
  };

  /// A quadrilateral face of the lattice: points (lattice indices), ordered
  /// so the normal points out of `cell` (local cell index).
  struct LatticeFace {
    std::array<Label, 4> points;
    Label cell;
  };

  /// `cells` must be >= 1 in each direction.
  HexBlock(const std::array<Vec3, 8>& corners, const std::array<Label, 3>& cells,
           const std::array<Grading, 12>& grading, const std::array<EdgeShape, 12>& edges);

  Label ni() const { return n_[0]; }
  Label nj() const { return n_[1]; }
  Label nk() const { return n_[2]; }
  Label nCells() const { return n_[0] * n_[1] * n_[2]; }
  Label nPoints() const { return (n_[0] + 1) * (n_[1] + 1) * (n_[2] + 1); }

  Label pointIndex(Label i, Label j, Label k) const { return i + (n_[0] + 1) * (j + (n_[1] + 1) * k); }
  Label cellIndex(Label i, Label j, Label k) const { return i + n_[0] * (j + n_[1] * k); }
  const Vec3& point(Label i, Label j, Label k) const { return points_[pointIndex(i, j, k)]; }
  const std::vector<Vec3>& points() const { return points_; }

  /// Lattice coordinates (i, j, k) of hex vertex v (0..7).
  std::array<Label, 3> vertexCoords(int v) const;

  /// The lattice faces covering block face `face`, in blockMesh's order
  /// (x faces: k outer, j inner; y faces: i outer, k inner; z faces: i outer,
  /// j inner), normals pointing out of the block.
  std::vector<LatticeFace> boundaryFaces(int face) const;

  /// Faces between cells of this block: for each cell (i fastest), its
  /// x+, y+ and z+ neighbours inside the block; `cell` is the owner and the
  /// neighbour is returned in `neighbour`.
  void internalFaces(std::vector<LatticeFace>& faces, std::vector<Label>& neighbour) const;

 private:
  std::array<Label, 3> n_;
  std::vector<Vec3> points_;
};

}  // namespace sluice::mesh
