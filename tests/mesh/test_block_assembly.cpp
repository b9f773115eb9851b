#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "mesh/block_test_support.hpp"
#include "sluice/core/error.hpp"
#include "sluice/mesh/block_assembly.hpp"
#include "support/vec3_near.hpp"

using sluice::InputError;
using sluice::Label;
using sluice::Scalar;
using sluice::Vec3;
using namespace sluice::mesh;
using namespace sluice::mesh::test_support;
using sluice::test::expectNear;

namespace {

BlockMeshSpec unitCube(std::array<Label, 3> cells) {
  BlockMeshSpec spec;
  spec.fileName = "system/blockMeshDict";
  spec.vertices = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
  BlockSpec b;
  b.vertices = {0, 1, 2, 3, 4, 5, 6, 7};
  b.cells = cells;
  spec.blocks.push_back(b);
  return spec;
}

// Two unit cubes side by side along x; the second block's vertex order can be
// rotated about x (its local y along global z) to exercise face matching.
BlockMeshSpec twoCubes(bool rotatedSecond) {
  BlockMeshSpec spec = unitCube({2, 2, 1});
  spec.vertices.insert(spec.vertices.end(), {{2, 0, 0}, {2, 1, 0}, {2, 0, 1}, {2, 1, 1}});  // 8 9 10 11
  BlockSpec b;
  if (rotatedSecond) {
    b.vertices = {2, 9, 11, 6, 1, 8, 10, 5};
    b.cells = {3, 1, 2};
  } else {
    b.vertices = {1, 8, 9, 2, 5, 10, 11, 6};
    b.cells = {3, 2, 1};
  }
  spec.blocks.push_back(b);
  return spec;
}

BlockPatchSpec patchSpec(std::string name, std::string type, std::vector<std::array<Label, 4>> faces,
                         std::vector<SourcePos> facePos = {}) {
  BlockPatchSpec p;
  p.name = std::move(name);
  p.type = std::move(type);
  p.faces = std::move(faces);
  p.facePos = std::move(facePos);
  return p;
}

std::string errorOf(const BlockMeshSpec& spec) {
  try {
    assembleBlockMesh(spec);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

void expectSoundMesh(const PolyMesh& mesh) {
  EXPECT_TRUE(mesh.isUpperTriangular());
  EXPECT_LT(maxCellOpenness(mesh), 1e-12);
  for (Scalar v : cellVolumes(mesh)) EXPECT_GT(v, 0);
}

}  // namespace

TEST(BlockAssembly, UnitCubeCountsPatchesAndAreas) {
  BlockMeshSpec spec = unitCube({2, 3, 4});
  spec.patches.push_back(patchSpec("movingWall", "wall", {{3, 7, 6, 2}}));
  spec.patches.push_back(patchSpec("fixedWalls", "wall", {{0, 4, 7, 3}, {2, 6, 5, 1}, {1, 5, 4, 0}}));
  spec.defaultPatchName = "frontAndBack";
  const PolyMesh mesh = assembleBlockMesh(spec);

  EXPECT_EQ(mesh.nCells(), 24);
  EXPECT_EQ(mesh.nPoints(), 60);
  EXPECT_EQ(mesh.nInternalFaces(), 1 * 3 * 4 + 2 * 2 * 4 + 2 * 3 * 3);
  EXPECT_EQ(mesh.nFaces(), 46 + 52);
  ASSERT_EQ(mesh.patches().size(), 3u);
  EXPECT_EQ(mesh.patches()[0].name, "movingWall");
  EXPECT_EQ(mesh.patches()[0].type, "wall");
  EXPECT_EQ(mesh.patches()[0].size, 8);
  EXPECT_EQ(mesh.patches()[1].size, 32);
  EXPECT_EQ(mesh.patches()[2].name, "frontAndBack");
  EXPECT_EQ(mesh.patches()[2].type, "empty");
  EXPECT_EQ(mesh.patches()[2].size, 12);

  EXPECT_NEAR(patchAreaMag(mesh, "movingWall"), 1.0, 1e-14);
  EXPECT_NEAR(patchAreaMag(mesh, "fixedWalls"), 3.0, 1e-14);
  EXPECT_NEAR(patchAreaMag(mesh, "frontAndBack"), 2.0, 1e-14);
  expectNear(patchAreaVector(mesh, "movingWall"), {0, 1, 0}, 1e-14);  // outward
  expectNear(patchAreaVector(mesh, "fixedWalls"), {0, -1, 0}, 1e-14);
  EXPECT_NEAR(totalVolume(mesh), 1.0, 1e-14);
  expectSoundMesh(mesh);
  for (Scalar v : cellVolumes(mesh)) EXPECT_NEAR(v, 1.0 / 24, 1e-15);
}

TEST(BlockAssembly, CellsAreNumberedIFastest) {
  const PolyMesh mesh = assembleBlockMesh(unitCube({2, 3, 4}));
  // Cell c = i + 2 (j + 3 k): the face between cells 0 and 1 is at x = 0.5,
  // the one between 0 and 2 at y = 1/3, the one between 0 and 6 at z = 1/4.
  auto centreOf = [&](Label a, Label b) {
    for (Label f = 0; f < mesh.nInternalFaces(); ++f)
      if (mesh.owner()[f] == a && mesh.neighbour()[f] == b) return faceAverage(mesh, f);
    ADD_FAILURE() << "no face between " << a << " and " << b;
    return Vec3{};
  };
  expectNear(centreOf(0, 1), {0.5, 1.0 / 6, 0.125}, 1e-15);
  expectNear(centreOf(0, 2), {0.25, 1.0 / 3, 0.125}, 1e-15);
  expectNear(centreOf(0, 6), {0.25, 1.0 / 6, 0.25}, 1e-15);
  // Without patches everything is in the default patch.
  ASSERT_EQ(mesh.patches().size(), 1u);
  EXPECT_EQ(mesh.patches()[0].name, "defaultFaces");
  EXPECT_EQ(mesh.patches()[0].size, 52);
}

TEST(BlockAssembly, TwoBlocksShareAFace) {
  for (bool rotated : {false, true}) {
    SCOPED_TRACE(rotated ? "rotated second block" : "aligned blocks");
    const PolyMesh mesh = assembleBlockMesh(twoCubes(rotated));
    EXPECT_EQ(mesh.nCells(), 4 + 6);
    EXPECT_EQ(mesh.nPoints(), 18 + 24 - 6);
    EXPECT_EQ(mesh.nInternalFaces(), 4 + 7 + 2);
    EXPECT_EQ(mesh.nFaces(), 13 + 34);
    ASSERT_EQ(mesh.patches().size(), 1u);
    EXPECT_EQ(mesh.patches()[0].size, 34);
    EXPECT_NEAR(totalVolume(mesh), 2.0, 1e-14);
    EXPECT_NEAR(patchAreaMag(mesh, "defaultFaces"), 10.0, 1e-14);
    EXPECT_GT(minPointDistance(mesh), 0.3);
    expectSoundMesh(mesh);
  }
}

TEST(BlockAssembly, BlockFacesInPatchesBecomeBoundaryFacesInListedOrder) {
  BlockMeshSpec spec = twoCubes(true);
  spec.patches.push_back(patchSpec("outlet", "patch", {{8, 9, 11, 10}}));
  spec.patches.push_back(patchSpec("inlet", "patch", {{0, 4, 7, 3}}));
  const PolyMesh mesh = assembleBlockMesh(spec);
  ASSERT_EQ(mesh.patches().size(), 3u);
  EXPECT_EQ(mesh.patches()[0].name, "outlet");
  EXPECT_EQ(mesh.patches()[0].size, 2);
  EXPECT_EQ(mesh.patches()[1].size, 2);
  EXPECT_EQ(mesh.patches()[2].size, 30);
  expectNear(patchAreaVector(mesh, "outlet"), {1, 0, 0}, 1e-14);
  expectNear(patchAreaVector(mesh, "inlet"), {-1, 0, 0}, 1e-14);
  // Outlet faces belong to cells of the second block (cells 4..9).
  for (Label f = mesh.patches()[0].start; f < mesh.patches()[0].start + 2; ++f) EXPECT_GE(mesh.owner()[f], 4);
}

TEST(BlockAssembly, GradedBlockCellVolumesFollowTheGrading) {
  BlockMeshSpec spec = unitCube({5, 1, 1});
  for (int e = 0; e < 4; ++e) spec.blocks[0].grading[e] = Grading::ratio(4);
  spec.scale = 0.1;
  const PolyMesh mesh = assembleBlockMesh(spec);
  const std::vector<Scalar> vol = cellVolumes(mesh);
  ASSERT_EQ(vol.size(), 5u);
  EXPECT_NEAR(vol[4] / vol[0], 4.0, 1e-12);
  EXPECT_NEAR(totalVolume(mesh), 1e-3, 1e-17);
  const Scalar r = std::pow(4.0, 0.25);
  EXPECT_NEAR(vol[0], 1e-3 * (r - 1) / (std::pow(r, 5) - 1), 1e-17);
  expectSoundMesh(mesh);
}

TEST(BlockAssembly, ArcBlocksGiveTheInscribedAnnulusVolume) {
  // Half annulus 1 <= r <= 2, 0 <= theta <= pi, 0 <= z <= 0.5, as two
  // quarter blocks; arcs given once, one of them used backwards by a block.
  BlockMeshSpec spec;
  spec.fileName = "system/blockMeshDict";
  const Scalar z = 0.5;
  spec.vertices = {{1, 0, 0}, {2, 0, 0}, {0, 2, 0}, {0, 1, 0}, {-2, 0, 0}, {-1, 0, 0},
                   {1, 0, z}, {2, 0, z}, {0, 2, z}, {0, 1, z}, {-2, 0, z}, {-1, 0, z}};
  BlockSpec q1;
  q1.vertices = {0, 1, 2, 3, 6, 7, 8, 9};
  q1.cells = {2, 5, 1};
  BlockSpec q2;
  q2.vertices = {3, 2, 4, 5, 9, 8, 10, 11};
  q2.cells = {2, 5, 1};
  spec.blocks = {q1, q2};
  const Vec3 o0{0, 0, 0}, o1{0, 0, z};
  const auto& v = spec.vertices;
  spec.edges.push_back(BlockEdge::arcAboutOrigin(0, 3, v[0], v[3], o0, 1, "arc"));
  spec.edges.push_back(BlockEdge::arcAboutOrigin(2, 1, v[2], v[1], o0, 1, "arc"));  // reversed for q1
  spec.edges.push_back(BlockEdge::arcAboutOrigin(6, 9, v[6], v[9], o1, 1, "arc"));
  spec.edges.push_back(BlockEdge::arcAboutOrigin(7, 8, v[7], v[8], o1, 1, "arc"));
  const Scalar h = std::sqrt(0.5);
  spec.edges.push_back(BlockEdge::arcThroughPoint(3, 5, v[3], v[5], {-h, h, 0}, "arc"));
  spec.edges.push_back(BlockEdge::arcThroughPoint(2, 4, v[2], v[4], {-2 * h, 2 * h, 0}, "arc"));
  spec.edges.push_back(BlockEdge::arcThroughPoint(9, 11, v[9], v[11], {-h, h, z}, "arc"));
  spec.edges.push_back(BlockEdge::arcThroughPoint(8, 10, v[8], v[10], {-2 * h, 2 * h, z}, "arc"));
  spec.edges.push_back(BlockEdge::line(0, 1, v[0], v[1]));
  const PolyMesh mesh = assembleBlockMesh(spec);

  EXPECT_EQ(mesh.nCells(), 20);
  EXPECT_EQ(mesh.nPoints(), 3 * 11 * 2);
  EXPECT_EQ(mesh.nInternalFaces(), 1 * 10 + 2 * 9);
  // Every point on the inner and outer cylinders.
  Label onInner = 0, onOuter = 0;
  for (const Vec3& p : mesh.points()) {
    const Scalar r = std::hypot(p.x, p.y);
    onInner += std::abs(r - 1) < 1e-12;
    onOuter += std::abs(r - 2) < 1e-12;
  }
  EXPECT_EQ(onInner, 22);
  EXPECT_EQ(onOuter, 22);
  // Polygons inscribed in the arcs, 10 equal segments over pi.
  const Scalar area = 0.5 * 10 * std::sin(std::numbers::pi / 10) * (4 - 1);
  EXPECT_NEAR(totalVolume(mesh), area * z, 1e-13);
  expectSoundMesh(mesh);
}

TEST(BlockAssembly, MismatchedCellCountsOnASharedFaceAreAnError) {
  BlockMeshSpec spec = twoCubes(false);
  spec.blocks[1].cells = {3, 3, 1};
  EXPECT_EQ(errorOf(spec),
            "system/blockMeshDict: blocks 0 and 1 have different numbers of cells on their shared face (1 2 6 5) "
            "(2x1 and 3x1)");
}

TEST(BlockAssembly, InconsistentGradingOnASharedFaceIsAnError) {
  BlockMeshSpec spec = twoCubes(false);
  spec.blocks[1].cells = {3, 2, 1};
  for (int e = 4; e < 8; ++e) spec.blocks[1].grading[e] = Grading::ratio(3);
  EXPECT_EQ(errorOf(spec).rfind("system/blockMeshDict: blocks 0 and 1 do not match on their shared face (1 2 6 5): "
                                "points (1 0.5 0) and (1 0.25 0) are 0.25 apart",
                                0),
            0u)
      << errorOf(spec);
}

TEST(BlockAssembly, InsideOutBlockIsAnError) {
  BlockMeshSpec spec = unitCube({1, 1, 1});
  spec.blocks[0].vertices = {4, 5, 6, 7, 0, 1, 2, 3};
  EXPECT_EQ(errorOf(spec), "system/blockMeshDict: block 0 is inside-out (left-handed vertex order)");
}

TEST(BlockAssembly, ZeroCellsIsAnError) {
  BlockMeshSpec spec = twoCubes(false);
  spec.blocks[1].cells = {3, 0, 1};
  EXPECT_EQ(errorOf(spec), "system/blockMeshDict: block 1 has 0 cells in direction y");
}

TEST(BlockAssembly, CollapsedBlocksAreAnError) {
  BlockMeshSpec spec = unitCube({1, 1, 1});
  spec.blocks[0].vertices = {0, 1, 2, 3, 0, 5, 6, 7};
  EXPECT_EQ(errorOf(spec), "system/blockMeshDict: block 0 uses vertex 0 twice (collapsed blocks are not supported)");
  spec = unitCube({1, 1, 1});
  spec.vertices[4] = spec.vertices[0];
  EXPECT_EQ(errorOf(spec),
            "system/blockMeshDict: block 0 edge 0-4 has zero length (collapsed blocks are not supported)");
}

TEST(BlockAssembly, PatchErrorsNameThePatchAndFace) {
  BlockMeshSpec spec = twoCubes(false);
  spec.patches.push_back(patchSpec("lid", "wall", {{0, 1, 6, 7}}, {{12, 9}}));
  EXPECT_EQ(errorOf(spec), "system/blockMeshDict:12:9: patch 'lid' face (0 1 6 7) is not a block face");

  spec.patches[0].faces = {{5, 6, 2, 1}};
  EXPECT_EQ(errorOf(spec),
            "system/blockMeshDict:12:9: patch 'lid' face (5 6 2 1) is an internal face between blocks 0 and 1");

  spec.patches[0].faces = {{3, 7, 6, 2}};
  spec.patches.push_back(patchSpec("walls", "wall", {{0, 4, 7, 3}, {2, 3, 7, 6}}, {{14, 9}, {15, 9}}));
  EXPECT_EQ(errorOf(spec), "system/blockMeshDict:15:9: patch 'walls' face (2 3 7 6) is already in patch 'lid'");

  spec.patches[1].faces = {{0, 4, 7, 3}};
  spec.patches[1].name = "lid";
  spec.patches[1].pos = {13, 5};
  EXPECT_EQ(errorOf(spec), "system/blockMeshDict:13:5: duplicate patch name 'lid'");

  spec.patches[1].name = "walls";
  spec.patches[1].neighbourPatch = "wals";
  EXPECT_EQ(errorOf(spec), "system/blockMeshDict:13:5: patch 'walls' has neighbourPatch 'wals', which is not a patch");
}

TEST(BlockAssembly, DefaultPatchIsOmittedWhenEverythingIsCovered) {
  BlockMeshSpec spec = unitCube({1, 1, 1});
  spec.patches.push_back(
      patchSpec("all", "wall", {{0, 4, 7, 3}, {1, 2, 6, 5}, {0, 1, 5, 4}, {3, 7, 6, 2}, {0, 3, 2, 1}, {4, 5, 6, 7}}));
  const PolyMesh mesh = assembleBlockMesh(spec);
  ASSERT_EQ(mesh.patches().size(), 1u);
  EXPECT_EQ(mesh.patches()[0].size, 6);
  EXPECT_NEAR(patchAreaMag(mesh, "all"), 6.0, 1e-15);
}
