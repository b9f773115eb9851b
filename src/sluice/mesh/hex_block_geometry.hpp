#pragma once
// Coordinates of the lattice points of one hexahedral block, one point at a
// time: points on the 12 block edges follow the edge shapes and gradings;
// the other lattice points are a blend of the edge positions (trilinear for
// straight edges with uniform grading per direction) plus blockMesh's
// curved-edge correction. Holds only the 12 edge divisions, so a rank can
// compute just the points it needs (HexBlock computes them all).
//
//   std::array<Grading, 12> grading;                                // edgeGrading order, default uniform
//   HexBlockGeometry geometry(corners, {10, 10, 1}, grading, {});   // all edges straight
//   Vec3 p = geometry.point(3, 4, 0);                               // unscaled
#include <array>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/mesh/block_edges.hpp"
#include "sluice/mesh/grading.hpp"

namespace sluice::mesh {

class HexBlockGeometry {
 public:
  /// Shape of one block edge as seen from the block: the curve (nullptr =
  /// straight) and whether the curve runs against the block edge direction.
  struct EdgeShape {
    const BlockEdge* curve = nullptr;
    bool reversed = false;
  };

  /// `cells` must be >= 1 in each direction; edges in edgeGrading order
  /// (HexLattice::edgeVertices). The curves must outlive the constructor only.
  HexBlockGeometry(const std::array<Vec3, 8>& corners, const std::array<Label, 3>& cells,
                   const std::array<Grading, 12>& grading, const std::array<EdgeShape, 12>& edges);

  /// The lattice point (i, j, k), 0 <= i <= ni etc.; block vertices exactly as given.
  Vec3 point(Label i, Label j, Label k) const;

 private:
  struct EdgeDivision {
    std::vector<Vec3> points;     // n+1 points from the block edge's start to its end
    std::vector<Scalar> weights;  // n+1 parameters, 0 ... 1
  };
  static EdgeDivision divideEdge(const Vec3& a, const Vec3& b, Label n, const Grading& grading, const EdgeShape& shape);

  std::array<Vec3, 8> corners_;
  std::array<Label, 3> n_;
  std::array<EdgeDivision, 12> div_;
  bool curved_ = false;
};

}  // namespace sluice::mesh
