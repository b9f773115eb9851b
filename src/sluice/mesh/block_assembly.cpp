#include "sluice/mesh/block_assembly.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <unordered_map>

#include "sluice/core/checked_count.hpp"
#include "sluice/core/error.hpp"
#include "sluice/mesh/block_topology.hpp"
#include "sluice/mesh/hex_block.hpp"

namespace sluice::mesh {

namespace {

using Quad = std::array<Label, 4>;


struct QuadHash {
  std::size_t operator()(const Quad& q) const {
    std::size_t h = 0;
    for (Label v : q) h = h * 1000003u ^ static_cast<std::size_t>(static_cast<std::uint32_t>(v));
    return h;
  }
};


/// Union-find whose roots are the smallest index of each set.
class MinUnionFind {
 public:
  explicit MinUnionFind(std::size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), 0); }
  Label find(Label a) {
    while (parent_[a] != a) {
      parent_[a] = parent_[parent_[a]];
      a = parent_[a];
    }
    return a;
  }
  void unite(Label a, Label b) {
    a = find(a);
    b = find(b);
    if (a < b)
      parent_[b] = a;
    else if (b < a)
      parent_[a] = b;
  }

 private:
  std::vector<Label> parent_;
};

/// The steps of assembleBlockMesh, sharing their intermediate tables:
///   PolyMesh mesh = Assembler(spec).run();
class Assembler {
 public:
  explicit Assembler(const BlockMeshSpec& spec) : spec_(spec), topology_(spec) {}

  PolyMesh run() {
    buildBlocks();
    mergePoints();
    topology_.assignPatchFaces();
    return buildMesh();
  }

 private:
  using FaceRef = BlockFaceRef;

  Label label(Label block, int localVertex) const { return topology_.label(block, localVertex); }
  Quad faceLabels(Label block, int face) const { return topology_.faceLabels(block, face); }
  static Quad sortedQuad(const Quad& q) { return BlockTopology::sortedQuad(q); }
  static std::string quadText(const Quad& q) { return BlockTopology::quadText(q); }

  void buildBlocks() {
    blocks_.reserve(spec_.blocks.size());
    Label pointOffset = 0;
    for (Label b = 0; b < topology_.nBlocks(); ++b) {
      const BlockSpec& block = spec_.blocks[b];
      blocks_.emplace_back(topology_.corners(b), block.cells, block.grading, topology_.edgeShapes(b));
      pointOffsets_.push_back(pointOffset);
      cellOffsets_.push_back(static_cast<Label>(topology_.cellOffset(b)));
      pointOffset += blocks_.back().nPoints();
    }
    nRawPoints_ = pointOffset;
  }

  void mergePoints() {
    MinUnionFind uf(nRawPoints_);
    for (const auto& [A, B] : topology_.sharedPairs()) {
      const auto [fa, fb] = topology_.sharedFrames({A, B});

      const HexBlock& ha = blocks_[A.block];
      const HexBlock& hbk = blocks_[B.block];
      // Merge tolerance: a third of the shortest distance between points of
      // one lattice face on this block face (blockMesh uses the same measure).
      Scalar minDist2 = std::numeric_limits<Scalar>::max();
      for (const HexBlock::LatticeFace& lf : ha.boundaryFaces(A.face))
        for (int m = 0; m < 4; ++m)
          for (int q = m + 1; q < 4; ++q)
            minDist2 = std::min(minDist2, magSqr(ha.points()[lf.points[m]] - ha.points()[lf.points[q]]));
      const Scalar tol2 = minDist2 / 10;

      for (Label a = 0; a <= fa.nu; ++a)
        for (Label b = 0; b <= fa.nv; ++b) {
          std::array<Label, 3> pa, pb;
          for (int d = 0; d < 3; ++d) {
            pa[d] = fa.origin[d] + a * fa.u[d] + b * fa.v[d];
            pb[d] = fb.origin[d] + a * fb.u[d] + b * fb.v[d];
          }
          const Label ia = ha.pointIndex(pa[0], pa[1], pa[2]);
          const Label ib = hbk.pointIndex(pb[0], pb[1], pb[2]);
          const Scalar d2 = magSqr(ha.points()[ia] - hbk.points()[ib]);
          if (d2 > tol2) topology_.failMismatch({A, B}, ha.points()[ia], hbk.points()[ib]);
          uf.unite(pointOffsets_[A.block] + ia, pointOffsets_[B.block] + ib);
        }
    }

    pointId_.assign(nRawPoints_, -1);
    Label next = 0;
    for (Label p = 0; p < nRawPoints_; ++p) {
      const Label root = uf.find(p);
      pointId_[p] = root == p ? next++ : pointId_[root];
    }
    points_.assign(next, Vec3{});
    for (std::size_t b = 0; b < blocks_.size(); ++b)
      for (Label p = 0; p < blocks_[b].nPoints(); ++p) points_[pointId_[pointOffsets_[b] + p]] = blocks_[b].points()[p];
  }


  PolyMesh buildMesh() {
    FaceList faces;
    std::vector<Label> owner, neighbour;
    auto addFace = [&](Label block, const Quad& lattice, Label own, Label nbr) {
      Quad q;
      for (int m = 0; m < 4; ++m) q[m] = pointId_[pointOffsets_[block] + lattice[m]];
      faces.add(std::span<const Label>(q.data(), 4));
      owner.push_back(own);
      if (nbr >= 0) neighbour.push_back(nbr);
    };

    // Internal faces: inside each block, then across shared block faces.
    std::vector<HexBlock::LatticeFace> inner;
    std::vector<Label> innerNbr;
    for (std::size_t b = 0; b < blocks_.size(); ++b) {
      inner.clear();
      innerNbr.clear();
      blocks_[b].internalFaces(inner, innerNbr);
      const Label off = cellOffsets_[b];
      for (std::size_t i = 0; i < inner.size(); ++i)
        addFace(static_cast<Label>(b), inner[i].points, off + inner[i].cell, off + innerNbr[i]);
    }
    for (const auto& [A, B] : topology_.sharedPairs()) {
      std::unordered_map<Quad, Label, QuadHash> cellOfB;
      for (const HexBlock::LatticeFace& lf : blocks_[B.block].boundaryFaces(B.face)) {
        Quad q;
        for (int m = 0; m < 4; ++m) q[m] = pointId_[pointOffsets_[B.block] + lf.points[m]];
        cellOfB.emplace(sortedQuad(q), cellOffsets_[B.block] + lf.cell);
      }
      for (const HexBlock::LatticeFace& lf : blocks_[A.block].boundaryFaces(A.face)) {
        Quad q;
        for (int m = 0; m < 4; ++m) q[m] = pointId_[pointOffsets_[A.block] + lf.points[m]];
        auto it = cellOfB.find(sortedQuad(q));
        if (it == cellOfB.end())
          throw Error(fmt::format("assembleBlockMesh: no matching face between blocks {} and {}", A.block, B.block));
        addFace(A.block, lf.points, cellOffsets_[A.block] + lf.cell, it->second);
      }
    }

    // Boundary faces: listed patches in order, then the default patch. A
    // listed patch with the default patch's name takes the uncovered faces
    // after its own (OpenFOAM reuses it, keeping its type). The layout (patch
    // starts and sizes) is the topology's, which the share mesher uses too.
    BlockTopology::PatchLayout layout = topology_.patchLayout(faces.size());
    const auto defaultPatch = static_cast<std::size_t>(layout.defaultPatch);
    for (std::size_t p = 0; p < spec_.patches.size(); ++p) {
      for (const FaceRef& ref : topology_.patchFaces(p))
        for (const HexBlock::LatticeFace& lf : blocks_[ref.block].boundaryFaces(ref.face))
          addFace(ref.block, lf.points, cellOffsets_[ref.block] + lf.cell, -1);
      if (p == defaultPatch) addDefaultFaces(addFace);
    }
    if (layout.defaultPatch >= 0 && defaultPatch == spec_.patches.size()) addDefaultFaces(addFace);
    if (!layout.patches.empty() && layout.patches.back().start + layout.patches.back().size != faces.size())
      throw Error("assembleBlockMesh: the boundary faces do not fill the patch layout");
    std::vector<Patch> patches = std::move(layout.patches);

    PolyMesh mesh(std::move(points_), std::move(faces), std::move(owner), std::move(neighbour), std::move(patches),
                  spec_.fileName);
    mesh.sortInternalFaces();
    if (spec_.scale != 1) mesh.scalePoints(spec_.scale);
    return mesh;
  }

  // Default-patch faces in cell order, each cell's faces in hex face order
  // (the order OpenFOAM gives exposed faces).
  template <class AddFace>
  void addDefaultFaces(AddFace& addFace) const {
    for (std::size_t b = 0; b < blocks_.size(); ++b) {
      std::array<bool, 6> isDefault{};
      bool any = false;
      for (int f = 0; f < 6; ++f) {
        isDefault[f] = topology_.isDefault(static_cast<Label>(b), f);
        any = any || isDefault[f];
      }
      if (!any) continue;
      const HexBlock& hb = blocks_[b];
      // Lattice faces of each default block face, indexed by their cell.
      std::array<std::vector<Label>, 6> faceOfCell;
      std::array<std::vector<HexBlock::LatticeFace>, 6> lattice;
      for (int f = 0; f < 6; ++f) {
        if (!isDefault[f]) continue;
        lattice[f] = hb.boundaryFaces(f);
        faceOfCell[f].assign(hb.nCells(), -1);
        for (std::size_t i = 0; i < lattice[f].size(); ++i) faceOfCell[f][lattice[f][i].cell] = static_cast<Label>(i);
      }
      for (Label c = 0; c < hb.nCells(); ++c)
        for (int f = 0; f < 6; ++f)
          if (isDefault[f] && faceOfCell[f][c] >= 0) {
            const HexBlock::LatticeFace& lf = lattice[f][faceOfCell[f][c]];
            addFace(static_cast<Label>(b), lf.points, cellOffsets_[b] + c, -1);
          }
    }
  }

  const BlockMeshSpec& spec_;
  BlockTopology topology_;
  std::vector<HexBlock> blocks_;
  std::vector<Label> pointOffsets_, cellOffsets_;
  Label nRawPoints_ = 0;
  std::vector<Label> pointId_;  // raw lattice point -> merged point
  std::vector<Vec3> points_;
};

}  // namespace

PolyMesh assembleBlockMesh(const BlockMeshSpec& spec) {
  if (spec.blocks.empty()) throw InputError(locatedMessage(spec.fileName, 0, 0, "no blocks"));
  return Assembler(spec).run();
}

}  // namespace sluice::mesh
