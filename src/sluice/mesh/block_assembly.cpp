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
#include "sluice/mesh/hex_block.hpp"

namespace sluice::mesh {

namespace {

using Quad = std::array<Label, 4>;

Quad sortedQuad(Quad q) {
  std::sort(q.begin(), q.end());
  return q;
}

struct QuadHash {
  std::size_t operator()(const Quad& q) const {
    std::size_t h = 0;
    for (Label v : q) h = h * 1000003u ^ static_cast<std::size_t>(static_cast<std::uint32_t>(v));
    return h;
  }
};

std::string quadText(const Quad& q) { return fmt::format("({} {} {} {})", q[0], q[1], q[2], q[3]); }

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

/// One side of a block face: block index and local face (0..5).
struct FaceRef {
  Label block;
  int face;
};

/// The steps of assembleBlockMesh, sharing their intermediate tables:
///   PolyMesh mesh = Assembler(spec).run();
class Assembler {
 public:
  explicit Assembler(const BlockMeshSpec& spec) : spec_(spec) {}

  PolyMesh run() {
    checkBlocks();
    buildBlocks();
    findSharedFaces();
    mergePoints();
    assignPatchFaces();
    return buildMesh();
  }

 private:
  [[noreturn]] void fail(const std::string& message) const {
    throw InputError(locatedMessage(spec_.fileName, 0, 0, message));
  }
  [[noreturn]] void fail(const SourcePos& pos, const std::string& message) const {
    throw InputError(locatedMessage(spec_.fileName, pos.line, pos.column, message));
  }

  Label label(Label block, int localVertex) const { return spec_.blocks[block].vertices[localVertex]; }
  Quad faceLabels(Label block, int face) const {
    Quad q;
    for (int m = 0; m < 4; ++m) q[m] = label(block, HexBlock::faceVertices[face][m]);
    return q;
  }

  // Cells, points and faces of each block and of all blocks together, in 64
  // bits: they are numbered by Label, and the face list's offsets count 4
  // points per face (before point merging, which only lowers the counts).
  struct MeshCounts {
    std::optional<std::int64_t> cells = 0, points = 0, faces = 0;
  };
  static constexpr std::int64_t kMaxFaces = kMaxLabel / 4;

  void checkCounts(std::size_t b, MeshCounts& totals) const {
    const auto& n = spec_.blocks[b].cells;
    const std::int64_t ni = n[0], nj = n[1], nk = n[2];
    // Interior and boundary faces of the block: 3 per cell plus one layer on each lower side.
    const MeshCounts block{checkedProduct({ni, nj, nk}), checkedProduct({ni + 1, nj + 1, nk + 1}),
                           checkedSum({checkedProduct({3, ni, nj, nk}), checkedProduct({ni, nj}),
                                       checkedProduct({nj, nk}), checkedProduct({ni, nk})})};
    const std::string what = fmt::format("block {} ({} x {} x {} cells)", b, ni, nj, nk);
    checkLimit(spec_.blocks[b].pos, what, block);
    totals = {checkedSum({totals.cells, block.cells}), checkedSum({totals.points, block.points}),
              checkedSum({totals.faces, block.faces})};
  }

  void checkLimit(const SourcePos& pos, const std::string& what, const MeshCounts& counts) const {
    auto check = [&](const std::optional<std::int64_t>& count, std::int64_t limit, const char* entity) {
      if (count && *count <= limit) return;
      const std::string value = count ? std::to_string(*count) : "more than 9223372036854775807";
      fail(pos, fmt::format("{} has {} {}, more than the {} {} a mesh may have", what, value, entity, limit, entity));
    };
    check(counts.cells, kMaxLabel, "cells");
    check(counts.points, kMaxLabel, "points");
    check(counts.faces, kMaxFaces, "faces");
  }

  // Cells are shared among grading sections by rounding and the largest
  // section takes the remainder (as blockMesh does); many sections that all
  // round up can leave it a negative share, which no division can honour.
  void checkGradingSections(std::size_t b) const {
    static constexpr const char* kDir[3] = {"x", "y", "z"};
    const BlockSpec& block = spec_.blocks[b];
    for (int e = 0; e < 12; ++e) {
      const Label n = block.cells[e / 4];
      for (Label m : block.grading[e].sectionCells(n))
        if (m < 0)
          fail(block.pos, fmt::format("block {}: the {} cells in direction {} cannot be shared among the {} grading "
                                      "sections of edge {} (their rounded shares add up to more than {})",
                                      b, n, kDir[e / 4], block.grading[e].sectionList().size(), e, n));
    }
  }

  void checkBlocks() const {
    static constexpr const char* kDir[3] = {"x", "y", "z"};
    const auto nVertices = static_cast<Label>(spec_.vertices.size());
    MeshCounts totals;
    for (std::size_t b = 0; b < spec_.blocks.size(); ++b) {
      const BlockSpec& block = spec_.blocks[b];
      for (Label v : block.vertices)
        if (v < 0 || v >= nVertices)
          fail(block.pos,
               fmt::format("block {} vertex label {} is out of range (there are {} vertices)", b, v, nVertices));
      for (int d = 0; d < 3; ++d)
        if (block.cells[d] < 1) fail(fmt::format("block {} has {} cells in direction {}", b, block.cells[d], kDir[d]));
      checkCounts(b, totals);
      checkGradingSections(b);
      for (int v = 0; v < 8; ++v)
        for (int w = 0; w < v; ++w)
          if (block.vertices[v] == block.vertices[w])
            fail(fmt::format("block {} uses vertex {} twice (collapsed blocks are not supported)", b,
                             block.vertices[v]));
      std::array<Vec3, 8> c;
      for (int v = 0; v < 8; ++v) c[v] = spec_.vertices[block.vertices[v]];
      Scalar size = 0;
      for (const auto& [a, e] : HexBlock::edgeVertices) size = std::max(size, mag(c[e] - c[a]));
      for (const auto& [a, e] : HexBlock::edgeVertices)
        if (mag(c[e] - c[a]) <= 1e-10 * size)
          fail(fmt::format("block {} edge {}-{} has zero length (collapsed blocks are not supported)", b,
                           block.vertices[a], block.vertices[e]));

      // Orientation: every block face should point away from the block centre.
      Vec3 centre{};
      for (const Vec3& p : c) centre += p / 8.0;
      int outward = 0;
      std::string inward;
      for (int f = 0; f < 6; ++f) {
        const auto& fv = HexBlock::faceVertices[f];
        const Vec3 area = 0.5 * cross(c[fv[2]] - c[fv[0]], c[fv[3]] - c[fv[1]]);
        const Vec3 fc = 0.25 * (c[fv[0]] + c[fv[1]] + c[fv[2]] + c[fv[3]]);
        if (mag(area) <= 1e-12 * size * size || dot(fc - centre, area) > 0) {
          ++outward;
        } else {
          inward += ' ' + quadText(faceLabels(static_cast<Label>(b), f));
        }
      }
      if (outward == 0) fail(fmt::format("block {} is inside-out (left-handed vertex order)", b));
      if (outward != 6) fail(fmt::format("block {} is distorted: block faces{} point inwards", b, inward));
    }
    if (spec_.blocks.size() > 1) checkLimit({}, "the mesh (all blocks together)", totals);
  }

  void buildBlocks() {
    blocks_.reserve(spec_.blocks.size());
    Label pointOffset = 0, cellOffset = 0;
    for (const BlockSpec& block : spec_.blocks) {
      std::array<Vec3, 8> corners;
      for (int v = 0; v < 8; ++v) corners[v] = spec_.vertices[block.vertices[v]];
      std::array<HexBlock::EdgeShape, 12> shapes{};
      for (int e = 0; e < 12; ++e) {
        const Label a = block.vertices[HexBlock::edgeVertices[e][0]];
        const Label b = block.vertices[HexBlock::edgeVertices[e][1]];
        for (const BlockEdge& edge : spec_.edges) {
          if (edge.start() == a && edge.end() == b) {
            shapes[e] = {edge.isCurved() ? &edge : nullptr, false};
            break;
          }
          if (edge.start() == b && edge.end() == a) {
            shapes[e] = {edge.isCurved() ? &edge : nullptr, true};
            break;
          }
        }
      }
      blocks_.emplace_back(corners, block.cells, block.grading, shapes);
      pointOffsets_.push_back(pointOffset);
      cellOffsets_.push_back(cellOffset);
      pointOffset += blocks_.back().nPoints();
      cellOffset += blocks_.back().nCells();
    }
    nRawPoints_ = pointOffset;
    nCells_ = cellOffset;
  }

  void findSharedFaces() {
    std::map<Quad, std::vector<FaceRef>> byLabels;
    for (std::size_t b = 0; b < blocks_.size(); ++b)
      for (int f = 0; f < 6; ++f)
        byLabels[sortedQuad(faceLabels(static_cast<Label>(b), f))].push_back({static_cast<Label>(b), f});
    sharedWith_.assign(blocks_.size(), std::array<FaceRef, 6>{});
    for (auto& row : sharedWith_) row.fill({-1, -1});
    for (const auto& [key, refs] : byLabels) {
      if (refs.size() > 2)
        fail(fmt::format("block face {} is shared by more than two blocks ({}, {}, {})", quadText(key), refs[0].block,
                         refs[1].block, refs[2].block));
      if (refs.size() == 2) {
        if (refs[0].block == refs[1].block)
          fail(fmt::format("block {} has two faces with the same vertices {}", refs[0].block, quadText(key)));
        sharedWith_[refs[0].block][refs[0].face] = refs[1];
        sharedWith_[refs[1].block][refs[1].face] = refs[0];
        pairs_.push_back({refs[0], refs[1]});
      }
    }
    // Process pairs in block order so merged points take the lowest index.
    std::sort(pairs_.begin(), pairs_.end(), [](const auto& x, const auto& y) {
      return std::tie(x.first.block, x.first.face) < std::tie(y.first.block, y.first.face);
    });
  }

  // Lattice origin, step vectors and extents of a block face, with the
  // corners taken in the order `corner[0..3]` (local hex vertices).
  struct FaceFrame {
    std::array<Label, 3> origin, u, v;
    Label nu, nv;
  };
  FaceFrame frame(Label block, const std::array<int, 4>& corner) const {
    const HexBlock& hb = blocks_[block];
    const auto c0 = hb.vertexCoords(corner[0]);
    const auto c1 = hb.vertexCoords(corner[1]);
    const auto c3 = hb.vertexCoords(corner[3]);
    FaceFrame fr{c0, {}, {}, 0, 0};
    for (int d = 0; d < 3; ++d) {
      const Label du = c1[d] - c0[d], dv = c3[d] - c0[d];
      fr.u[d] = (du > 0) - (du < 0);
      fr.v[d] = (dv > 0) - (dv < 0);
      fr.nu += std::abs(du);
      fr.nv += std::abs(dv);
    }
    return fr;
  }

  void mergePoints() {
    MinUnionFind uf(nRawPoints_);
    for (const auto& [A, B] : pairs_) {
      const std::array<int, 4> cornersA = HexBlock::faceVertices[A.face];
      std::array<int, 4> cornersB{};
      for (int m = 0; m < 4; ++m) {
        const Label lab = label(A.block, cornersA[m]);
        for (int v = 0; v < 8; ++v)
          if (label(B.block, v) == lab) cornersB[m] = v;
      }
      const FaceFrame fa = frame(A.block, cornersA);
      const FaceFrame fb = frame(B.block, cornersB);
      const Quad key = faceLabels(A.block, A.face);
      if (fa.nu != fb.nu || fa.nv != fb.nv)
        fail(fmt::format("blocks {} and {} have different numbers of cells on their shared face {} ({}x{} and {}x{})",
                         A.block, B.block, quadText(key), fa.nu, fa.nv, fb.nu, fb.nv));

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
          if (d2 > tol2)
            fail(
                fmt::format("blocks {} and {} do not match on their shared face {}: points {} and {} are {:g} "
                            "apart (inconsistent grading or edges?)",
                            A.block, B.block, quadText(key), fmt::streamed(ha.points()[ia]),
                            fmt::streamed(hbk.points()[ib]), std::sqrt(d2)));
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

  void assignPatchFaces() {
    std::unordered_map<Quad, FaceRef, QuadHash> blockFaceByLabels;
    for (std::size_t b = 0; b < blocks_.size(); ++b)
      for (int f = 0; f < 6; ++f)
        blockFaceByLabels.emplace(sortedQuad(faceLabels(static_cast<Label>(b), f)), FaceRef{static_cast<Label>(b), f});

    patchOf_.assign(blocks_.size(), std::array<Label, 6>{});
    for (auto& row : patchOf_) row.fill(-1);
    patchFaces_.resize(spec_.patches.size());

    for (std::size_t p = 0; p < spec_.patches.size(); ++p) {
      const BlockPatchSpec& patch = spec_.patches[p];
      for (std::size_t q = 0; q < p; ++q)
        if (spec_.patches[q].name == patch.name) fail(patch.pos, fmt::format("duplicate patch name '{}'", patch.name));
      for (std::size_t i = 0; i < patch.faces.size(); ++i) {
        const Quad& face = patch.faces[i];
        const SourcePos pos = i < patch.facePos.size() ? patch.facePos[i] : patch.pos;
        auto it = blockFaceByLabels.find(sortedQuad(face));
        if (it == blockFaceByLabels.end())
          fail(pos, fmt::format("patch '{}' face {} is not a block face", patch.name, quadText(face)));
        const FaceRef ref = it->second;
        const FaceRef other = sharedWith_[ref.block][ref.face];
        if (other.block >= 0)
          fail(pos, fmt::format("patch '{}' face {} is an internal face between blocks {} and {}", patch.name,
                                quadText(face), ref.block, other.block));
        const Label already = patchOf_[ref.block][ref.face];
        if (already >= 0)
          fail(pos, fmt::format("patch '{}' face {} is already in patch '{}'", patch.name, quadText(face),
                                spec_.patches[already].name));
        patchOf_[ref.block][ref.face] = static_cast<Label>(p);
        patchFaces_[p].push_back(ref);
      }
    }
    for (const BlockPatchSpec& patch : spec_.patches) {
      if (patch.neighbourPatch.empty()) continue;
      const bool found = std::any_of(spec_.patches.begin(), spec_.patches.end(),
                                     [&](const BlockPatchSpec& q) { return q.name == patch.neighbourPatch; });
      if (!found)
        fail(patch.pos,
             fmt::format("patch '{}' has neighbourPatch '{}', which is not a patch", patch.name, patch.neighbourPatch));
    }
  }

  // True if some block face is neither shared nor listed in a patch (after
  // findSharedFaces and assignPatchFaces).
  bool hasDefaultFaces() const {
    for (std::size_t b = 0; b < blocks_.size(); ++b)
      for (int f = 0; f < 6; ++f)
        if (sharedWith_[b][f].block < 0 && patchOf_[b][f] < 0) return true;
    return false;
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
    for (const auto& [A, B] : pairs_) {
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
    // after its own (OpenFOAM reuses it, keeping its type).
    const bool hasDefault = hasDefaultFaces();
    bool defaultDone = false;
    std::vector<Patch> patches;
    for (std::size_t p = 0; p < spec_.patches.size(); ++p) {
      const BlockPatchSpec& ps = spec_.patches[p];
      Patch patch{.name = ps.name,
                  .type = ps.type,
                  .start = faces.size(),
                  .size = 0,
                  .neighbourPatch = ps.neighbourPatch,
                  .inGroups = ps.inGroups};
      for (const FaceRef& ref : patchFaces_[p])
        for (const HexBlock::LatticeFace& lf : blocks_[ref.block].boundaryFaces(ref.face))
          addFace(ref.block, lf.points, cellOffsets_[ref.block] + lf.cell, -1);
      if (hasDefault && ps.name == spec_.defaultPatchName) {
        addDefaultFaces(addFace);
        defaultDone = true;
      }
      patch.size = faces.size() - patch.start;
      patches.push_back(std::move(patch));
    }
    if (hasDefault && !defaultDone) {
      Patch patch;
      patch.name = spec_.defaultPatchName;
      patch.type = spec_.defaultPatchType;
      patch.start = faces.size();
      addDefaultFaces(addFace);
      patch.size = faces.size() - patch.start;
      patches.push_back(std::move(patch));
    }

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
        isDefault[f] = sharedWith_[b][f].block < 0 && patchOf_[b][f] < 0;
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
  std::vector<HexBlock> blocks_;
  std::vector<Label> pointOffsets_, cellOffsets_;
  Label nRawPoints_ = 0, nCells_ = 0;
  std::vector<std::array<FaceRef, 6>> sharedWith_;  // partner of each block face, block -1 if none
  std::vector<std::pair<FaceRef, FaceRef>> pairs_;  // shared block faces, lower block first
  std::vector<Label> pointId_;                      // raw lattice point -> merged point
  std::vector<Vec3> points_;
  std::vector<std::array<Label, 6>> patchOf_;     // patch of each block face, -1 if none
  std::vector<std::vector<FaceRef>> patchFaces_;  // block faces of each patch, in listed order
};

}  // namespace

PolyMesh assembleBlockMesh(const BlockMeshSpec& spec) {
  if (spec.blocks.empty()) throw InputError(locatedMessage(spec.fileName, 0, 0, "no blocks"));
  return Assembler(spec).run();
}

}  // namespace sluice::mesh
