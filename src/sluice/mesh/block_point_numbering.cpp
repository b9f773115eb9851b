#include "sluice/mesh/block_point_numbering.hpp"

#include <algorithm>

namespace sluice::mesh {

namespace {

/// 0: at 0, 1: strictly inside, 2: at n.
int rangeCode(Label x, Label n) { return x == 0 ? 0 : (x == n ? 2 : 1); }

/// Number of x in the part's range [lo, hi] of code `code` (0, 1, 2) with x < end.
GlobalLabel countBelow(int code, Label n, Label end) {
  const Label lo = code == 0 ? 0 : (code == 1 ? 1 : n);
  const Label hi = code == 0 ? 0 : (code == 1 ? n - 1 : n);
  if (hi < lo) return 0;
  return std::clamp<GlobalLabel>(GlobalLabel{end} - lo, 0, GlobalLabel{hi} - lo + 1);
}

GlobalLabel rangeSize(int code, Label n) { return countBelow(code, n, n + 1); }

bool inRange(int code, Label n, Label x) { return x >= 0 && x <= n && rangeCode(x, n) == code; }

}  // namespace

BlockPointNumbering::BlockPointNumbering(const BlockTopology& topology) {
  const Label nBlocks = topology.nBlocks();
  for (Label b = 0; b < nBlocks; ++b) lattices_.emplace_back(topology.spec().blocks[b].cells);
  faceMaps_.assign(nBlocks, {});
  for (const auto& pair : topology.sharedPairs()) {
    const auto [fa, fb] = topology.sharedFrames(pair);
    faceMaps_[pair.first.block][pair.first.face] = {pair.second.block, fa, fb};
    faceMaps_[pair.second.block][pair.second.face] = {pair.first.block, fb, fa};
  }

  // Each part's merged points: the lowest and highest block among the members of one of them.
  parts_.assign(nBlocks, {});
  for (Label b = 0; b < nBlocks; ++b) {
    const auto& n = lattices_[b].cells();
    for (int part = 0; part < 27; ++part) {
      std::array<Label, 3> ijk{};
      bool empty = false;
      for (int d = 0, code = part; d < 3; ++d, code /= 3) {
        const int c = code % 3;
        ijk[d] = c == 0 ? 0 : (c == 1 ? 1 : n[d]);
        empty = empty || (c == 1 && n[d] < 2);
      }
      if (empty) continue;
      const std::vector<LatticePoint> members = mergedWith({b, ijk});
      Part& info = parts_[b][part];
      info.lowestBlock = info.highestBlock = b;
      std::vector<Label> blocks;
      for (const LatticePoint& m : members) {
        info.lowestBlock = std::min(info.lowestBlock, m.block);
        info.highestBlock = std::max(info.highestBlock, m.block);
        blocks.push_back(m.block);
      }
      std::sort(blocks.begin(), blocks.end());
      if (std::adjacent_find(blocks.begin(), blocks.end()) != blocks.end()) covered_ = false;
    }
  }

  for (Label b = 0; b < nBlocks; ++b)
    mergesIntoLower_.push_back(std::any_of(parts_[b].begin(), parts_[b].end(), [b](const Part& part) {
      return part.lowestBlock >= 0 && part.lowestBlock != b;
    }));
  rootOffset_.assign(1, 0);
  for (Label b = 0; b < nBlocks; ++b) {
    const auto& n = lattices_[b].cells();
    rootOffset_.push_back(rootOffset_.back() + lattices_[b].nPoints() - mergedBelow(b, {0, 0, n[2] + 1}));
  }
}

int BlockPointNumbering::partOf(const LatticePoint& point) const {
  const auto& n = lattices_[point.block].cells();
  return rangeCode(point.ijk[0], n[0]) + 3 * rangeCode(point.ijk[1], n[1]) + 9 * rangeCode(point.ijk[2], n[2]);
}

std::vector<BlockPointNumbering::LatticePoint> BlockPointNumbering::mergedWith(const LatticePoint& point) const {
  std::vector<LatticePoint> members{point};
  for (std::size_t next = 0; next < members.size(); ++next) {
    const LatticePoint m = members[next];
    const auto& n = lattices_[m.block].cells();
    for (int f = 0; f < 6; ++f) {
      const FaceMap& map = faceMaps_[m.block][f];
      if (map.partner < 0) continue;
      const int d = f / 2;
      if (m.ijk[d] != (f % 2 == 0 ? 0 : n[d])) continue;  // not on this block face
      Label a = 0, b = 0;
      for (int e = 0; e < 3; ++e) {
        a += (m.ijk[e] - map.own.origin[e]) * map.own.u[e];
        b += (m.ijk[e] - map.own.origin[e]) * map.own.v[e];
      }
      LatticePoint partner{map.partner, {}};
      for (int e = 0; e < 3; ++e) partner.ijk[e] = map.other.origin[e] + a * map.other.u[e] + b * map.other.v[e];
      if (std::find(members.begin(), members.end(), partner) == members.end()) members.push_back(partner);
    }
  }
  return members;
}

BlockPointNumbering::LatticePoint BlockPointNumbering::coordinateSource(const LatticePoint& point) const {
  const Part& part = parts_[point.block][partOf(point)];
  if (part.highestBlock == point.block) return point;
  for (const LatticePoint& m : mergedWith(point))
    if (m.block == part.highestBlock) return m;
  return point;  // not reached
}

GlobalLabel BlockPointNumbering::mergedBelow(Label block, const std::array<Label, 3>& end) const {
  const auto& n = lattices_[block].cells();
  GlobalLabel count = 0;
  for (int part = 0; part < 27; ++part) {
    const Part& info = parts_[block][part];
    if (info.lowestBlock < 0 || info.lowestBlock == block) continue;
    const int ci = part % 3, cj = (part / 3) % 3, ck = part / 9;
    // Points of the part before `end` in lattice order (i fastest, then j, then k).
    GlobalLabel below = countBelow(ck, n[2], end[2]) * rangeSize(cj, n[1]) * rangeSize(ci, n[0]);
    if (inRange(ck, n[2], end[2])) {
      below += countBelow(cj, n[1], end[1]) * rangeSize(ci, n[0]);
      if (inRange(cj, n[1], end[1])) below += countBelow(ci, n[0], end[0]);
    }
    count += below;
  }
  return count;
}

GlobalLabel BlockPointNumbering::id(const LatticePoint& point) const {
  const Part& part = parts_[point.block][partOf(point)];
  if (part.lowestBlock != point.block) {
    for (const LatticePoint& m : mergedWith(point))
      if (m.block == part.lowestBlock) return id(m);
  }
  const HexLattice& lattice = lattices_[point.block];
  const auto& [i, j, k] = point.ijk;
  const GlobalLabel merged = mergesIntoLower_[point.block] ? mergedBelow(point.block, point.ijk) : 0;
  return rootOffset_[point.block] + lattice.pointIndex(i, j, k) - merged;
}

std::pair<Label, Label> BlockPointNumbering::locate(GlobalLabel id) const {
  const auto it = std::upper_bound(rootOffset_.begin(), rootOffset_.end() - 1, id);
  const auto block = static_cast<Label>(it - rootOffset_.begin() - 1);
  const GlobalLabel local = id - rootOffset_[block];
  const HexLattice& lattice = lattices_[block];
  // Smallest lattice index p with more than `local` own points in [0, p].
  auto ownBefore = [&](Label q) { return GlobalLabel{q} - mergedBelow(block, lattice.pointCoords(q)); };
  Label lo = 0, hi = lattice.nPoints() - 1;
  while (lo < hi) {
    const Label mid = lo + (hi - lo) / 2;
    if (ownBefore(mid + 1) > local)
      hi = mid;
    else
      lo = mid + 1;
  }
  return {block, lo};
}

}  // namespace sluice::mesh
