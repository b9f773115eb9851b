// Point location: face-plane tests on hexahedra and prisms, ties on shared
// faces, edges and corners go to the lowest global id, points outside found
// nowhere; agrees with a brute-force search over all cells.
#include <gtest/gtest.h>

#include <random>

#include "output/output_test_support.hpp"
#include "parallel/cell_measures.hpp"
#include "support/box_mesh.hpp"
#include "sluice/output/sampling_mesh.hpp"

namespace sluice::output {
namespace {

std::vector<GlobalLabel> identity(Label n, GlobalLabel offset = 0) {
  std::vector<GlobalLabel> ids(n);
  for (Label i = 0; i < n; ++i) ids[i] = offset + i;
  return ids;
}

TEST(CellLocator, CellCentresAreFoundInTheirCells) {
  const mesh::PolyMesh m = test::boxMesh(5, 4, 3, test::wavyMap);
  const std::vector<GlobalLabel> ids = identity(m.nCells());
  const SamplingMesh sm(m, ids);
  for (Label c = 0; c < m.nCells(); ++c) EXPECT_EQ(sm.locator().findCell(sm.geometry().cellCentres[c]), c);
}

TEST(CellLocator, SharedFacesEdgesAndCornersGoToTheLowestGlobalId) {
  // 2x2x2 unit box: cell (i,j,k) = i + 2j + 4k, faces at 0.5.
  const mesh::PolyMesh m = test::boxMesh(2, 2, 2);
  std::vector<GlobalLabel> ids = identity(8);
  const SamplingMesh sm(m, ids);
  EXPECT_EQ(sm.locator().findCell({0.5, 0.25, 0.25}), 0);  // face between 0 and 1
  EXPECT_EQ(sm.locator().findCell({0.75, 0.5, 0.25}), 1);  // face between 1 and 3
  EXPECT_EQ(sm.locator().findCell({0.5, 0.5, 0.75}), 4);   // edge of 4, 5, 6, 7
  EXPECT_EQ(sm.locator().findCell({0.5, 0.5, 0.5}), 0);    // corner of all eight
  EXPECT_EQ(sm.locator().findCell({1.0, 1.0, 1.0}), 7);    // outer corner
  EXPECT_EQ(sm.locator().findCell({0.0, 0.0, 0.0}), 0);

  // With global ids reversed the other cell wins.
  std::vector<GlobalLabel> reversed{7, 6, 5, 4, 3, 2, 1, 0};
  const SamplingMesh sr(m, reversed);
  EXPECT_EQ(sr.locator().findCell({0.5, 0.25, 0.25}), 1);
  EXPECT_EQ(sr.locator().findCell({0.5, 0.5, 0.5}), 7);
}

TEST(CellLocator, PointsOutsideAreNotFound) {
  const mesh::PolyMesh m = test::boxMesh(3, 3, 1);
  const std::vector<GlobalLabel> ids = identity(m.nCells());
  const SamplingMesh sm(m, ids);
  EXPECT_EQ(sm.locator().findCell({-0.01, 0.5, 0.5}), -1);
  EXPECT_EQ(sm.locator().findCell({0.5, 1.001, 0.5}), -1);
  EXPECT_EQ(sm.locator().findCell({0.5, 0.5, 2.0}), -1);
  EXPECT_EQ(sm.locator().findCell({1.0 + 1e-12, 0.5, 0.5}), 5);  // within the tolerance of the face x = 1
}

TEST(CellLocator, AgreesWithBruteForceOnPrisms) {
  const mesh::PolyMesh m = test::prismBox(4, 3, 2, 2.0, 1.0, 0.5);
  const std::vector<GlobalLabel> ids = identity(m.nCells());
  const SamplingMesh sm(m, ids);
  std::mt19937 rng(12345);
  std::uniform_real_distribution<double> ux(-0.1, 2.1), uy(-0.1, 1.1), uz(-0.05, 0.55);
  int inside = 0;
  for (int n = 0; n < 2000; ++n) {
    const Vec3 p{ux(rng), uy(rng), uz(rng)};
    Label brute = -1;
    for (Label c = 0; c < m.nCells() && brute < 0; ++c)
      if (sm.locator().contains(c, p)) brute = c;
    EXPECT_EQ(sm.locator().findCell(p), brute) << p;
    // Inside the box exactly when found.
    const bool inBox = p.x >= 0 && p.x <= 2 && p.y >= 0 && p.y <= 1 && p.z >= 0 && p.z <= 0.5;
    EXPECT_EQ(brute >= 0, inBox) << p;
    inside += brute >= 0;
  }
  EXPECT_GT(inside, 1000);
  // A point on a diagonal face (between the two prisms of hexahedron 0) goes to the lower cell.
  EXPECT_EQ(sm.locator().findCell({0.25, 0.5 / 3, 0.1}), 0);
}

}  // namespace
}  // namespace sluice::output
