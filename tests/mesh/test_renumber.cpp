#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "mesh/hand_meshes.hpp"
#include "sluice/core/error.hpp"
#include "sluice/mesh/mesh_check.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/mesh/renumber.hpp"

using namespace sluice;
using namespace sluice::mesh;

namespace {

std::vector<Label> shuffledOrder(Label n, unsigned seed) {
  std::vector<Label> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::mt19937 rng(seed);
  std::shuffle(order.begin(), order.end(), rng);
  return order;
}

bool isPermutation(std::vector<Label> order, Label n) {
  std::sort(order.begin(), order.end());
  for (Label i = 0; i < n; ++i)
    if (order[i] != i) return false;
  return static_cast<Label>(order.size()) == n;
}

}  // namespace

TEST(Renumber, BandwidthOfStructuredGridIsRowLength) {
  EXPECT_EQ(bandwidth(handmade::box(4, 3, 1)), 4);
  EXPECT_EQ(bandwidth(handmade::box(4, 3, 2)), 12);
  EXPECT_EQ(bandwidth(handmade::tetrahedron()), 0);
}

TEST(Renumber, RcmOnTwoDimensionalGridKeepsBandwidthNearRowLength) {
  const int nx = 6, ny = 10;
  const PolyMesh mesh = handmade::box(nx, ny, 1);
  const std::vector<Label> order = reverseCuthillMcKee(mesh);
  ASSERT_TRUE(isPermutation(order, nx * ny));
  const PolyMesh renumbered = renumberCells(mesh, order);
  EXPECT_LE(bandwidth(renumbered), nx + 1);
  // RCM starts from a corner (a pseudo-peripheral cell), so the last new cell is a corner.
  const Label last = order.back();
  const std::vector<Label> corners{0, nx - 1, nx * (ny - 1), nx * ny - 1};
  EXPECT_NE(std::find(corners.begin(), corners.end(), last), corners.end()) << last;
}

TEST(Renumber, RcmReducesBandwidthOfRandomNumbering) {
  const int n = 8;
  const PolyMesh shuffled = renumberCells(handmade::box(n, n, 1), shuffledOrder(n * n, 42));
  const Label before = bandwidth(shuffled);
  EXPECT_GT(before, 2 * n);
  const PolyMesh renumbered = renumberCells(shuffled, reverseCuthillMcKee(shuffled));
  const Label after = bandwidth(renumbered);
  EXPECT_LE(after, n + 1);
  EXPECT_LT(after, before);
}

TEST(Renumber, RcmStartsChainAtAnEnd) {
  // Starting anywhere but at an end of a chain would give bandwidth 2.
  const PolyMesh chain = renumberCells(handmade::box(20, 1, 1), shuffledOrder(20, 7));
  EXPECT_GT(bandwidth(chain), 1);
  const PolyMesh renumbered = renumberCells(chain, reverseCuthillMcKee(chain));
  EXPECT_EQ(bandwidth(renumbered), 1);
}

TEST(Renumber, RcmNumbersEachComponentContiguously) {
  const PolyMesh two = handmade::combined(handmade::box(3, 4, 1), handmade::box(5, 2, 2));
  ASSERT_EQ(two.nCells(), 12 + 20);
  EXPECT_EQ(bandwidth(two), 10);
  const std::vector<Label> order = reverseCuthillMcKee(two);
  ASSERT_TRUE(isPermutation(order, 32));
  // No face connects the two blocks, so each occupies one contiguous range.
  Label changes = 0;
  for (Label n = 1; n < 32; ++n) changes += (order[n] < 12) != (order[n - 1] < 12);
  EXPECT_EQ(changes, 1);
  EXPECT_LT(bandwidth(renumberCells(two, order)), 10);
}

TEST(Renumber, RcmStartsAtPseudoPeripheralCellNotAtFirstMinimumDegreeCell) {
  // A 9-cell chain (row j = 0) with a one-cell stub (4, 1) at its middle; the
  // other row-1 cells are cut off as single-cell components. The stub has the
  // minimum degree 1 like the chain ends, and is numbered first, but its
  // eccentricity is 5 against 8 for the ends: the Cuthill-McKee sweep of that
  // component must start at an end, which RCM numbers last.
  const PolyMesh ladder = handmade::box(9, 2, 1);  // cell (i, j) = i + 9 j
  auto rowOf = [](Label c) { return c / 9; };
  const PolyMesh comb = handmade::withInternalFacesCut(ladder, [&](Label f) {
    const Label o = ladder.owner()[f], n = ladder.neighbour()[f];
    if (rowOf(o) == 1 && rowOf(n) == 1) return true;  // row-1 x faces
    return rowOf(o) != rowOf(n) && o != 4;            // y faces except under the stub
  });
  ASSERT_EQ(comb.nInternalFaces(), 8 + 1);
  std::vector<Label> stubFirst{13};  // old cell (4, 1)
  for (Label c = 0; c < 18; ++c)
    if (c != 13) stubFirst.push_back(c);
  const PolyMesh mesh = renumberCells(comb, stubFirst);  // stub is cell 0; chain ends are old 0 and 8 -> 1 and 9
  const std::vector<Label> order = reverseCuthillMcKee(mesh);
  ASSERT_TRUE(isPermutation(order, 18));
  // The chain component is numbered as one block; its first Cuthill-McKee
  // cell is the last RCM cell of the block.
  std::vector<Label> chain;
  for (Label n = 0; n < 18; ++n)
    if (order[n] <= 9) chain.push_back(order[n]);
  ASSERT_EQ(chain.size(), 10u);
  EXPECT_TRUE(chain.back() == 1 || chain.back() == 9) << chain.back();
  EXPECT_TRUE(chain.front() == 1 || chain.front() == 9) << chain.front();
}

TEST(Renumber, RenumberedMeshKeepsGeometryAndIsUpperTriangular) {
  const PolyMesh mesh = handmade::gradedBox({0.1, 0.2, 0.4, 0.8}, {1, 0.5, 0.25}, {0.3, 0.9});
  const std::vector<Label> order = shuffledOrder(mesh.nCells(), 11);
  const PolyMesh renumbered = renumberCells(mesh, order);
  ASSERT_TRUE(renumbered.isUpperTriangular());
  ASSERT_EQ(renumbered.nCells(), mesh.nCells());
  ASSERT_EQ(renumbered.nFaces(), mesh.nFaces());
  EXPECT_EQ(renumbered.patches(), mesh.patches());

  const MeshGeometry before = MeshGeometry::compute(mesh);
  const MeshGeometry after = MeshGeometry::compute(renumbered);
  std::vector<Label> newOf(order.size());
  for (std::size_t n = 0; n < order.size(); ++n) newOf[order[n]] = static_cast<Label>(n);
  Scalar totalBefore = 0, totalAfter = 0;
  for (Label n = 0; n < mesh.nCells(); ++n) {
    EXPECT_NEAR(after.cellVolumes[n], before.cellVolumes[order[n]], 1e-15);
    EXPECT_NEAR(mag(after.cellCentres[n] - before.cellCentres[order[n]]), 0.0, 1e-15);
    totalBefore += before.cellVolumes[order[n]];
    totalAfter += after.cellVolumes[n];
  }
  EXPECT_NEAR(totalAfter, totalBefore, 1e-14);
  EXPECT_NEAR(totalAfter, 1.5 * 1.75 * 1.2, 1e-13);
  // Boundary faces keep their order, vertices and areas; owners are relabelled.
  for (Label f = mesh.nInternalFaces(); f < mesh.nFaces(); ++f) {
    EXPECT_TRUE(std::ranges::equal(renumbered.faces()[f], mesh.faces()[f])) << "face " << f;
    EXPECT_EQ(renumbered.owner()[f], newOf[mesh.owner()[f]]);
  }
  // Internal faces point from owner to neighbour and every cell stays closed.
  for (Label f = 0; f < renumbered.nInternalFaces(); ++f)
    EXPECT_GT(dot(after.faceAreas[f], after.delta(f, renumbered.owner()[f], renumbered.neighbour()[f])), 0.0)
        << "face " << f;
  const MeshReport report = checkMesh(renumbered, after);
  EXPECT_TRUE(report.errors.empty());
  EXPECT_LT(report.maxCellOpenness, 1e-14);
}

TEST(Renumber, RenumberRejectsNonPermutation) {
  const PolyMesh mesh = handmade::box(2, 1, 1);
  try {
    renumberCells(mesh, {0, 0});
    FAIL() << "expected sluice::Error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "renumberCells: order is not a permutation (entry 1 is 0)");
  }
  try {
    renumberCells(mesh, {0});
    FAIL() << "expected sluice::Error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "renumberCells: order has 1 entries but the mesh has 2 cells");
  }
}
