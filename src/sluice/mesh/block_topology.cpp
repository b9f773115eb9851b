#include "sluice/mesh/block_topology.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>

#include "sluice/core/checked_count.hpp"
#include "sluice/core/error.hpp"
#include "sluice/mesh/hex_lattice.hpp"

namespace sluice::mesh {

namespace {

using Quad = BlockTopology::Quad;

struct QuadHash {
  std::size_t operator()(const Quad& q) const {
    std::size_t h = 0;
    for (Label v : q) h = h * 1000003u ^ static_cast<std::size_t>(static_cast<std::uint32_t>(v));
    return h;
  }
};

}  // namespace

BlockTopology::BlockTopology(const BlockMeshSpec& spec) : spec_(spec) {
  checkBlocks();
  cellOffsets_.push_back(0);
  for (const BlockSpec& block : spec_.blocks)
    cellOffsets_.push_back(cellOffsets_.back() + GlobalLabel{block.cells[0]} * block.cells[1] * block.cells[2]);
  findSharedFaces();
}

BlockTopology::Quad BlockTopology::sortedQuad(Quad q) {
  std::sort(q.begin(), q.end());
  return q;
}

std::string BlockTopology::quadText(const Quad& q) { return fmt::format("({} {} {} {})", q[0], q[1], q[2], q[3]); }

void BlockTopology::fail(const std::string& message) const {
  throw InputError(locatedMessage(spec_.fileName, 0, 0, message));
}

void BlockTopology::fail(const SourcePos& pos, const std::string& message) const {
  throw InputError(locatedMessage(spec_.fileName, pos.line, pos.column, message));
}

void BlockTopology::failMismatch(const std::pair<BlockFaceRef, BlockFaceRef>& pair, const Vec3& a,
                                 const Vec3& b) const {
  const auto& [A, B] = pair;
  fail(
      fmt::format("blocks {} and {} do not match on their shared face {}: points {} and {} are {:g} "
                  "apart (inconsistent grading or edges?)",
                  A.block, B.block, quadText(faceLabels(A.block, A.face)), fmt::streamed(a), fmt::streamed(b),
                  std::sqrt(magSqr(a - b))));
}

BlockTopology::Quad BlockTopology::faceLabels(Label block, int face) const {
  Quad q;
  for (int m = 0; m < 4; ++m) q[m] = label(block, HexLattice::faceVertices[face][m]);
  return q;
}

std::array<Vec3, 8> BlockTopology::corners(Label block) const {
  std::array<Vec3, 8> c;
  for (int v = 0; v < 8; ++v) c[v] = spec_.vertices[label(block, v)];
  return c;
}

std::array<HexBlockGeometry::EdgeShape, 12> BlockTopology::edgeShapes(Label block) const {
  std::array<HexBlockGeometry::EdgeShape, 12> shapes{};
  for (int e = 0; e < 12; ++e) {
    const Label a = label(block, HexLattice::edgeVertices[e][0]);
    const Label b = label(block, HexLattice::edgeVertices[e][1]);
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
  return shapes;
}

BlockTopology::FaceFrame BlockTopology::frame(Label block, const std::array<int, 4>& corner) const {
  const HexLattice lattice(spec_.blocks[block].cells);
  const auto c0 = lattice.vertexCoords(corner[0]);
  const auto c1 = lattice.vertexCoords(corner[1]);
  const auto c3 = lattice.vertexCoords(corner[3]);
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

std::pair<BlockTopology::FaceFrame, BlockTopology::FaceFrame> BlockTopology::sharedFrames(
    const std::pair<BlockFaceRef, BlockFaceRef>& pair) const {
  const auto& [A, B] = pair;
  const std::array<int, 4> cornersA = HexLattice::faceVertices[A.face];
  std::array<int, 4> cornersB{};
  for (int m = 0; m < 4; ++m) {
    const Label lab = label(A.block, cornersA[m]);
    for (int v = 0; v < 8; ++v)
      if (label(B.block, v) == lab) cornersB[m] = v;
  }
  const FaceFrame fa = frame(A.block, cornersA);
  const FaceFrame fb = frame(B.block, cornersB);
  if (fa.nu != fb.nu || fa.nv != fb.nv)
    fail(fmt::format("blocks {} and {} have different numbers of cells on their shared face {} ({}x{} and {}x{})",
                     A.block, B.block, quadText(faceLabels(A.block, A.face)), fa.nu, fa.nv, fb.nu, fb.nv));
  return {fa, fb};
}

BlockTopology::PatchLayout BlockTopology::patchLayout(GlobalLabel nInternalFaces) const {
  auto faceCount = [&](const BlockFaceRef& ref) {
    const auto& n = spec_.blocks[ref.block].cells;
    const int d = ref.face / 2;
    return GlobalLabel{n[(d + 1) % 3]} * n[(d + 2) % 3];
  };
  GlobalLabel nDefault = 0;
  for (Label b = 0; b < nBlocks(); ++b)
    for (int f = 0; f < 6; ++f)
      if (isDefault(b, f)) nDefault += faceCount({b, f});

  PatchLayout layout;
  GlobalLabel next = nInternalFaces;
  for (std::size_t p = 0; p < spec_.patches.size(); ++p) {
    const BlockPatchSpec& ps = spec_.patches[p];
    GlobalLabel size = 0;
    std::vector<GlobalLabel> offsets;
    for (const BlockFaceRef& ref : patchFaces_[p]) {
      offsets.push_back(size);
      size += faceCount(ref);
    }
    if (nDefault > 0 && layout.defaultPatch < 0 && ps.name == spec_.defaultPatchName) {
      layout.defaultPatch = static_cast<Label>(p);
      layout.defaultOffset = size;
      size += nDefault;
    }
    layout.patches.push_back(Patch{.name = ps.name,
                                   .type = ps.type,
                                   .start = static_cast<Label>(next),
                                   .size = static_cast<Label>(size),
                                   .neighbourPatch = ps.neighbourPatch,
                                   .inGroups = ps.inGroups});
    layout.entryOffset.push_back(std::move(offsets));
    next += size;
  }
  if (nDefault > 0 && layout.defaultPatch < 0) {
    layout.defaultPatch = static_cast<Label>(layout.patches.size());
    layout.defaultOffset = 0;
    Patch patch;
    patch.name = spec_.defaultPatchName;
    patch.type = spec_.defaultPatchType;
    patch.start = static_cast<Label>(next);
    patch.size = static_cast<Label>(nDefault);
    layout.patches.push_back(std::move(patch));
  }
  return layout;
}

// Cells, points and faces of each block and of all blocks together, in 64
// bits: they are numbered by Label, and the face list's offsets count 4
// points per face (before point merging, which only lowers the counts).
struct BlockTopology::MeshCounts {
  std::optional<std::int64_t> cells = 0, points = 0, faces = 0;
};
constexpr std::int64_t kMaxFaces = kMaxLabel / 4;

void BlockTopology::checkCounts(std::size_t b, MeshCounts& totals) const {
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

void BlockTopology::checkLimit(const SourcePos& pos, const std::string& what, const MeshCounts& counts) const {
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
void BlockTopology::checkGradingSections(std::size_t b) const {
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

void BlockTopology::checkBlocks() const {
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
          fail(fmt::format("block {} uses vertex {} twice (collapsed blocks are not supported)", b, block.vertices[v]));
    std::array<Vec3, 8> c;
    for (int v = 0; v < 8; ++v) c[v] = spec_.vertices[block.vertices[v]];
    Scalar size = 0;
    for (const auto& [a, e] : HexLattice::edgeVertices) size = std::max(size, mag(c[e] - c[a]));
    for (const auto& [a, e] : HexLattice::edgeVertices)
      if (mag(c[e] - c[a]) <= 1e-10 * size)
        fail(fmt::format("block {} edge {}-{} has zero length (collapsed blocks are not supported)", b,
                         block.vertices[a], block.vertices[e]));

    // Orientation: every block face should point away from the block centre.
    Vec3 centre{};
    for (const Vec3& p : c) centre += p / 8.0;
    int outward = 0;
    std::string inward;
    for (int f = 0; f < 6; ++f) {
      const auto& fv = HexLattice::faceVertices[f];
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

void BlockTopology::findSharedFaces() {
  std::map<Quad, std::vector<BlockFaceRef>> byLabels;
  for (std::size_t b = 0; b < spec_.blocks.size(); ++b)
    for (int f = 0; f < 6; ++f)
      byLabels[sortedQuad(faceLabels(static_cast<Label>(b), f))].push_back({static_cast<Label>(b), f});
  sharedWith_.assign(spec_.blocks.size(), std::array<BlockFaceRef, 6>{});
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

void BlockTopology::assignPatchFaces() {
  std::unordered_map<Quad, BlockFaceRef, QuadHash> blockFaceByLabels;
  for (std::size_t b = 0; b < spec_.blocks.size(); ++b)
    for (int f = 0; f < 6; ++f)
      blockFaceByLabels.emplace(sortedQuad(faceLabels(static_cast<Label>(b), f)),
                                BlockFaceRef{static_cast<Label>(b), f});

  patchOf_.assign(spec_.blocks.size(), std::array<Label, 6>{});
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
      const BlockFaceRef ref = it->second;
      const BlockFaceRef other = sharedWith_[ref.block][ref.face];
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
bool BlockTopology::hasDefaultFaces() const {
  for (std::size_t b = 0; b < spec_.blocks.size(); ++b)
    for (int f = 0; f < 6; ++f)
      if (sharedWith_[b][f].block < 0 && patchOf_[b][f] < 0) return true;
  return false;
}
}  // namespace sluice::mesh
