// PolyMesh::cellFaces for a range of cells (what the VTK writer walks a range
// at a time) lists, for every cell of the range, exactly the faces the whole
// mesh's cellFaces() lists, in the same order: owned faces ascending, then
// neighboured ones ascending.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "mesh/hand_meshes.hpp"

namespace sluice::mesh {
namespace {

TEST(CellFaces, RangesOfCellsListWhatTheWholeListHas) {
  const PolyMesh m = handmade::box(7, 5, 3);  // 105 cells, boundary faces after the internal ones
  const FaceList whole = m.cellFaces();
  ASSERT_EQ(whole.size(), m.nCells());
  for (const Label range : {1, 4, 32, 105, 200}) {
    for (Label first = 0; first < m.nCells(); first += range) {
      const Label end = std::min(m.nCells(), first + range);
      const FaceList part = m.cellFaces(first, end);
      ASSERT_EQ(part.size(), end - first);
      for (Label c = first; c < end; ++c) {
        const auto expected = whole[c];
        const auto got = part[c - first];
        EXPECT_TRUE(std::equal(expected.begin(), expected.end(), got.begin(), got.end())) << "cell " << c;
      }
    }
  }
  // Owned faces first, ascending, then the neighboured ones, ascending.
  for (Label c = 0; c < m.nCells(); ++c) {
    std::vector<Label> owned, neighboured;
    for (Label f = 0; f < m.nFaces(); ++f)
      if (m.owner()[f] == c) owned.push_back(f);
    for (Label f = 0; f < m.nInternalFaces(); ++f)
      if (m.neighbour()[f] == c) neighboured.push_back(f);
    owned.insert(owned.end(), neighboured.begin(), neighboured.end());
    const auto got = whole[c];
    EXPECT_TRUE(std::equal(owned.begin(), owned.end(), got.begin(), got.end())) << "cell " << c;
  }
  EXPECT_EQ(m.cellFaces(3, 3).size(), 0);
}

}  // namespace
}  // namespace sluice::mesh
