#pragma once
// A synthetic 1D decomposition for halo tests, built directly as a
// HaloPattern: rank r owns ownedOn(r) consecutive cells of a line of cells
// (global ids in rank order) and keeps `width` ghost copies of each
// neighbour's edge cells. Periodic: the line closes into a ring (a rank is
// never its own neighbour, so at one rank there are no ghosts).
// Local numbering: owned cells, then left ghosts, then right ghosts.
#include <algorithm>
#include <numeric>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/parallel/halo_pattern.hpp"

namespace sluice::test {

struct RingDecomposition {
  parallel::HaloPattern pattern;
  std::vector<GlobalLabel> globalIds;  ///< per local cell (owned then ghost)
  Label nOwned = 0;
};

/// Cells owned by rank r: unequal on purpose (3, 4, 3, 4, ...).
inline Label ringOwnedOn(int r) { return 3 + r % 2; }

inline RingDecomposition makeRing(int rank, int size, int width, bool periodic) {
  auto first = [&](int r) {  // global id of rank r's first cell
    GlobalLabel g = 0;
    for (int q = 0; q < r; ++q) g += ringOwnedOn(q);
    return g;
  };
  const Label k = ringOwnedOn(rank);
  int left = rank - 1, right = rank + 1;
  if (periodic) {
    left = (rank + size - 1) % size;
    right = (rank + 1) % size;
  }
  const bool hasLeft = left >= 0 && left != rank;
  const bool hasRight = right < size && right != rank;

  RingDecomposition d;
  d.nOwned = k;
  for (Label i = 0; i < k; ++i) d.globalIds.push_back(first(rank) + i);
  std::vector<Label> leftGhosts, rightGhosts;
  if (hasLeft)
    for (int j = 0; j < width; ++j) {
      leftGhosts.push_back(static_cast<Label>(d.globalIds.size()));
      d.globalIds.push_back(first(left) + ringOwnedOn(left) - width + j);  // left's last cells
    }
  if (hasRight)
    for (int j = 0; j < width; ++j) {
      rightGhosts.push_back(static_cast<Label>(d.globalIds.size()));
      d.globalIds.push_back(first(right) + j);  // right's first cells
    }

  std::vector<int> neighbours;
  if (hasLeft) neighbours.push_back(left);
  if (hasRight) neighbours.push_back(right);
  std::sort(neighbours.begin(), neighbours.end());
  neighbours.erase(std::unique(neighbours.begin(), neighbours.end()), neighbours.end());
  for (int q : neighbours) {
    // Message to q: my last cells if q is my right neighbour (its left
    // ghosts), then my first cells if q is my left neighbour. Receiving from
    // q mirrors q's order: its last cells (my left ghosts) if q is my left,
    // then its first cells (my right ghosts) if q is my right.
    std::vector<Label> send, recv;
    if (hasRight && q == right)
      for (int j = 0; j < width; ++j) send.push_back(k - width + j);
    if (hasLeft && q == left)
      for (int j = 0; j < width; ++j) send.push_back(j);
    if (hasLeft && q == left) recv.insert(recv.end(), leftGhosts.begin(), leftGhosts.end());
    if (hasRight && q == right) recv.insert(recv.end(), rightGhosts.begin(), rightGhosts.end());
    d.pattern.neighbours.push_back(q);
    d.pattern.sendCells.push_back(send);
    d.pattern.recvCells.push_back(recv);
  }
  return d;
}

}  // namespace sluice::test
