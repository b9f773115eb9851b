// buildBlockMesh from blockMeshDict text: syntax variants and bad input.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>

#include "mesh/block_test_support.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/mesh/block_mesh.hpp"

using sluice::Label;
using sluice::Scalar;
using sluice::Vec3;
using sluice::io::Dictionary;
using namespace sluice::mesh;
using namespace sluice::mesh::test_support;

namespace {

PolyMesh build(const std::string& text) { return buildBlockMesh(Dictionary::parse(text, "system/blockMeshDict")); }

const char* kCubeVertices = R"(
vertices
(
    (0 0 0) (1 0 0) (1 1 0) (0 1 0)
    (0 0 1) (1 0 1) (1 1 1) (0 1 1)
);
)";

}  // namespace

TEST(BlockMeshDict, LidDrivenCavity) {
  const PolyMesh mesh = build(R"(
FoamFile { version 2.0; format ascii; class dictionary; object blockMeshDict; }
convertToMeters 0.1;
vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 0.1) (1 0 0.1) (1 1 0.1) (0 1 0.1) );
blocks ( hex (0 1 2 3 4 5 6 7) (20 20 1) simpleGrading (1 1 1) );
edges ( );
boundary
(
    movingWall { type wall; faces ( (3 7 6 2) ); }
    fixedWalls { type wall; faces ( (0 4 7 3) (2 6 5 1) (1 5 4 0) ); }
    frontAndBack { type empty; faces ( (0 3 2 1) (4 5 6 7) ); }
);
mergePatchPairs ( );
)");
  EXPECT_EQ(mesh.nCells(), 400);
  EXPECT_EQ(mesh.nPoints(), 882);
  EXPECT_EQ(mesh.nFaces(), 1640);
  EXPECT_EQ(mesh.nInternalFaces(), 760);
  ASSERT_EQ(mesh.patches().size(), 3u);
  EXPECT_EQ(mesh.patches()[0].size, 20);
  EXPECT_EQ(mesh.patches()[1].size, 60);
  EXPECT_EQ(mesh.patches()[2].size, 800);
  EXPECT_EQ(mesh.patches()[2].type, "empty");
  EXPECT_NEAR(totalVolume(mesh), 1e-4, 1e-17);
  EXPECT_NEAR(patchAreaMag(mesh, "movingWall"), 1e-3, 1e-16);
  EXPECT_NEAR(patchAreaMag(mesh, "frontAndBack"), 0.02, 1e-15);
  EXPECT_TRUE(mesh.isUpperTriangular());
}

TEST(BlockMeshDict, OldPatchesSyntaxMacrosAndDefaultPatch) {
  const PolyMesh mesh = build(std::string(R"(
nx 4;
ny 3;
scale 2;
)") + kCubeVertices + R"(
blocks ( hex (0 1 2 3 4 5 6 7) ($nx $ny 1) simpleGrading (1 1 1) );
patches
(
    wall lid ( (3 7 6 2) )
    patch sides ( (0 4 7 3) (2 6 5 1) )
);
defaultPatch { name frontAndBack; type empty; }
)");
  EXPECT_EQ(mesh.nCells(), 12);
  ASSERT_EQ(mesh.patches().size(), 3u);
  EXPECT_EQ(mesh.patches()[0].name, "lid");
  EXPECT_EQ(mesh.patches()[0].type, "wall");
  EXPECT_EQ(mesh.patches()[0].size, 4);
  EXPECT_EQ(mesh.patches()[1].size, 6);
  EXPECT_EQ(mesh.patches()[2].name, "frontAndBack");
  EXPECT_EQ(mesh.patches()[2].type, "empty");
  EXPECT_EQ(mesh.patches()[2].size, 4 + 24);  // y-min side and front/back
  EXPECT_NEAR(totalVolume(mesh), 8.0, 1e-13);
}

TEST(BlockMeshDict, DefaultPatchDefaultsAndCyclicNeighbours) {
  const PolyMesh mesh = build(std::string(kCubeVertices) + R"(
blocks ( hex (0 1 2 3 4 5 6 7) (2 2 2) simpleGrading (1 1 1) );
boundary
(
    left { type cyclic; neighbourPatch right; faces ((0 4 7 3)); }
    right { type cyclic; neighbourPatch left; inGroups (periodic); faces ((1 2 6 5)); }
);
)");
  ASSERT_EQ(mesh.patches().size(), 3u);
  EXPECT_EQ(mesh.patches()[0].neighbourPatch, "right");
  EXPECT_EQ(mesh.patches()[1].neighbourPatch, "left");
  EXPECT_EQ(mesh.patches()[1].inGroups, std::vector<std::string>{"periodic"});
  EXPECT_EQ(mesh.patches()[2].name, "defaultFaces");
  EXPECT_EQ(mesh.patches()[2].type, "empty");
  EXPECT_EQ(mesh.patches()[2].size, 16);
}

TEST(BlockMeshDict, EdgeGradingWithSections) {
  const PolyMesh mesh = build(std::string(kCubeVertices) + R"(
blocks
(
    hex (0 1 2 3 4 5 6 7) zone1 (20 1 1)
    edgeGrading
    (
        ((0.2 0.3 4) (0.6 0.4 1) (0.2 0.3 0.25)) ((0.2 0.3 4) (0.6 0.4 1) (0.2 0.3 0.25))
        ((0.2 0.3 4) (0.6 0.4 1) (0.2 0.3 0.25)) ((0.2 0.3 4) (0.6 0.4 1) (0.2 0.3 0.25))
        1 1 1 1  1 1 1 1
    )
);
)");
  const std::vector<Scalar> vol = cellVolumes(mesh);
  ASSERT_EQ(vol.size(), 20u);
  EXPECT_NEAR(vol[5] / vol[0], 4.0, 1e-10);
  EXPECT_NEAR(vol[19] / vol[14], 0.25, 1e-10);
  Scalar firstSection = 0;
  for (int c = 0; c < 6; ++c) firstSection += vol[c];
  EXPECT_NEAR(firstSection, 0.2, 1e-14);
  for (int c = 6; c < 14; ++c) EXPECT_NEAR(vol[c], 0.6 / 8, 1e-14);
  EXPECT_NEAR(totalVolume(mesh), 1.0, 1e-14);
}

TEST(BlockMeshDict, NamedVerticesAndOldStyleCellCounts) {
  const PolyMesh mesh = build(R"(
vertices
(
    name v0 (0 0 0) (1 0 0) (1 1 0) (0 1 0)
    (0 0 1) (1 0 1) name top (1 1 1) (0 1 1)
);
blocks ( hex (v0 1 2 3 4 5 top 7) 2 2 2 simpleGrading (1 1 1) );
boundary ( lid { type wall; faces ((3 7 top 2)); } );
)");
  EXPECT_EQ(mesh.nCells(), 8);
  EXPECT_EQ(mesh.patches()[0].size, 4);
}

TEST(BlockMeshDict, ArcWithOriginMatchesArcThroughPoint) {
  const std::string head = R"(
vertices ( (1 0 0) (2 0 0) (0 2 0) (0 1 0) (1 0 1) (2 0 1) (0 2 1) (0 1 1) );
blocks ( hex (0 1 2 3 4 5 6 7) (2 8 1) simpleGrading (1 1 1) );
)";
  const PolyMesh a = build(head + R"(
edges ( arc 0 3 origin (0 0 0) arc 2 1 origin (0 0 0) arc 4 7 origin (0 0 1) arc 6 5 origin 1.0 (0 0 1) );
)");
  const PolyMesh b = build(head + R"(
edges
(
    arc 0 3 (0.70710678118654757 0.70710678118654757 0)
    arc 1 2 (1.4142135623730951 1.4142135623730951 0)
    arc 4 7 (0.70710678118654757 0.70710678118654757 1)
    arc 5 6 (1.4142135623730951 1.4142135623730951 1)
    line 0 1
);
)");
  ASSERT_EQ(a.nPoints(), b.nPoints());
  for (Label p = 0; p < a.nPoints(); ++p) {
    EXPECT_NEAR(a.points()[p].x, b.points()[p].x, 1e-14);
    EXPECT_NEAR(a.points()[p].y, b.points()[p].y, 1e-14);
  }
  // Inner points on the unit circle.
  for (Label j = 0; j <= 8; ++j) {
    const Vec3& p = a.points()[3 * j];
    EXPECT_NEAR(std::hypot(p.x, p.y), 1.0, 1e-14);
    EXPECT_NEAR(std::atan2(p.y, p.x), j * std::numbers::pi / 16, 1e-13);
  }
  const Scalar area = 0.5 * 8 * std::sin(std::numbers::pi / 16) * 3;
  EXPECT_NEAR(totalVolume(a), area, 1e-13);
}

TEST(BlockMeshDict, UnsupportedEdgeType) {
  EXPECT_EQ(meshError(std::string(kCubeVertices) + R"(blocks ( hex (0 1 2 3 4 5 6 7) (1 1 1) simpleGrading (1 1 1) );
edges
(
    spline 0 1 ((0.5 0.1 0))
);
)"),
            "system/blockMeshDict:10:5: edge type 'spline' is not supported (supported: arc, line)");
}

TEST(BlockMeshDict, InsideOutBlock) {
  EXPECT_EQ(meshError(std::string(kCubeVertices) + "blocks ( hex (4 5 6 7 0 1 2 3) (1 1 1) simpleGrading (1 1 1) );"),
            "system/blockMeshDict: block 0 is inside-out (left-handed vertex order)");
}

TEST(BlockMeshDict, ZeroCells) {
  EXPECT_EQ(meshError(R"(
vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1)
           (2 0 0) (2 1 0) (2 0 1) (2 1 1) );
blocks
(
    hex (0 1 2 3 4 5 6 7) (1 1 1) simpleGrading (1 1 1)
    hex (1 8 9 2 5 10 11 6) (1 0 1) simpleGrading (1 1 1)
);
)"),
            "system/blockMeshDict: block 1 has 0 cells in direction y");
}

TEST(BlockMeshDict, VertexLabelOutOfRange) {
  EXPECT_EQ(meshError(std::string(kCubeVertices) + "blocks ( hex (0 1 2 3 4 5 6 8) (1 1 1) simpleGrading (1 1 1) );"),
            "system/blockMeshDict:7:29: vertex label 8 is out of range (there are 8 vertices)");
  EXPECT_EQ(
      meshError(std::string(kCubeVertices) + "blocks ( hex (0 1 2 3 4 5 6 7) (1 1 1) );\nedges ( arc 0 9 (1 1 1) );"),
      "system/blockMeshDict:8:15: vertex label 9 is out of range (there are 8 vertices)");
  EXPECT_EQ(meshError(std::string(kCubeVertices) + "blocks ( hex (0 1 2 3 4 5 6 v7) (1 1 1) );"),
            "system/blockMeshDict:7:29: unknown vertex name 'v7'");
}

TEST(BlockMeshDict, PatchFaceNotABlockFace) {
  EXPECT_EQ(meshError(std::string(kCubeVertices) + R"(blocks ( hex (0 1 2 3 4 5 6 7) (1 1 1) simpleGrading (1 1 1) );
boundary
(
    lid { type wall; faces ( (0 1 2 3) (0 1 6 7) ); }
);
)"),
            "system/blockMeshDict:10:40: patch 'lid' face (0 1 6 7) is not a block face");
}

TEST(BlockMeshDict, FaceInTwoPatches) {
  EXPECT_EQ(meshError(std::string(kCubeVertices) + R"(blocks ( hex (0 1 2 3 4 5 6 7) (1 1 1) simpleGrading (1 1 1) );
boundary
(
    lid { type wall; faces ( (3 7 6 2) ); }
    top { type patch; faces ( (2 3 7 6) ); }
);
)"),
            "system/blockMeshDict:11:31: patch 'top' face (2 3 7 6) is already in patch 'lid'");
}

TEST(BlockMeshDict, DuplicatePatchName) {
  EXPECT_EQ(meshError(std::string(kCubeVertices) + R"(blocks ( hex (0 1 2 3 4 5 6 7) (1 1 1) simpleGrading (1 1 1) );
boundary
(
    lid { type wall; faces ( (3 7 6 2) ); }
    lid { type wall; faces ( (0 4 7 3) ); }
);
)"),
            "system/blockMeshDict:11:5: duplicate patch name 'lid'");
}

TEST(BlockMeshDict, MergePatchPairsNotSupported) {
  EXPECT_EQ(meshError(std::string(kCubeVertices) + R"(blocks ( hex (0 1 2 3 4 5 6 7) (1 1 1) simpleGrading (1 1 1) );
mergePatchPairs
(
    ( a b )
);
)"),
            "system/blockMeshDict:10:5: mergePatchPairs is not supported");
}

TEST(BlockMeshDict, UnknownKeywordOrTypeInPatch) {
  EXPECT_EQ(meshError(std::string(kCubeVertices) + R"(blocks ( hex (0 1 2 3 4 5 6 7) (1 1 1) simpleGrading (1 1 1) );
boundary
(
    lid
    {
        tpye wall;
        faces ( (3 7 6 2) );
    }
);
)"),
            "system/blockMeshDict: boundary/lid: unknown keyword 'tpye' (line 12)");
  EXPECT_EQ(meshError(std::string(kCubeVertices) + R"(blocks ( hex (0 1 2 3 4 5 6 7) (1 1 1) simpleGrading (1 1 1) );
boundary ( lid { type wal; faces ( (3 7 6 2) ); } );
)"),
            "system/blockMeshDict:8:23: patch 'lid' has unknown type 'wal' (known: patch, wall, empty, symmetryPlane, "
            "symmetry, cyclic)");
}

TEST(BlockMeshDict, BadGradingAndBlockSyntax) {
  EXPECT_EQ(meshError(std::string(kCubeVertices) + "blocks ( hex (0 1 2 3 4 5 6 7) (1 1 1) simpleGrading (1 2) );"),
            "system/blockMeshDict:7:54: expected 1, 3 or 12 grading values, found 2");
  EXPECT_EQ(meshError(std::string(kCubeVertices) + "blocks ( hex (0 1 2 3 4 5 6 7) (1 1 1) simpleGrading (1 0 1) );"),
            "system/blockMeshDict:7:57: expansion ratio must be non-zero");
  EXPECT_EQ(meshError(std::string(kCubeVertices) + "blocks ( prism (0 1 2 3 4 5) (1 1 1) );"),
            "system/blockMeshDict:7:10: block shape 'prism' is not supported (supported: hex)");
  EXPECT_EQ(meshError(std::string(kCubeVertices) + "blocks ( hex (0 1 2 3 4 5 6) (1 1 1) );"),
            "system/blockMeshDict:7:14: hex block needs 8 vertex labels, found 7");
}

TEST(BlockMeshDict, ListedPatchWithTheDefaultNameTakesTheUncoveredFaces) {
  const PolyMesh mesh = build(std::string(kCubeVertices) + R"(
blocks ( hex (0 1 2 3 4 5 6 7) (2 2 1) simpleGrading (1 1 1) );
boundary
(
    defaultFaces { type wall; faces ( (0 3 2 1) ); }
    lid { type wall; faces ( (3 7 6 2) ); }
);
)");
  ASSERT_EQ(mesh.patches().size(), 2u);
  EXPECT_EQ(mesh.patches()[0].name, "defaultFaces");
  EXPECT_EQ(mesh.patches()[0].type, "wall");
  EXPECT_EQ(mesh.patches()[0].size, 4 + 4 + 2 + 2 + 2);  // its own 4, then z-max, x-min, x-max, y-min
  EXPECT_EQ(mesh.patches()[1].size, 2);
  EXPECT_NEAR(patchAreaMag(mesh, "defaultFaces"), 5.0, 1e-14);
}

TEST(BlockMeshDict, MissingSemicolonBeforeEmptyMergePatchPairsIsTolerated) {
  // OpenFOAM ignores what follows the boundary list; tutorials rely on it.
  const PolyMesh mesh = build(std::string(kCubeVertices) + R"(
blocks ( hex (0 1 2 3 4 5 6 7) (1 1 1) simpleGrading (1 1 1) );
boundary
(
    lid { type wall; faces ( (3 7 6 2) ); }
)

mergePatchPairs
(
);
)");
  EXPECT_EQ(mesh.patches().size(), 2u);
  EXPECT_EQ(meshError(std::string(kCubeVertices) + R"(blocks ( hex (0 1 2 3 4 5 6 7) (1 1 1) simpleGrading (1 1 1) );
boundary ( lid { type wall; faces ( (3 7 6 2) ); } ) edges ();
)"),
            "system/blockMeshDict:8:54: 'boundary': unexpected 'edges' after value");
}

TEST(BlockMeshDict, UnsupportedPatchTypeIsReportedBeforeItsKeywords) {
  EXPECT_EQ(meshError(std::string(kCubeVertices) + R"(blocks ( hex (0 1 2 3 4 5 6 7) (1 1 1) simpleGrading (1 1 1) );
boundary ( inlet { type mappedPatch; offset (0 0 0); faces ( (0 4 7 3) ); } );
)"),
            "system/blockMeshDict:8:25: patch 'inlet' has unknown type 'mappedPatch' (known: patch, wall, empty, "
            "symmetryPlane, symmetry, cyclic)");
}

TEST(BlockMeshDict, ListSizeDisagreeingWithItsContentsIsAnError) {
  // The declared sizes were ignored: 999999999999999 vertices with 8 given was accepted.
  std::string text = kCubeVertices;
  text.replace(text.find("(\n"), 1, "999999999999999(");
  text += "blocks ( hex (0 1 2 3 4 5 6 7) (1 1 1) simpleGrading (1 1 1) );\n";
  EXPECT_EQ(meshError(text), "system/blockMeshDict:3:1: 'vertices': list says 999999999999999 entries but has 8");
  EXPECT_EQ(meshError(std::string(kCubeVertices) + "blocks 2( hex (0 1 2 3 4 5 6 7) (1 1 1) simpleGrading (1 1 1) );"),
            "system/blockMeshDict:7:8: 'blocks': list says 2 entries but has 1");
  EXPECT_EQ(meshError(std::string(kCubeVertices) + "blocks ( hex 9(0 1 2 3 4 5 6 7) (1 1 1) simpleGrading (1 1 1) );"),
            "system/blockMeshDict:7:14: 'blocks': list says 9 entries but has 8");
  EXPECT_EQ(meshError(std::string(kCubeVertices) + "blocks ( hex (0 1 2 3 4 5 6 7) (1 1 1) );\nedges 3();"),
            "system/blockMeshDict:8:7: 'edges': list says 3 entries but has 0");
}
