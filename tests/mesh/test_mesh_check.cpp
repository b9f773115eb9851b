#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

#include "mesh/hand_meshes.hpp"
#include "sluice/mesh/mesh_check.hpp"
#include "sluice/mesh/mesh_directions.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "support/temp_dir.hpp"

using namespace sluice;
using namespace sluice::mesh;

namespace {

MeshReport check(const PolyMesh& mesh) { return checkMesh(mesh, MeshGeometry::compute(mesh)); }

/// Two cells in x; the x = 2 plane is shifted by `s` in y, so cell 1 is a
/// parallelepiped with centre (1.5, 0.5 + s/2, 0.5).
PolyMesh skewedPair(Scalar s) {
  return handmade::box(2, 1, 1, [&](int i, int j, int k) {
    return Vec3{Scalar(i), j + (i == 2 ? s : 0.0), Scalar(k)};
  });
}

bool python3Available() { return std::system("python3 -c 'pass' > /dev/null 2>&1") == 0; }

}  // namespace

TEST(MeshCheck, UniformBoxReportsExactStatistics) {
  const PolyMesh mesh = handmade::box(4, 3, 2);
  const MeshReport r = check(mesh);
  EXPECT_EQ(r.cells, 24);
  EXPECT_EQ(r.points, 5 * 4 * 3);
  EXPECT_EQ(r.internalFaces, 3 * 3 * 2 + 4 * 2 * 2 + 4 * 3 * 1);
  EXPECT_EQ(r.faces, r.internalFaces + 2 * (3 * 2 + 4 * 2 + 4 * 3));
  ASSERT_EQ(r.patches.size(), 6u);
  EXPECT_EQ(r.patches[0].name, "xmin");
  EXPECT_EQ(r.patches[0].type, "patch");
  EXPECT_EQ(r.patches[0].faces, 6);
  EXPECT_EQ(r.patches[5].name, "zmax");
  EXPECT_EQ(r.patches[5].faces, 12);
  EXPECT_EQ(r.boundsMin, (Vec3{0, 0, 0}));
  EXPECT_EQ(r.boundsMax, (Vec3{1, 1, 1}));
  EXPECT_NEAR(r.volume, 1.0, 1e-14);
  EXPECT_NEAR(r.minVolume, 1.0 / 24, 1e-16);
  EXPECT_NEAR(r.maxVolume, 1.0 / 24, 1e-16);
  EXPECT_NEAR(r.maxNonOrthogonality, 0.0, 1e-6);
  EXPECT_NEAR(r.averageNonOrthogonality, 0.0, 1e-6);
  EXPECT_LT(r.maxSkewness, 1e-14);
  EXPECT_NEAR(r.maxAspectRatio, 2.0, 1e-12);  // cells 0.25 x 0.333 x 0.5
  EXPECT_LT(r.maxCellOpenness, 1e-14);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_TRUE(r.warnings.empty());
}

TEST(MeshCheck, AspectRatioOfElongatedCellAndTetrahedron) {
  // One 1 x 1 x 10 cell: component term 20/2 = 10.
  const PolyMesh tall = handmade::box(1, 1, 1, [](int i, int j, int k) { return Vec3{Scalar(i), Scalar(j), 10.0 * k}; });
  EXPECT_NEAR(check(tall).maxAspectRatio, 10.0, 1e-12);
  // Unit right tetrahedron: A = (1, 1, 1), hydraulic term 3 / (6 (1/6)^(2/3)).
  EXPECT_NEAR(check(handmade::tetrahedron()).maxAspectRatio, 0.5 / std::pow(1.0 / 6.0, 2.0 / 3.0), 1e-12);
}

TEST(MeshCheck, TwoDimensionalMeshIgnoresTheEmptyDirection) {
  // Cells 2 x 1 in x-y, 0.1 thick in z between empty patches: aspect ratio
  // 2 from the x and y face areas only (the thickness would give 20).
  const PolyMesh thin = handmade::gradedBox({2, 2}, {1}, {0.1});
  const PolyMesh twoD = handmade::withPatchType(thin, {"zmin", "zmax"}, "empty");
  const MeshDirections d = meshDirections(twoD, MeshGeometry::compute(twoD));
  EXPECT_EQ(d.solution, (std::array<bool, 3>{true, true, false}));
  EXPECT_EQ(d.geometric, d.solution);
  EXPECT_EQ(d.nGeometric(), 2);
  EXPECT_NEAR(check(twoD).maxAspectRatio, 2.0, 1e-12);
  // The same cells as a 3D mesh: component ratio 4 / 0.2.
  EXPECT_NEAR(check(thin).maxAspectRatio, 20.0, 1e-12);
}

TEST(MeshCheck, TwoDimensionalMeshInXZ) {
  // One cell 1 x 0.01 x 3, empty in y: 3 from the x and z faces.
  const PolyMesh mesh = handmade::withPatchType(handmade::gradedBox({1}, {0.01}, {3}), {"ymin", "ymax"}, "empty");
  const MeshDirections d = meshDirections(mesh, MeshGeometry::compute(mesh));
  EXPECT_EQ(d.geometric, (std::array<bool, 3>{true, false, true}));
  EXPECT_NEAR(check(mesh).maxAspectRatio, 3.0, 1e-12);
}

TEST(MeshCheck, EmptyPatchWithoutFacesKeepsAllDirections) {
  const PolyMesh mesh = handmade::withPatchType(handmade::box(1, 1, 1), {"zmin"}, "empty");
  const PolyMesh noEmptyFaces = handmade::withoutBoundaryFace(mesh, mesh.patches()[mesh.findPatch("zmin")].start);
  EXPECT_EQ(meshDirections(noEmptyFaces, MeshGeometry::compute(noEmptyFaces)).nGeometric(), 3);
}

TEST(MeshCheck, WedgeMeshIgnoresTheWedgeDirection) {
  // A 5-degree wedge about the x axis: front and back planes z = +-tan(2.5 deg) y,
  // cells 1 x 1 in x-y (at y from 1 to 2), thin in z.
  const Scalar t = std::tan(2.5 * std::acos(-1.0) / 180.0);
  const PolyMesh box = handmade::box(1, 1, 1, [&](int i, int j, int k) {
    const Scalar y = 1.0 + j;
    return Vec3{Scalar(i), y, (2 * k - 1) * t * y};
  });
  const PolyMesh wedge = handmade::withPatchType(box, {"zmin", "zmax"}, "wedge");
  const MeshDirections d = meshDirections(wedge, MeshGeometry::compute(wedge));
  EXPECT_EQ(d.solution, (std::array<bool, 3>{true, true, true}));
  EXPECT_EQ(d.geometric, (std::array<bool, 3>{true, true, false}));
  // x: two trapezoids of area 3t, A_x = 6t; y: faces of area 2t and 4t plus
  // the wedge faces' y components t each, A_y = 8t; A_z = 2 does not count.
  EXPECT_NEAR(check(wedge).maxAspectRatio, 4.0 / 3.0, 1e-12);
  EXPECT_NEAR(check(box).maxAspectRatio, 2.0 / (6 * t), 1e-9);  // 3D: A_z / A_x
}

TEST(MeshCheck, SkewnessIsCheckMeshDefinition) {
  const Scalar s = 1.0;
  const PolyMesh mesh = skewedPair(s);
  const MeshGeometry g = MeshGeometry::compute(mesh);
  const std::vector<Scalar> skew = faceSkewness(mesh, g);
  // Internal face x = 1, centre (1, .5, .5): the centre line crosses it at
  // y = .5 + s/4, so |sv| = s/4, over the face's half-width 0.5 along y
  // (more than 0.2 |d|): s/2.
  EXPECT_NEAR(skew[0], s / 2, 1e-14);
  // Boundary xmax of cell 1: C_f - C_P = (0.5, s/2, 0), normal x: |sv| = s/2 over 0.5.
  const auto start = [&](const char* patch) { return mesh.patches()[mesh.findPatch(patch)].start; };
  EXPECT_NEAR(skew[start("xmax")], s, 1e-14);
  // Boundary ymin of cell 1 (the slanted face, plane through (1,0) and (2,s)):
  // |sv| = 0.5 s / sqrt(1 + s^2) over the face's half-length 0.5 sqrt(1 + s^2).
  EXPECT_NEAR(skew[start("ymin") + 1], s / (1 + s * s), 1e-14);
  EXPECT_NEAR(skew[start("xmin")], 0.0, 1e-15);
  EXPECT_NEAR(check(mesh).maxSkewness, s, 1e-14);
  EXPECT_TRUE(check(mesh).warnings.empty());
}

TEST(MeshCheck, SkewnessNormalisationHasAFloorOfAFifthOfTheCentreDistance) {
  // Cells 1 x 10 x 1 in y: the internal face is 1 wide along the skew (x) but
  // the centres are 10 apart, so 0.2 |d| = 2 normalises.
  const Scalar s = 2.0;
  const PolyMesh mesh = handmade::box(1, 2, 1, [&](int i, int j, int k) {
    return Vec3{i + (j == 2 ? s : 0.0), 10.0 * j, Scalar(k)};
  });
  const std::vector<Scalar> skew = faceSkewness(mesh, MeshGeometry::compute(mesh));
  // d = (s/2, 10, 0); the line crosses y = 10 at x = 0.5 + s/4: |sv| = s/4.
  EXPECT_NEAR(skew[0], (s / 4) / (0.2 * std::sqrt(100 + s * s / 4)), 1e-14);
}

TEST(MeshCheck, HighSkewnessIsAWarningNamingTheWorstFace) {
  const PolyMesh mesh = skewedPair(5.0);
  const MeshGeometry g = MeshGeometry::compute(mesh);
  const std::vector<Scalar> skew = faceSkewness(mesh, g);
  const auto worst = std::max_element(skew.begin(), skew.end()) - skew.begin();
  EXPECT_EQ(worst, mesh.patches()[mesh.findPatch("xmax")].start);
  const MeshReport r = checkMesh(mesh, g);
  EXPECT_TRUE(r.errors.empty());
  // Only xmax of cell 1 (skewness 5): internal 2.3, slanted ymin/ymax 5/26.
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0], fmt::format("1 faces with skewness above 4 (worst: face {}, 5)", worst));
}

TEST(MeshCheck, AverageNonOrthogonalityIsTheAngleOfTheMeanCosine) {
  // Three unit cells in y, the top row of points shifted by 2 in x: face
  // y = 1 is orthogonal, face y = 2 has d = (1, 1, 0), 45 degrees.
  const PolyMesh mesh = handmade::box(1, 3, 1, [](int i, int j, int k) {
    return Vec3{i + (j == 3 ? 2.0 : 0.0), Scalar(j), Scalar(k)};
  });
  const MeshGeometry g = MeshGeometry::compute(mesh);
  const std::vector<Scalar> ortho = faceOrthogonality(mesh, g);
  ASSERT_EQ(ortho.size(), 2u);
  const MeshReport r = checkMesh(mesh, g);
  EXPECT_NEAR(r.maxNonOrthogonality, 45.0, 1e-9);
  // acos((1 + cos 45) / 2) = 31.4 degrees, not the mean angle 22.5.
  EXPECT_NEAR(r.averageNonOrthogonality, std::acos((1 + std::sqrt(0.5)) / 2) * 180 / std::acos(-1.0), 1e-9);
}

TEST(MeshCheck, HighNonOrthogonalityIsAWarning) {
  const PolyMesh mesh = handmade::shearedBox(2, 2, 1, 75.0);
  const MeshGeometry g = MeshGeometry::compute(mesh);
  const std::vector<Scalar> ortho = faceOrthogonality(mesh, g);
  const auto worst = std::min_element(ortho.begin(), ortho.end()) - ortho.begin();
  const MeshReport r = checkMesh(mesh, g);
  EXPECT_NEAR(r.maxNonOrthogonality, 75.0, 1e-9);
  EXPECT_NEAR(r.averageNonOrthogonality, 75.0, 1e-9);
  EXPECT_TRUE(r.errors.empty());
  ASSERT_GE(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0],
            fmt::format("4 faces with non-orthogonality above 70 degrees (worst: face {}, 75 degrees)", worst));
}

TEST(MeshCheck, InvertedCellIsAnErrorNamingTheCell) {
  const Scalar x[] = {0, 1, 0.5, 3};
  const PolyMesh mesh = handmade::box(3, 1, 1, [&](int i, int j, int k) { return Vec3{x[i], Scalar(j), Scalar(k)}; });
  const MeshReport r = check(mesh);
  EXPECT_EQ(r.errors, std::vector<std::string>{"cell 1: non-positive volume -5.0e-01"});
  EXPECT_NEAR(r.minVolume, -0.5, 1e-15);
  EXPECT_NEAR(r.maxVolume, 2.5, 1e-15);
  EXPECT_NEAR(r.volume, 3.0, 1e-14);
}

TEST(MeshCheck, OpenCellIsAnErrorNamingTheCell) {
  // Remove the xmax face of a 2-cell box: cell 1 (0.5 x 1 x 1) loses area 1 of 4.
  const PolyMesh full = handmade::box(2, 1, 1);
  const PolyMesh mesh = handmade::withoutBoundaryFace(full, full.patches()[full.findPatch("xmax")].start);
  const MeshReport r = check(mesh);
  EXPECT_NEAR(r.maxCellOpenness, 1.0 / 3.0, 1e-15);  // |(1,0,0)| / (1 + 4 * 0.5)
  EXPECT_EQ(r.errors, std::vector<std::string>{"cell 1: open, |sum Sf|/sum|Sf| = 3.3e-01"});
}

TEST(MeshCheck, CellWithThreeFacesIsAnError) {
  const PolyMesh mesh = handmade::withoutBoundaryFace(handmade::tetrahedron(), 3);
  const MeshReport r = check(mesh);
  // |(.5,.5,.5)| / 1.5 = 0.577.
  EXPECT_EQ(r.errors, (std::vector<std::string>{"cell 0: open, |sum Sf|/sum|Sf| = 5.8e-01",
                                                "cell 0: 3 faces (at least 4 needed)"}));
}

TEST(MeshCheck, UnusedPointIsAnError) {
  const MeshReport r = check(handmade::withExtraPoints(handmade::box(1, 1, 1), 1));
  EXPECT_EQ(r.errors, std::vector<std::string>{"point 8 is not used by any face"});
}

TEST(MeshCheck, ListsAtMostTenErrorsOfAKind) {
  const MeshReport r = check(handmade::withExtraPoints(handmade::box(1, 1, 1), 13));
  ASSERT_EQ(r.errors.size(), 11u);
  EXPECT_EQ(r.errors[0], "point 8 is not used by any face");
  EXPECT_EQ(r.errors[9], "point 17 is not used by any face");
  EXPECT_EQ(r.errors[10], "... and 3 more points not used by any face");
}

TEST(MeshCheck, TextReportIsAlignedAndShowsBandwidth) {
  MeshReport r = check(handmade::box(4, 3, 2));
  r.bandwidthBefore = 12;
  r.bandwidthAfter = 5;
  const std::string text = r.toText();
  EXPECT_NE(text.find("    cells:                    24\n"), std::string::npos) << text;
  EXPECT_NE(text.find("    internal faces:           46\n"), std::string::npos) << text;
  EXPECT_NE(text.find("    name  type   faces\n    xmin  patch      6\n"), std::string::npos) << text;
  EXPECT_NE(text.find("    bounding box:             (0 0 0) (1 1 1)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("    max aspect ratio:         2\n"), std::string::npos) << text;
  EXPECT_NE(text.find("    bandwidth before/after:   12 / 5\n"), std::string::npos) << text;
  EXPECT_TRUE(text.ends_with("\nMesh OK.\n")) << text;

  const MeshReport bad = check(handmade::withExtraPoints(handmade::box(1, 1, 1), 2));
  const std::string badText = bad.toText();
  EXPECT_EQ(badText.find("bandwidth"), std::string::npos);
  EXPECT_NE(badText.find("Errors (2)\n    point 8 is not used by any face\n    point 9 is not used by any face\n"),
            std::string::npos)
      << badText;
  EXPECT_TRUE(badText.ends_with("\nMesh check failed: 2 errors.\n")) << badText;
}

TEST(MeshCheck, JsonHasExpectedKeysAndFullPrecision) {
  MeshReport r = check(handmade::withExtraPoints(handmade::box(4, 3, 2), 1));
  r.volume = 0.1 + 0.2;  // 0.30000000000000004 needs 17 digits
  r.bandwidthBefore = 12;
  r.bandwidthAfter = 5;
  r.patches[0].name = "in\"let\\1\n";
  r.warnings.push_back("tab\there");
  const std::string json = r.toJson();
  for (const char* key : {"\"cells\": 24", "\"faces\": ", "\"internalFaces\": 46", "\"points\": 61",
                          "\"volume\": 0.30000000000000004", "\"minVolume\": ", "\"maxVolume\": ", "\"bounds\": {",
                          "\"min\": [", "\"maxNonOrthogonality\": ", "\"averageNonOrthogonality\": ",
                          "\"maxSkewness\": ", "\"maxAspectRatio\": 2", "\"maxCellOpenness\": ",
                          "\"bandwidthBefore\": 12", "\"bandwidthAfter\": 5", "\"patches\": [",
                          "\"name\": \"in\\\"let\\\\1\\n\"", "\"errors\": [", "\"point 60 is not used by any face\"",
                          "\"warnings\": [", "\"tab\\there\""})
    EXPECT_NE(json.find(key), std::string::npos) << key << "\n" << json;
  EXPECT_EQ(json.front(), '{');

  MeshReport noBandwidth = check(handmade::box(1, 1, 1));
  EXPECT_EQ(noBandwidth.toJson().find("bandwidth"), std::string::npos);

  if (!python3Available()) GTEST_SKIP() << "python3 not found; JSON not validated by a parser";
  const test::TempDir dir("check");
  const auto file = dir.write("report.json", json);
  const std::string script =
      "import json,sys; d=json.load(open(sys.argv[1])); "
      "assert d['cells']==24 and d['internalFaces']==46 and d['points']==61; "
      "assert d['volume']==0.1+0.2; "
      "assert d['bounds']=={'min':[0,0,0],'max':[5,5,5]}; "  // the unused point is included
      "assert d['patches'][0]=={'name':'in\"let\\\\1\\n','type':'patch','faces':6}, d['patches'][0]; "
      "assert d['errors']==['point 60 is not used by any face']; "
      "assert d['warnings']==['tab\\there']; "
      "assert d['bandwidthBefore']==12 and d['bandwidthAfter']==5; "
      "assert set(d)=={'cells','faces','internalFaces','points','volume','minVolume','maxVolume','bounds',"
      "'maxNonOrthogonality','averageNonOrthogonality','maxSkewness','maxAspectRatio','maxCellOpenness',"
      "'bandwidthBefore','bandwidthAfter','patches','errors','warnings'}, set(d)";
  const auto checker = dir.write("check.py", script);
  const int rc = std::system(fmt::format("python3 '{}' '{}'", checker.string(), file.string()).c_str());
  EXPECT_EQ(rc, 0) << json;
}
