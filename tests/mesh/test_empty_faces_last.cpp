// PolyMesh::moveEmptyFacesLast: the layout FvMesh gives its mesh (the faces
// of empty patches behind all others) and what PolyMesh accepts as patches.
#include <gtest/gtest.h>

#include <numeric>

#include "mesh/hand_meshes.hpp"
#include "sluice/core/error.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "support/box_mesh.hpp"

namespace sluice::mesh {
namespace {

/// 3 x 2 x 1 cells, the x sides empty: the empty patches come first in the list.
PolyMesh boxWithEmptyXSides() {
  test::BoxOptions options;
  options.sides = {test::boxSide("xMin", "empty"), test::boxSide("xMax", "empty"), test::boxSide("yMin", "wall"),
                   test::boxSide("yMax", "wall"), test::boxSide("zMin", "patch"), test::boxSide("zMax", "patch")};
  return test::boxMesh(3, 2, 1, options);
}

TEST(EmptyFacesLast, EmptyPatchesMoveBehindTheOthersInListOrder) {
  const PolyMesh original = boxWithEmptyXSides();
  PolyMesh m = original;
  std::vector<Label> order;
  const Label nonEmpty = m.moveEmptyFacesLast(order);
  const auto& p = m.patches();
  ASSERT_EQ(p.size(), original.patches().size());
  EXPECT_EQ(nonEmpty, m.nFaces() - 4);
  // The other patches close up in their order; the empty ones follow.
  EXPECT_EQ(p[2].start, m.nInternalFaces());
  EXPECT_EQ(p[3].start, p[2].start + p[2].size);
  EXPECT_EQ(p[4].start, p[3].start + p[3].size);
  EXPECT_EQ(p[5].start + p[5].size, nonEmpty);
  EXPECT_EQ(p[0].start, nonEmpty);
  EXPECT_EQ(p[1].start, nonEmpty + 2);
  for (std::size_t i = 0; i < p.size(); ++i) EXPECT_EQ(p[i].size, original.patches()[i].size);
  // Every face is the original face `order` names, with its owner.
  for (Label f = 0; f < m.nFaces(); ++f) {
    const auto a = m.faces()[f];
    const auto b = original.faces()[order[f]];
    EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin(), b.end())) << f;
    EXPECT_EQ(m.owner()[f], original.owner()[order[f]]);
  }
  std::vector<Label> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  std::vector<Label> all(sorted.size());
  std::iota(all.begin(), all.end(), 0);
  EXPECT_EQ(sorted, all);
  // The cells are unchanged: the geometry of the reordered mesh, whose
  // per-face arrays stop before the empty faces, gives the same cells.
  const MeshGeometry g0 = MeshGeometry::compute(original);
  const MeshGeometry g1 = MeshGeometry::compute(m, nonEmpty);
  EXPECT_EQ(g1.faceAreas.size(), static_cast<std::size_t>(nonEmpty));
  EXPECT_EQ(g1.weights.size(), static_cast<std::size_t>(nonEmpty));
  for (Label c = 0; c < m.nCells(); ++c) EXPECT_NEAR(g1.cellVolumes[c], g0.cellVolumes[c], 1e-15);
  for (Label f = 0; f < nonEmpty; ++f) EXPECT_EQ(g1.faceAreas[f], g0.faceAreas[order[f]]);
}

TEST(EmptyFacesLast, ReorderedMeshIsAcceptedAsAPolyMesh) {
  PolyMesh m = boxWithEmptyXSides();
  std::vector<Label> order;
  m.moveEmptyFacesLast(order);
  EXPECT_NO_THROW(PolyMesh(m.points(), m.faces(), m.owner(), m.neighbour(), m.patches(), "reordered"));
}

TEST(EmptyFacesLast, OtherPatchOrdersAreStillErrorsInTheFilesTerms) {
  const PolyMesh m = boxWithEmptyXSides();
  std::vector<Patch> swapped = m.patches();
  // zMin's faces before yMax's, the list unchanged: neither the files' layout nor FvMesh's.
  swapped[4].start = swapped[3].start;
  swapped[3].start = swapped[4].start + swapped[4].size;
  try {
    PolyMesh(m.points(), m.faces(), m.owner(), m.neighbour(), swapped, "constant/polyMesh");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("constant/polyMesh: patch 'yMax' starts at face"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace sluice::mesh
