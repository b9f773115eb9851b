#include "sluice/mesh/renumber.hpp"

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/mesh/cell_graph.hpp"

namespace sluice::mesh {

namespace {

/// Breadth-first level structure from `root` within its component. Fills
/// `visitOrder` with the component's cells in BFS order (neighbours in
/// increasing degree, ties by index, when `byDegree`), and `level` with their
/// distance from root; returns the eccentricity (deepest level). Uses `stamp`
/// to mark visited cells without clearing arrays between searches.
Label breadthFirst(const CellGraph& g, Label root, bool byDegree, std::vector<Label>& visitOrder,
                   std::vector<Label>& level, std::vector<Label>& stamp, Label mark) {
  visitOrder.clear();
  visitOrder.push_back(root);
  stamp[root] = mark;
  level[root] = 0;
  std::vector<Label> next;
  for (std::size_t head = 0; head < visitOrder.size(); ++head) {
    const Label c = visitOrder[head];
    next.clear();
    for (Label n : g.neighbours(c))
      if (stamp[n] != mark) {
        stamp[n] = mark;
        level[n] = level[c] + 1;
        next.push_back(n);
      }
    if (byDegree)
      std::sort(next.begin(), next.end(), [&](Label a, Label b) {
        return g.degree(a) != g.degree(b) ? g.degree(a) < g.degree(b) : a < b;
      });
    visitOrder.insert(visitOrder.end(), next.begin(), next.end());
  }
  return level[visitOrder.back()];
}

}  // namespace

Label bandwidth(const PolyMesh& mesh) {
  Label b = 0;
  for (Label f = 0; f < mesh.nInternalFaces(); ++f)
    b = std::max(b, static_cast<Label>(std::abs(mesh.owner()[f] - mesh.neighbour()[f])));
  return b;
}

std::vector<Label> reverseCuthillMcKee(const PolyMesh& mesh) {
  const Label nCells = mesh.nCells();
  const CellGraph g = cellGraph(mesh);
  std::vector<Label> order;
  order.reserve(nCells);
  std::vector<char> numbered(nCells, 0);
  std::vector<Label> stamp(nCells, -1), level(nCells, 0), visit;
  Label mark = 0;

  for (Label seed = 0; seed < nCells; ++seed) {
    if (numbered[seed]) continue;
    // The component of `seed`; start from its minimum-degree cell.
    breadthFirst(g, seed, false, visit, level, stamp, mark++);
    Label root = *std::min_element(visit.begin(), visit.end(), [&](Label a, Label b) {
      return g.degree(a) != g.degree(b) ? g.degree(a) < g.degree(b) : a < b;
    });
    // Pseudo-peripheral cell (George & Liu): move to the minimum-degree cell of
    // the deepest level while that increases the eccentricity.
    Label eccentricity = breadthFirst(g, root, false, visit, level, stamp, mark++);
    for (;;) {
      Label candidate = -1;
      for (auto it = visit.rbegin(); it != visit.rend() && level[*it] == eccentricity; ++it)
        if (candidate < 0 || g.degree(*it) < g.degree(candidate) ||
            (g.degree(*it) == g.degree(candidate) && *it < candidate))
          candidate = *it;
      const Label e = breadthFirst(g, candidate, false, visit, level, stamp, mark++);
      if (e <= eccentricity) break;
      root = candidate;
      eccentricity = e;
    }
    // Cuthill-McKee numbering of the component from the root.
    breadthFirst(g, root, true, visit, level, stamp, mark++);
    for (Label c : visit) {
      numbered[c] = 1;
      order.push_back(c);
    }
  }
  std::reverse(order.begin(), order.end());
  return order;
}

PolyMesh renumberCells(const PolyMesh& mesh, const std::vector<Label>& order) {
  const Label nCells = mesh.nCells();
  if (static_cast<Label>(order.size()) != nCells)
    throw Error(fmt::format("renumberCells: order has {} entries but the mesh has {} cells", order.size(), nCells));
  std::vector<Label> newOf(nCells, -1);
  for (Label n = 0; n < nCells; ++n) {
    const Label old = order[n];
    if (old < 0 || old >= nCells || newOf[old] >= 0)
      throw Error(fmt::format("renumberCells: order is not a permutation (entry {} is {})", n, old));
    newOf[old] = n;
  }
  std::vector<Label> owner(mesh.owner().size()), neighbour(mesh.neighbour().size());
  for (std::size_t f = 0; f < owner.size(); ++f) owner[f] = newOf[mesh.owner()[f]];
  for (std::size_t f = 0; f < neighbour.size(); ++f) neighbour[f] = newOf[mesh.neighbour()[f]];
  PolyMesh out(mesh.points(), mesh.faces(), std::move(owner), std::move(neighbour), mesh.patches(), mesh.name());
  out.sortInternalFaces();
  return out;
}

}  // namespace sluice::mesh
