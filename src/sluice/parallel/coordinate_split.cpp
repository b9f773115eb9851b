#include <algorithm>
#include <cstdint>
#include <numeric>

#include "sluice/core/error.hpp"
#include "sluice/parallel/decomposition_methods.hpp"

namespace sluice::parallel {

std::vector<int> splitByCoordinates(std::span<const Vec3> cellCentres, const std::array<int, 3>& n,
                                    const std::array<int, 3>& order, Scalar delta) {
  const auto nCells = static_cast<std::int64_t>(cellCentres.size());
  // Per cell, its slab index along each axis.
  std::vector<std::array<int, 3>> index(cellCentres.size(), std::array<int, 3>{0, 0, 0});

  // Groups of cells still to split; start with every cell in one group.
  std::vector<std::vector<Label>> groups(1);
  groups[0].resize(cellCentres.size());
  std::iota(groups[0].begin(), groups[0].end(), 0);

  std::vector<Scalar> key(cellCentres.size());
  for (int level = 0; level < 3; ++level) {
    const int axis = order[level];
    const int pieces = n[axis];
    if (pieces < 1) throw Error("splitByCoordinates: n must be positive");
    // Skewed coordinate: ties along `axis` are broken by the other axes.
    for (std::int64_t c = 0; c < nCells; ++c) {
      const Vec3& p = cellCentres[c];
      key[c] = p[axis] + delta * p[(axis + 1) % 3] + delta * delta * p[(axis + 2) % 3];
    }
    std::vector<std::vector<Label>> next;
    next.reserve(groups.size() * pieces);
    for (auto& group : groups) {
      std::sort(group.begin(), group.end(),
                [&](Label a, Label b) { return key[a] != key[b] ? key[a] < key[b] : a < b; });
      const auto m = static_cast<std::int64_t>(group.size());
      for (int j = 0; j < pieces; ++j) {
        const auto begin = group.begin() + (j * m) / pieces;
        const auto end = group.begin() + ((j + 1) * m) / pieces;
        for (auto it = begin; it != end; ++it) index[*it][axis] = j;
        next.emplace_back(begin, end);
      }
    }
    groups = std::move(next);
  }

  std::vector<int> part(cellCentres.size());
  for (std::int64_t c = 0; c < nCells; ++c) part[c] = index[c][0] + n[0] * (index[c][1] + n[1] * index[c][2]);
  return part;
}

}  // namespace sluice::parallel
