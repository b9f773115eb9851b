#include "sluice/mesh/cell_graph.hpp"

#include <algorithm>

namespace sluice::mesh {

CellGraph cellGraph(const PolyMesh& mesh) {
  const Label nCells = mesh.nCells();
  const Label nInternal = mesh.nInternalFaces();
  const auto& owner = mesh.owner();
  const auto& neighbour = mesh.neighbour();

  std::vector<Label> count(static_cast<std::size_t>(nCells) + 1, 0);
  for (Label f = 0; f < nInternal; ++f) {
    ++count[owner[f] + 1];
    ++count[neighbour[f] + 1];
  }
  for (Label c = 0; c < nCells; ++c) count[c + 1] += count[c];
  std::vector<Label> fill(count.begin(), count.end() - 1);
  std::vector<Label> adjacency(count.back());
  for (Label f = 0; f < nInternal; ++f) {
    adjacency[fill[owner[f]]++] = neighbour[f];
    adjacency[fill[neighbour[f]]++] = owner[f];
  }

  // Sort each list and drop duplicates (two cells sharing several faces).
  CellGraph graph;
  graph.offsets.assign(static_cast<std::size_t>(nCells) + 1, 0);
  graph.adjacency.reserve(adjacency.size());
  for (Label c = 0; c < nCells; ++c) {
    auto first = adjacency.begin() + count[c];
    auto last = adjacency.begin() + count[c + 1];
    std::sort(first, last);
    last = std::unique(first, last);
    graph.adjacency.insert(graph.adjacency.end(), first, last);
    graph.offsets[c + 1] = static_cast<Label>(graph.adjacency.size());
  }
  return graph;
}

}  // namespace sluice::mesh
