// The cell adjacency graph (CSR) shared by renumbering and the graph partitioners.
#include "sluice/mesh/cell_graph.hpp"

#include <vector>

#include <gtest/gtest.h>

#include "support/box_mesh.hpp"

namespace sluice::mesh {
namespace {

TEST(CellGraph, ListsFaceNeighboursSortedOnce) {
  const PolyMesh m = test::boxMesh(3, 2, 1);  // cells 0 1 2 / 3 4 5
  const CellGraph g = cellGraph(m);
  EXPECT_EQ(g.offsets, (std::vector<Label>{0, 2, 5, 7, 9, 12, 14}));
  EXPECT_EQ(g.adjacency, (std::vector<Label>{1, 3, 0, 2, 4, 1, 5, 0, 4, 1, 3, 5, 2, 4}));
}

}  // namespace
}  // namespace sluice::mesh
