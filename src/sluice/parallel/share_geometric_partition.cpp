// Distributed splitByCoordinates: the serial algorithm's groups and split
// positions, the sorted order replaced by a distributed selection.
#include "sluice/parallel/share_geometric_partition.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cstdint>
#include <limits>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/parallel/share_cell_centres.hpp"

namespace sluice::parallel {

namespace {

// A double's order as a signed integer's (zeros made one, as == makes them).
long long orderedBits(Scalar x) {
  if (x == 0) x = 0;
  auto bits = std::bit_cast<long long>(x);
  return bits < 0 ? bits ^ LLONG_MAX : bits;
}

// Cells order as in splitByCoordinates: by key, then by global id.
struct SortKey {
  long long key;
  GlobalLabel id;
  friend auto operator<=>(const SortKey&, const SortKey&) = default;
};

struct BlockCell {
  long long group;  // index of the cell's group (serial order)
  SortKey at;
  std::size_t cell;  // index in the block
};

// The midpoint of lo <= hi without overflow.
long long midpoint(long long lo, long long hi) {
  const auto span = static_cast<unsigned long long>(hi) - static_cast<unsigned long long>(lo);
  return static_cast<long long>(static_cast<unsigned long long>(lo) + span / 2);
}

// One split position of one group: the cell at sorted position `k` of the
// group, found in phases: its key by bisection; then whether the cells below
// that key are exactly k (no tie to break: the threshold is (key, -1)); else
// its id among the cells of that key by bisection.
enum class Phase { keys, below, ids, done };

struct Target {
  long long group;
  long long k;
  long long lo, hi;  // bisection interval of keys or ids
  Phase phase = Phase::keys;
  long long key = 0;  // the key, once found
  // The first cell of the piece and every cell after it are at or above (key, lo).
  SortKey threshold() const { return {key, lo}; }
};

}  // namespace

std::vector<int> partitionShareGeometric(const Communicator& comm, MeshShare& share, const IdRanges& cellBlocks,
                                         const DecompositionSettings& settings, StartupTraffic& traffic) {
  const int rank = comm.rank();
  const auto& n = settings.n;
  if (n[0] < 1 || n[1] < 1 || n[2] < 1 || n[0] * n[1] * n[2] != comm.size())
    throw Error(fmt::format("{} decomposition: n ({} {} {}) does not give {} parts", settings.method, n[0], n[1],
                            n[2], comm.size()));
  const std::array<int, 3> order = settings.method == "simple" ? std::array<int, 3>{0, 1, 2} : settings.order;
  const GlobalLabel first = cellBlocks.first(rank);
  const std::vector<Vec3> centres = blockCellCentres(comm.get(), share, cellBlocks, traffic);
  const std::size_t nBlockCells = centres.size();

  std::vector<std::array<int, 3>> index(nBlockCells, std::array<int, 3>{0, 0, 0});
  std::vector<BlockCell> cells(nBlockCells);
  for (std::size_t i = 0; i < nBlockCells; ++i) cells[i] = {0, {0, first + static_cast<GlobalLabel>(i)}, i};
  std::vector<long long> groupSize{static_cast<long long>(share.nGlobalCells)};

  for (int level = 0; level < 3; ++level) {
    const int axis = order[level];
    const int pieces = n[axis];
    const Scalar delta = settings.delta;
    for (BlockCell& c : cells) {
      const Vec3& p = centres[c.cell];
      const Scalar key = p[axis] + delta * p[(axis + 1) % 3] + delta * delta * p[(axis + 2) % 3];
      c.at.key = orderedBits(key);
    }
    std::sort(cells.begin(), cells.end(), [](const BlockCell& a, const BlockCell& b) {
      return a.group != b.group ? a.group < b.group : a.at < b.at;
    });
    const auto nGroups = groupSize.size();
    // This rank's cells of group g: [groupBegin[g], groupBegin[g + 1]).
    std::vector<std::size_t> groupBegin(nGroups + 1, 0);
    for (const BlockCell& c : cells) ++groupBegin[static_cast<std::size_t>(c.group) + 1];
    for (std::size_t g = 0; g < nGroups; ++g) groupBegin[g + 1] += groupBegin[g];

    // Each group's smallest and largest key: one reduction (the largest as the smallest complement).
    std::vector<long long> bounds(2 * nGroups, LLONG_MAX);
    for (std::size_t g = 0; g < nGroups; ++g)
      if (groupBegin[g] < groupBegin[g + 1]) {
        bounds[2 * g] = cells[groupBegin[g]].at.key;
        bounds[2 * g + 1] = ~cells[groupBegin[g + 1] - 1].at.key;
      }
    if (pieces > 1) comm.minInPlace(std::span<long long>(bounds));

    std::vector<Target> targets;
    for (std::size_t g = 0; g < nGroups; ++g) {
      const long long m = groupSize[g];
      if (m == 0) continue;
      for (int j = 1; j < pieces; ++j)
        targets.push_back({static_cast<long long>(g), (j * m) / pieces, bounds[2 * g], ~bounds[2 * g + 1]});
    }
    // Bisection: the smallest key with more than k cells at or below it, then
    // the smallest id with more than k cells at or below (key, id).
    std::vector<long long> counts(targets.size());
    auto countAtOrBelow = [&](const Target& t, SortKey bound) {
      const auto begin = cells.begin() + static_cast<std::ptrdiff_t>(groupBegin[static_cast<std::size_t>(t.group)]);
      const auto end = cells.begin() + static_cast<std::ptrdiff_t>(groupBegin[static_cast<std::size_t>(t.group) + 1]);
      return static_cast<long long>(
          std::upper_bound(begin, end, bound, [](const SortKey& b, const BlockCell& c) { return b < c.at; }) - begin);
    };
    const long long lastId = static_cast<long long>(share.nGlobalCells) - 1;
    for (;;) {
      for (Target& t : targets) {
        if (t.phase == Phase::keys && t.lo == t.hi) {
          t.phase = Phase::below;
          t.key = t.lo;
        } else if (t.phase == Phase::ids && t.lo == t.hi) {
          t.phase = Phase::done;
        }
      }
      if (std::all_of(targets.begin(), targets.end(), [](const Target& t) { return t.phase == Phase::done; })) break;
      for (std::size_t i = 0; i < targets.size(); ++i) {
        const Target& t = targets[i];
        switch (t.phase) {
          case Phase::keys: counts[i] = countAtOrBelow(t, {midpoint(t.lo, t.hi), LLONG_MAX}); break;
          case Phase::below: counts[i] = countAtOrBelow(t, {t.key, -1}); break;
          case Phase::ids: counts[i] = countAtOrBelow(t, {t.key, midpoint(t.lo, t.hi)}); break;
          case Phase::done: counts[i] = 0; break;
        }
      }
      comm.sumInPlace(std::span<long long>(counts));
      for (std::size_t i = 0; i < targets.size(); ++i) {
        Target& t = targets[i];
        if (t.phase == Phase::below) {
          if (counts[i] == t.k) {
            t.lo = t.hi = -1;
            t.phase = Phase::done;
          } else {
            t.lo = 0;
            t.hi = lastId;
            t.phase = Phase::ids;
          }
        } else if (t.phase == Phase::keys || t.phase == Phase::ids) {
          const long long mid = midpoint(t.lo, t.hi);
          if (counts[i] > t.k)
            t.hi = mid;
          else
            t.lo = mid + 1;
        }
      }
    }

    // Each cell's piece: the split positions at or below it.
    std::vector<long long> nextSize;
    nextSize.reserve(nGroups * static_cast<std::size_t>(pieces));
    for (std::size_t g = 0; g < nGroups; ++g)
      for (int j = 0; j < pieces; ++j)
        nextSize.push_back(((j + 1) * groupSize[g]) / pieces - (j * groupSize[g]) / pieces);
    std::size_t firstTarget = 0;
    for (std::size_t g = 0; g < nGroups; ++g) {
      const bool split = groupSize[g] > 0 && pieces > 1;
      for (std::size_t c = groupBegin[g]; c < groupBegin[g + 1]; ++c) {
        int piece = 0;
        if (split)
          for (int j = 0; j + 1 < pieces; ++j) {
            const Target& t = targets[firstTarget + static_cast<std::size_t>(j)];
            if (cells[c].at >= t.threshold()) piece = j + 1;
          }
        index[cells[c].cell][axis] = piece;
        cells[c].group = static_cast<long long>(g) * pieces + piece;
      }
      if (split) firstTarget += static_cast<std::size_t>(pieces - 1);
    }
    groupSize = std::move(nextSize);
  }

  std::vector<int> part(nBlockCells);
  for (std::size_t c = 0; c < nBlockCells; ++c) part[c] = index[c][0] + n[0] * (index[c][1] + n[1] * index[c][2]);
  return part;
}

}  // namespace sluice::parallel
