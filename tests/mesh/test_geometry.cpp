#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <vector>

#include "mesh/hand_meshes.hpp"
#include "sluice/mesh/mesh_check.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "support/vec3_near.hpp"

using namespace sluice;
using namespace sluice::mesh;
using sluice::test::expectNear;

namespace {

Scalar maxOpenness(const PolyMesh& mesh, const MeshGeometry& g) {
  Scalar m = 0;
  for (Scalar o : cellOpenness(mesh, g)) m = std::max(m, o);
  return m;
}

/// L-shaped prism: the L {(0,0) (2,0) (2,1) (1,1) (1,2) (0,2)} extruded to z = 1.
/// Non-convex faces and a non-convex cell: area 3, volume 3, centroid (5/6, 5/6, 1/2).
PolyMesh lPrism() {
  const std::vector<std::array<Scalar, 2>> l{{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
  std::vector<Vec3> points;
  for (Scalar z : {0.0, 1.0})
    for (auto [x, y] : l) points.push_back({x, y, z});
  FaceList faces;
  faces.add({0, 5, 4, 3, 2, 1});   // bottom, -z
  faces.add({6, 7, 8, 9, 10, 11});  // top, +z
  for (Label a = 0; a < 6; ++a) {
    const Label b = (a + 1) % 6;
    faces.add({a, b, b + 6, a + 6});
  }
  return PolyMesh(std::move(points), std::move(faces), std::vector<Label>(8, 0), {}, {handmade::makePatch("walls", "wall", 0, 8)}, "L");
}

}  // namespace

TEST(MeshGeometry, UnitCubeCellHasVolumeExactlyOne) {
  const PolyMesh mesh = handmade::box(1, 1, 1);
  const MeshGeometry g = MeshGeometry::compute(mesh);
  ASSERT_EQ(g.cellVolumes.size(), 1u);
  EXPECT_EQ(g.cellVolumes[0], 1.0);
  expectNear(g.cellCentres[0], {0.5, 0.5, 0.5}, 1e-15);
  for (Label f = 0; f < mesh.nFaces(); ++f) {
    EXPECT_DOUBLE_EQ(g.faceAreaMag(f), 1.0);
    EXPECT_DOUBLE_EQ(g.weights[f], 1.0);
  }
  // xmin face: centre (0, .5, .5), area pointing -x (out of the cell).
  expectNear(g.faceCentres[0], {0, 0.5, 0.5}, 1e-15);
  expectNear(g.faceAreas[0], {-1, 0, 0}, 1e-15);
}

TEST(MeshGeometry, UniformBoxAreasCentresWeightsAndDeltas) {
  const PolyMesh mesh = handmade::box(4, 3, 2);  // cells 0.25 x 1/3 x 0.5
  const MeshGeometry g = MeshGeometry::compute(mesh);
  ASSERT_EQ(mesh.nCells(), 24);
  Scalar total = 0;
  for (Label c = 0; c < 24; ++c) {
    EXPECT_NEAR(g.cellVolumes[c], 1.0 / 24.0, 1e-16);
    total += g.cellVolumes[c];
    const int i = c % 4, j = (c / 4) % 3, k = c / 12;
    expectNear(g.cellCentres[c], {(i + 0.5) / 4, (j + 0.5) / 3, (k + 0.5) / 2}, 1e-15);
  }
  EXPECT_NEAR(total, 1.0, 1e-14);
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) {
    const Label d = mesh.neighbour()[f] - mesh.owner()[f];
    EXPECT_NEAR(g.weights[f], 0.5, 1e-14) << "face " << f;
    EXPECT_NEAR(g.nonOrthogonality[f], 0.0, 1e-6) << "face " << f;
    const Vec3 expectedArea = d == 1 ? Vec3{1.0 / 6.0, 0, 0} : d == 4 ? Vec3{0, 1.0 / 8.0, 0} : Vec3{0, 0, 1.0 / 12.0};
    const Scalar expectedCoeff = d == 1 ? 4.0 : d == 4 ? 3.0 : 2.0;
    expectNear(g.faceAreas[f], expectedArea, 1e-15);
    EXPECT_NEAR(g.deltaCoeff(f), expectedCoeff, 1e-12);
    EXPECT_NEAR(g.nonOrthDeltaCoeff(f), expectedCoeff, 1e-12);
    expectNear(g.faceCentres[f], 0.5 * (g.cellCentres[mesh.owner()[f]] + g.cellCentres[mesh.neighbour()[f]]),
                  1e-15);
  }
  // Boundary: weight 1, delta from owner centre to face centre.
  const Patch& xmax = mesh.patches()[mesh.findPatch("xmax")];
  for (Label f = xmax.start; f < xmax.start + xmax.size; ++f) {
    EXPECT_EQ(g.weights[f], 1.0);
    expectNear(g.delta(f, mesh.owner()[f], -1), {0.125, 0, 0}, 1e-15);
    EXPECT_NEAR(g.deltaCoeff(f), 8.0, 1e-12);
  }
  EXPECT_LT(maxOpenness(mesh, g), 1e-14);
}

TEST(MeshGeometry, OrthogonalMeshKeepsNoNonOrthDeltaCoeffs) {
  const PolyMesh mesh = handmade::box(4, 2, 2);
  const MeshGeometry g = MeshGeometry::compute(mesh);
  EXPECT_FALSE(g.keepsNonOrthDeltaCoeffs());  // every face's two are equal
  for (Label f = 0; f < mesh.nFaces(); ++f) EXPECT_EQ(g.nonOrthDeltaCoeff(f), g.deltaCoeff(f));
}

TEST(MeshGeometry, GradedGridWeightsFollowCellWidths) {
  // Widths 1 and 2 in x: face at x = 1, owner centre 0.5, neighbour centre 2.
  const PolyMesh mesh = handmade::gradedBox({1, 2}, {1}, {1});
  const MeshGeometry g = MeshGeometry::compute(mesh);
  ASSERT_EQ(mesh.nInternalFaces(), 1);
  EXPECT_NEAR(g.weights[0], 2.0 / 3.0, 1e-15);
  expectNear(g.delta(0, mesh.owner()[0], mesh.neighbour()[0]), {1.5, 0, 0}, 1e-15);
  EXPECT_NEAR(g.deltaCoeff(0), 1.0 / 1.5, 1e-15);
  EXPECT_DOUBLE_EQ(g.cellVolumes[1], 2.0);

  // Geometric grading in all directions stays closed and orthogonal.
  const PolyMesh graded = handmade::gradedBox({0.1, 0.2, 0.4, 0.8}, {1, 0.5, 0.25}, {0.3, 0.9});
  const MeshGeometry gg = MeshGeometry::compute(graded);
  EXPECT_LT(maxOpenness(graded, gg), 1e-14);
  Scalar total = 0;
  for (Scalar v : gg.cellVolumes) total += v;
  EXPECT_NEAR(total, 1.5 * 1.75 * 1.2, 1e-13);
  for (Scalar a : gg.nonOrthogonality) EXPECT_NEAR(a, 0.0, 1e-6);
  // Face between x cells 0 (width 0.1) and 1 (width 0.2): w = 0.2 / 0.3.
  EXPECT_NEAR(gg.weights[0], 2.0 / 3.0, 1e-14);
  EXPECT_EQ(graded.neighbour()[0], 1);
}

TEST(MeshGeometry, ShearedGridHasAnalyticNonOrthogonality) {
  const Scalar angle = 30.0;
  const PolyMesh mesh = handmade::shearedBox(3, 3, 1, angle);
  const MeshGeometry g = MeshGeometry::compute(mesh);
  ASSERT_EQ(mesh.nInternalFaces(), 12);
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) EXPECT_NEAR(g.nonOrthogonality[f], angle, 1e-9) << "face " << f;
  // Parallelepipeds: volume = base * height = 1; n.d = |d| cos(angle).
  for (Scalar v : g.cellVolumes) EXPECT_NEAR(v, 1.0, 1e-14);
  const Scalar cosA = std::cos(angle * std::acos(-1.0) / 180.0);
  for (Label f = 0; f < mesh.nInternalFaces(); ++f)
    EXPECT_NEAR(g.nonOrthDeltaCoeff(f), g.deltaCoeff(f) / cosA, 1e-12);
  EXPECT_TRUE(g.keepsNonOrthDeltaCoeffs());  // a list of its own
  // Cell (i, j) centre: (i + 0.5 + tan(angle) (j + 0.5), j + 0.5, 0.5).
  const Scalar t = std::tan(angle * std::acos(-1.0) / 180.0);
  expectNear(g.cellCentres[7], {1.5 + 2.5 * t, 2.5, 0.5}, 1e-14);
  EXPECT_LT(maxOpenness(mesh, g), 1e-14);
}

TEST(MeshGeometry, TetrahedronVolumeIsOneSixth) {
  const PolyMesh mesh = handmade::tetrahedron();
  const MeshGeometry g = MeshGeometry::compute(mesh);
  EXPECT_NEAR(g.cellVolumes[0], 1.0 / 6.0, 1e-16);
  expectNear(g.cellCentres[0], {0.25, 0.25, 0.25}, 1e-16);
  expectNear(g.faceCentres[3], {1.0 / 3, 1.0 / 3, 1.0 / 3}, 1e-16);
  expectNear(g.faceAreas[3], {0.5, 0.5, 0.5}, 1e-16);
  expectNear(g.faceAreas[0], {0, 0, -0.5}, 1e-16);
  EXPECT_LT(maxOpenness(mesh, g), 1e-15);
}

TEST(MeshGeometry, PrismVolumeAndCentroid) {
  const PolyMesh mesh = handmade::prism();
  const MeshGeometry g = MeshGeometry::compute(mesh);
  EXPECT_NEAR(g.cellVolumes[0], 0.5, 1e-15);
  expectNear(g.cellCentres[0], {1.0 / 3, 1.0 / 3, 0.5}, 1e-15);
  expectNear(g.faceCentres[4], {0.5, 0.5, 0.5}, 1e-15);
  expectNear(g.faceAreas[4], {1, 1, 0}, 1e-15);
  EXPECT_LT(maxOpenness(mesh, g), 1e-15);
}

TEST(MeshGeometry, NonConvexFaceAndCellHaveExactCentroids) {
  const PolyMesh mesh = lPrism();
  const MeshGeometry g = MeshGeometry::compute(mesh);
  expectNear(g.faceCentres[0], {5.0 / 6, 5.0 / 6, 0}, 1e-15);
  expectNear(g.faceAreas[0], {0, 0, -3}, 1e-15);
  expectNear(g.faceAreas[1], {0, 0, 3}, 1e-15);
  EXPECT_NEAR(g.cellVolumes[0], 3.0, 1e-14);
  expectNear(g.cellCentres[0], {5.0 / 6, 5.0 / 6, 0.5}, 1e-15);
}

TEST(MeshGeometry, InvertedCellHasNegativeVolume) {
  // x planes at 0, 1, 0.5, 3: cell 1 runs backwards from x = 1 to 0.5.
  const Scalar x[] = {0, 1, 0.5, 3};
  const PolyMesh mesh = handmade::box(3, 1, 1, [&](int i, int j, int k) { return Vec3{x[i], Scalar(j), Scalar(k)}; });
  const MeshGeometry g = MeshGeometry::compute(mesh);
  EXPECT_NEAR(g.cellVolumes[0], 1.0, 1e-15);
  EXPECT_NEAR(g.cellVolumes[1], -0.5, 1e-15);
  EXPECT_NEAR(g.cellVolumes[2], 2.5, 1e-15);
  expectNear(g.cellCentres[1], {0.75, 0.5, 0.5}, 1e-15);
}

TEST(MeshGeometry, CellCentresAloneAreComputeCellsCentresBitForBit) {
  // A distorted lattice (no two cells alike, warped faces) and a non-convex polyhedron.
  const PolyMesh warped = handmade::box(5, 4, 3, [](int i, int j, int k) {
    return Vec3{i + 0.13 * std::sin(1.7 * j + k), j + 0.11 * std::cos(0.9 * i * k), k + 0.07 * std::sin(i + 2.3 * j)};
  });
  for (const PolyMesh& mesh : {warped, lPrism()}) {
    const std::vector<Vec3> alone = MeshGeometry::computeCellCentres(mesh);
    const std::vector<Vec3> full = MeshGeometry::computeCells(mesh).cellCentres;
    ASSERT_EQ(alone.size(), full.size());
    for (std::size_t c = 0; c < full.size(); ++c)
      for (int d = 0; d < 3; ++d) EXPECT_EQ(alone[c][d], full[c][d]) << mesh.name() << " cell " << c;
  }
}

TEST(MeshGeometry, InternalDeltaCoeffsComputedWhereUsedAreTheStoredOnesBitForBit) {
  const PolyMesh warped = handmade::box(5, 4, 3, [](int i, int j, int k) {
    return Vec3{i + 0.13 * std::sin(1.7 * j + k) + 0.3 * j, j + 0.11 * std::cos(0.9 * i * k), k + 0.07 * std::sin(i + 2.3 * j)};
  });
  for (const PolyMesh& mesh : {warped, handmade::shearedBox(4, 3, 2, 25.0), handmade::box(3, 3, 3)}) {
    const MeshGeometry stored = MeshGeometry::compute(mesh);
    MeshGeometry computed = stored;
    computed.computeInternalDeltaCoeffs(mesh.nInternalFaces(), mesh.owner(), mesh.neighbour());
    EXPECT_EQ(computed.keepsNonOrthDeltaCoeffs(), stored.keepsNonOrthDeltaCoeffs());
    for (Label f = 0; f < mesh.nFaces(); ++f) {
      EXPECT_EQ(computed.deltaCoeff(f), stored.deltaCoeff(f)) << mesh.name() << " face " << f;
      EXPECT_EQ(computed.nonOrthDeltaCoeff(f), stored.nonOrthDeltaCoeff(f)) << mesh.name() << " face " << f;
    }
  }
}
