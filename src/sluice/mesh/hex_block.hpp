#pragma once
// One hexahedral block with all its lattice points: the lattice numbering
// and faces of HexLattice plus every point computed by HexBlockGeometry
// (the serial mesher's building block; a rank that needs only some points
// uses HexBlockGeometry directly).
//
//   std::array<Grading, 12> grading;                    // edgeGrading order, default uniform
//   HexBlock block(corners, {10, 10, 1}, grading, {});  // all edges straight
//   Vec3 p = block.point(3, 4, 0);
//   for (const HexBlock::LatticeFace& f : block.boundaryFaces(HexBlock::zMin)) ...
#include <array>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/mesh/grading.hpp"
#include "sluice/mesh/hex_block_geometry.hpp"
#include "sluice/mesh/hex_lattice.hpp"

namespace sluice::mesh {

class HexBlock : public HexLattice {
 public:
  using EdgeShape = HexBlockGeometry::EdgeShape;

  /// `cells` must be >= 1 in each direction.
  HexBlock(const std::array<Vec3, 8>& corners, const std::array<Label, 3>& cells,
           const std::array<Grading, 12>& grading, const std::array<EdgeShape, 12>& edges);

  const Vec3& point(Label i, Label j, Label k) const { return points_[pointIndex(i, j, k)]; }
  const std::vector<Vec3>& points() const { return points_; }

 private:
  std::vector<Vec3> points_;
};

}  // namespace sluice::mesh
