// writePolyMesh -> readPolyMesh round trips and the written file layout.
#include <gtest/gtest.h>

#include "polymesh_io_test_support.hpp"
#include "sluice/core/error.hpp"
#include "sluice/mesh/polymesh_io.hpp"
#include "support/temp_dir.hpp"

namespace sluice::mesh {
namespace {

using test_support::expectSameMesh;
using test_support::hexMesh;
using test::readText;
using test::TempDir;

TEST(PolyMeshIoRoundTrip, HexMeshWithWallsIsIdenticalAfterWriteAndRead) {
  TempDir dir("polyio");
  const PolyMesh mesh = hexMesh(4, 3, 2);
  ASSERT_EQ(mesh.nCells(), 24);
  // 3*3*2 x-faces + 4*2*2 y-faces + 4*3*1 z-faces inside
  ASSERT_EQ(mesh.nInternalFaces(), 18 + 16 + 12);
  ASSERT_TRUE(mesh.isUpperTriangular());
  const auto polyMesh = dir.path() / "case" / "constant" / "polyMesh";
  writePolyMesh(mesh, polyMesh);
  const PolyMesh back = readPolyMesh(polyMesh);
  expectSameMesh(mesh, back);
  EXPECT_EQ(back.name(), "constant/polyMesh");
  EXPECT_EQ(back.patches()[2].inGroups, std::vector<std::string>{"wall"});
  EXPECT_TRUE(std::signbit(back.points()[0].y));
}

TEST(PolyMeshIoRoundTrip, CyclicAndEmptyPatchesKeepTheirAttributes) {
  TempDir dir("polyio");
  const PolyMesh mesh = hexMesh(3, 5, 1, /*cyclicY=*/true);
  const auto polyMesh = dir.path() / "constant" / "polyMesh/";  // trailing slash is fine
  writePolyMesh(mesh, polyMesh);
  const PolyMesh back = readPolyMesh(polyMesh);
  expectSameMesh(mesh, back);
  ASSERT_EQ(back.patches().size(), 5u);
  EXPECT_EQ(back.patches()[2].type, "cyclic");
  EXPECT_EQ(back.patches()[2].neighbourPatch, "upper");
  EXPECT_EQ(back.patches()[3].neighbourPatch, "lower");
  EXPECT_EQ(back.patches()[4].type, "empty");
  EXPECT_EQ(back.patches()[4].size, 30);
}

TEST(PolyMeshIoRoundTrip, BoundaryVariantsOpenFoamWrites) {
  // inGroups as "List<word> 1(wall)", comments, extra keywords, quoted header values
  TempDir dir("polyio");
  const auto polyMesh = dir.path() / "constant" / "polyMesh";
  const PolyMesh mesh = hexMesh(2, 1, 1);
  writePolyMesh(mesh, polyMesh);
  std::string boundary = test_support::foamHeader("ascii", "polyBoundaryMesh", "boundary", "");
  boundary +=
      "// patches\n5 ( inlet { type patch; physicalType inlet; nFaces 1; startFace 1; }\n"
      "  outlet { type patch; nFaces 1; startFace 2; } /* walls: */\n"
      "  lower { type wall; inGroups List<word> 2(wall viscous); nFaces 2; startFace 3; }\n"
      "  upper { type wall; inGroups 1(wall); nFaces 2; startFace 5; }\n"
      "  frontAndBack { type empty; inGroups 1(empty); nFaces 4; startFace 7; } )\n";
  test::writeText(polyMesh / "boundary", boundary);
  const PolyMesh back = readPolyMesh(polyMesh);
  ASSERT_EQ(back.patches().size(), 5u);
  EXPECT_EQ(back.patches()[2].inGroups, (std::vector<std::string>{"wall", "viscous"}));
  EXPECT_EQ(back.patches()[4].inGroups, std::vector<std::string>{"empty"});
  EXPECT_EQ(back.patches()[4].start, 7);
  EXPECT_EQ(back.patches()[4].size, 4);
  EXPECT_EQ(back.nFaces(), 11);
}

TEST(PolyMeshIoRoundTrip, WrittenFilesCarryOpenFoamHeaders) {
  TempDir dir("polyio");
  const PolyMesh mesh = hexMesh(2, 2, 2);
  const auto polyMesh = dir.path() / "constant" / "polyMesh";
  writePolyMesh(mesh, polyMesh);
  const std::string owner = readText(polyMesh / "owner");
  EXPECT_NE(owner.find("class       labelList;"), std::string::npos);
  EXPECT_NE(owner.find("note        \"nPoints:27  nCells:8  nFaces:36  nInternalFaces:12\";"), std::string::npos);
  EXPECT_NE(owner.find("object      owner;"), std::string::npos);
  EXPECT_NE(owner.find("\n36\n(\n0\n"), std::string::npos);
  EXPECT_NE(readText(polyMesh / "points").find("class       vectorField;"), std::string::npos);
  const std::string faces = readText(polyMesh / "faces");
  EXPECT_NE(faces.find("class       faceList;"), std::string::npos);
  EXPECT_NE(faces.find("\n36\n(\n4(1 4 13 10)\n"), std::string::npos);  // first face: x = 1 between cells 0 and 1
  const std::string boundary = readText(polyMesh / "boundary");
  EXPECT_NE(boundary.find("class       polyBoundaryMesh;"), std::string::npos);
  EXPECT_NE(boundary.find("    lower\n    {\n        type            wall;\n        inGroups        1(wall);\n"
                          "        nFaces          4;\n        startFace       20;\n    }\n"),
            std::string::npos)
      << boundary;
}

TEST(PolyMeshIoRoundTrip, WriterRemovesStaleCompressedAndZoneFiles) {
  TempDir dir("polyio");
  const auto polyMesh = dir.path() / "constant" / "polyMesh";
  test::writeText(polyMesh / "faces.gz", "stale");
  test::writeText(polyMesh / "cellZones", "stale");
  writePolyMesh(hexMesh(1, 1, 1), polyMesh);
  EXPECT_FALSE(std::filesystem::exists(polyMesh / "faces.gz"));
  EXPECT_FALSE(std::filesystem::exists(polyMesh / "cellZones"));
  EXPECT_EQ(readPolyMesh(polyMesh).nCells(), 1);
}

TEST(PolyMeshIoRoundTrip, SingleCellMeshUsesUniformAndEmptyLists) {
  // One hex: owner is 6 zeros and neighbour is empty, written by OpenFOAM as
  // "6{0}" and "0()"; check that both forms read back.
  TempDir dir("polyio");
  const auto polyMesh = dir.path() / "constant" / "polyMesh";
  const PolyMesh mesh = hexMesh(1, 1, 1);
  writePolyMesh(mesh, polyMesh);
  test::writeText(polyMesh / "owner", test_support::foamHeader("ascii", "labelList", "owner", "") + "6{0}\n");
  test::writeText(polyMesh / "neighbour", test_support::foamHeader("ascii", "labelList", "neighbour", "") + "0()\n");
  const PolyMesh back = readPolyMesh(polyMesh);
  expectSameMesh(mesh, back);
  EXPECT_EQ(back.nInternalFaces(), 0);
  EXPECT_EQ(back.owner(), std::vector<Label>(6, 0));
}

}  // namespace
}  // namespace sluice::mesh
