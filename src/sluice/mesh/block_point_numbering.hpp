#pragma once
// The global point numbering of a block mesh, computed from the block
// topology alone (no lattice of points): lattice points on block faces shared
// by two blocks merge (transitively, so a point on a block edge may merge
// across several blocks), each merged point takes the number of its member
// in the lowest block, and the points are numbered as buildBlockMesh numbers
// them (block by block, lattice order, merged points counted once). Its
// coordinates are those of its member in the highest block (buildBlockMesh
// writes the blocks' points in order, the last one staying).
//
// Whether a lattice point is merged into a lower block depends only on which
// of the block's 27 parts (interior, face interiors, edge interiors,
// vertices) it lies in, so counting and numbering are arithmetic.
//
//   BlockPointNumbering numbering(topology);
//   if (!numbering.covered()) ...;                     // a merged point with two members in one block
//   GlobalLabel id = numbering.id({block, {i, j, k}});
//   numbering.forEachPoint(first, last, [&](GlobalLabel id, const BlockPointNumbering::LatticePoint& source) { ... });
#include <array>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/mesh/block_topology.hpp"
#include "sluice/mesh/hex_lattice.hpp"

namespace sluice::mesh {

class BlockPointNumbering {
 public:
  struct LatticePoint {
    Label block;
    std::array<Label, 3> ijk;
    friend bool operator==(const LatticePoint&, const LatticePoint&) = default;
  };

  /// After the topology's checks (shared frames are checked here, InputError).
  explicit BlockPointNumbering(const BlockTopology& topology);

  /// False if some merged point has two members in one block (then the ids here are not buildBlockMesh's).
  bool covered() const { return covered_; }
  GlobalLabel nPoints() const { return rootOffset_.back(); }

  /// The global id of a lattice point.
  GlobalLabel id(const LatticePoint& point) const;
  /// All lattice points merged with `point` (itself first).
  std::vector<LatticePoint> mergedWith(const LatticePoint& point) const;
  /// The member whose coordinates buildBlockMesh keeps: the one in the highest block.
  LatticePoint coordinateSource(const LatticePoint& point) const;

  /// Calls visit(id, coordinateSource) for the global points first .. last-1, in order.
  template <class Visit>
  void forEachPoint(GlobalLabel first, GlobalLabel last, Visit&& visit) const {
    if (first >= last) return;
    auto [block, p] = locate(first);
    for (GlobalLabel id = first; id < last;) {
      if (p == lattices_[block].nPoints()) {
        ++block;
        p = 0;
        continue;
      }
      const LatticePoint point{block, lattices_[block].pointCoords(p)};
      ++p;
      if (!isRoot(point)) continue;
      visit(id++, coordinateSource(point));
    }
  }

 private:
  struct Part {
    Label lowestBlock = -1;   ///< block of the member that numbers the merged point
    Label highestBlock = -1;  ///< block of the member that gives its coordinates
  };
  /// One side of a shared block face: its frame and the partner's.
  struct FaceMap {
    Label partner = -1;
    BlockTopology::FaceFrame own, other;
  };

  int partOf(const LatticePoint& point) const;
  bool isRoot(const LatticePoint& point) const { return parts_[point.block][partOf(point)].lowestBlock == point.block; }
  /// Lattice points of block `block` before lattice index `end` that merge into a lower block.
  GlobalLabel mergedBelow(Label block, const std::array<Label, 3>& end) const;
  /// Block and lattice index of global point `id`.
  std::pair<Label, Label> locate(GlobalLabel id) const;

  std::vector<HexLattice> lattices_;
  std::vector<std::array<FaceMap, 6>> faceMaps_;
  std::vector<std::array<Part, 27>> parts_;
  std::vector<bool> mergesIntoLower_;    // per block: has points merged into a lower block
  std::vector<GlobalLabel> rootOffset_;  // first global id of each block's own points; last: total
  bool covered_ = true;
};

}  // namespace sluice::mesh
