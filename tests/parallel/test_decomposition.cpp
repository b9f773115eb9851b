// Decomposition methods on structured box meshes: validity, balance, exact
// layouts of the geometric methods, the registry and error messages.
#include <gtest/gtest.h>

#include <cstdio>
#include <set>
#include <string>

#include "parallel/cell_measures.hpp"
#include "sluice/core/error.hpp"
#include "sluice/parallel/decomposition.hpp"
#include "sluice/parallel/decomposition_methods.hpp"
#include "support/box_mesh.hpp"

namespace sluice::parallel {
namespace {

DecompositionSettings settingsFor(const std::string& method, int nParts) {
  DecompositionSettings s = DecompositionSettings::defaults(nParts);
  s.method = method;
  switch (nParts) {  // simple/hierarchical: a factorisation of nParts
    case 4: s.n = {2, 2, 1}; break;
    case 6: s.n = {3, 2, 1}; break;
    default: s.n = {nParts, 1, 1}; break;
  }
  if (method == "hierarchical") s.order = {1, 0, 2};  // yxz
  return s;
}

class EveryMethod : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryMethod, EveryCellGetsAPartAndNoPartIsEmpty) {
  const mesh::PolyMesh m = test::boxMesh(20, 15, 1, test::wavyMap);
  const std::vector<Vec3> centres = test::cellCentres(m);
  for (int nParts : {1, 2, 3, 4, 7}) {
    SCOPED_TRACE("nParts " + std::to_string(nParts));
    const std::vector<int> part = decompose(m, centres, nParts, settingsFor(GetParam(), nParts));
    ASSERT_EQ(part.size(), 300u);
    for (int p : part) {
      ASSERT_GE(p, 0);
      ASSERT_LT(p, nParts);
    }
    const std::vector<Label> sizes = partSizes(part, nParts);
    for (int p = 0; p < nParts; ++p) EXPECT_GT(sizes[p], 0) << "part " << p;
    // 300 cells: the geometric methods split by count exactly (to +-1 cell),
    // the graph partitioners within a few cells.
    EXPECT_LE(loadImbalance(part, nParts), 0.05);
  }
}

TEST_P(EveryMethod, IsDeterministic) {
  const mesh::PolyMesh m = test::boxMesh(17, 13, 2);
  const std::vector<Vec3> centres = test::cellCentres(m);
  const DecompositionSettings s = settingsFor(GetParam(), 7);
  EXPECT_EQ(decompose(m, centres, 7, s), decompose(m, centres, 7, s));
}

TEST_P(EveryMethod, OnePartIsAllZeros) {
  const mesh::PolyMesh m = test::boxMesh(3, 2, 2);
  const std::vector<Vec3> centres = test::cellCentres(m);
  EXPECT_EQ(decompose(m, centres, 1, settingsFor(GetParam(), 1)), std::vector<int>(12, 0));
}

INSTANTIATE_TEST_SUITE_P(Methods, EveryMethod, ::testing::Values("scotch", "metis", "simple", "hierarchical"));

// The acceptance: graph partitioners within 5 % on 200x200x1.
class GraphMethod : public ::testing::TestWithParam<std::string> {};

TEST_P(GraphMethod, BalancesALargeGridWithinFivePercent) {
  const mesh::PolyMesh m = test::boxMesh(200, 200, 1);
  const std::vector<Vec3> centres = test::cellCentres(m);
  for (int nParts : {2, 3, 4, 7}) {
    const std::vector<int> part = decompose(m, centres, nParts, settingsFor(GetParam(), nParts));
    const double imbalance = loadImbalance(part, nParts);
    std::printf("%s on 200x200x1, %d parts: imbalance %.3f %%\n", GetParam().c_str(), nParts, 100 * imbalance);
    EXPECT_LE(imbalance, 0.05) << nParts << " parts";
    for (Label size : partSizes(part, nParts)) EXPECT_GT(size, 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Methods, GraphMethod, ::testing::Values("scotch", "metis"));

TEST(SimpleDecomposition, TwoByTwoOnATenByTenGridGivesQuadrants) {
  const mesh::PolyMesh m = test::boxMesh(10, 10, 1);
  DecompositionSettings s = settingsFor("simple", 4);
  s.n = {2, 2, 1};
  const std::vector<int> part = decompose(m, test::cellCentres(m), 4, s);
  for (int j = 0; j < 10; ++j)
    for (int i = 0; i < 10; ++i) EXPECT_EQ(part[i + 10 * j], (i >= 5) + 2 * (j >= 5)) << "cell " << i << "," << j;
}

TEST(SimpleDecomposition, SlabsAlongZ) {
  const mesh::PolyMesh m = test::boxMesh(2, 2, 6);
  DecompositionSettings s = settingsFor("simple", 3);
  s.n = {1, 1, 3};
  const std::vector<int> part = decompose(m, test::cellCentres(m), 3, s);
  for (Label c = 0; c < 24; ++c) EXPECT_EQ(part[c], (c / 4) / 2) << "cell " << c;
}

TEST(HierarchicalDecomposition, SplitsNestedInTheGivenOrder) {
  // An L of 8 points: x = 0 column (y = 0..3) and y = 0 row (x = 1..4).
  const std::vector<Vec3> pts{{0, 0, 0}, {0, 1, 0}, {0, 2, 0}, {0, 3, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {4, 0, 0}};
  // xyz: halves by x (the column | the row), then each half by y.
  EXPECT_EQ(splitByCoordinates(pts, {2, 2, 1}, {0, 1, 2}, 0.001), (std::vector<int>{0, 0, 2, 2, 1, 1, 3, 3}));
  // yxz: halves by y ({y=0, x<=3} | the rest), then each by x.
  EXPECT_EQ(splitByCoordinates(pts, {2, 2, 1}, {1, 0, 2}, 0.001), (std::vector<int>{0, 2, 2, 3, 0, 1, 1, 3}));
}

TEST(HierarchicalDecomposition, MatchesSimpleOnABoxForAnyOrder) {
  const mesh::PolyMesh m = test::boxMesh(12, 12, 2);
  const std::vector<Vec3> centres = test::cellCentres(m);
  DecompositionSettings simple = settingsFor("simple", 12);
  simple.n = {2, 3, 2};
  DecompositionSettings hier = simple;
  hier.method = "hierarchical";
  hier.order = {2, 1, 0};
  const std::vector<int> a = decompose(m, centres, 12, simple);
  EXPECT_EQ(a, decompose(m, centres, 12, hier));
  for (int k = 0; k < 2; ++k)
    for (int j = 0; j < 12; ++j)
      for (int i = 0; i < 12; ++i) EXPECT_EQ(a[i + 12 * (j + 12 * k)], i / 6 + 2 * (j / 4 + 3 * k));
}

TEST(DecompositionRegistry, HoldsTheBuiltInMethodsInOrder) {
  DecompositionRegistry registry;
  registerDecompositionMethods(registry);
  EXPECT_EQ(registry.names(), (std::vector<std::string>{"scotch", "metis", "simple", "hierarchical"}));
  EXPECT_NE(registry.find("metis"), nullptr);
  EXPECT_EQ(registry.find("kahip"), nullptr);
  try {
    registry.add("simple", decomposeSimple);
    FAIL() << "duplicate accepted";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "decomposition method 'simple' registered twice");
  }
}

TEST(DecompositionRegistry, EmptyPartsFromAMethodAreFilled) {
  DecompositionRegistry registry;
  registry.add("lazy", [](const mesh::PolyMesh& m, std::span<const Vec3>, int, const DecompositionSettings&) {
    return std::vector<int>(m.nCells(), 0);
  });
  const mesh::PolyMesh m = test::boxMesh(5, 2, 1);
  DecompositionSettings s = DecompositionSettings::defaults(3);
  s.method = "lazy";
  const std::vector<int> part = decompose(registry, m, test::cellCentres(m), 3, s);
  EXPECT_EQ(partSizes(part, 3), (std::vector<Label>{8, 1, 1}));
  EXPECT_EQ(part[9], 1);
  EXPECT_EQ(part[8], 2);
}

TEST(DecompositionRegistry, OutOfRangePartsAreAnError) {
  DecompositionRegistry registry;
  registry.add("bad", [](const mesh::PolyMesh& m, std::span<const Vec3>, int n, const DecompositionSettings&) {
    return std::vector<int>(m.nCells(), n);
  });
  const mesh::PolyMesh m = test::boxMesh(2, 2, 1);
  DecompositionSettings s = DecompositionSettings::defaults(2);
  s.method = "bad";
  try {
    decompose(registry, m, test::cellCentres(m), 2, s);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "bad decomposition put cell 0 in part 2 of 2");
  }
}

TEST(Decompose, RefusesMorePartsThanCells) {
  const mesh::PolyMesh m = test::boxMesh(2, 2, 1);
  try {
    decompose(m, test::cellCentres(m), 5, DecompositionSettings::defaults(5));
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "box: cannot decompose 4 cells over 5 ranks");
  }
}

TEST(Decompose, OnePartNeedsNoMethod) {
  const mesh::PolyMesh m = test::boxMesh(2, 2, 1);
  DecompositionSettings s = DecompositionSettings::defaults(1);
  s.method = "no-such-method";
  EXPECT_EQ(decompose(m, test::cellCentres(m), 1, s), std::vector<int>(4, 0));
}

TEST(Decompose, LoadImbalanceIsMaxOverMeanMinusOne) {
  const std::vector<int> part{0, 0, 0, 1, 2, 2};  // sizes 3 1 2, mean 2
  EXPECT_DOUBLE_EQ(loadImbalance(part, 3), 0.5);
  EXPECT_EQ(partSizes(part, 3), (std::vector<Label>{3, 1, 2}));
}

}  // namespace
}  // namespace sluice::parallel
