// Malformed polyMesh input: every message names the file (and line) or the
// entity, exactly.
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "polymesh_io_test_support.hpp"
#include "sluice/core/error.hpp"
#include "sluice/mesh/polymesh_io.hpp"
#include "support/temp_dir.hpp"

namespace sluice::mesh {
namespace {

namespace fs = std::filesystem;
using test_support::foamHeader;
using test_support::hexMesh;
using test::readText;
using test::TempDir;
using test::writeText;

/// Message of the InputError readPolyMesh throws (fails the test if none).
std::string readError(const fs::path& polyMesh) {
  try {
    readPolyMesh(polyMesh);
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "readPolyMesh accepted " << polyMesh;
  return {};
}

class PolyMeshIoErrors : public ::testing::Test {
 protected:
  void SetUp() override { writePolyMesh(mesh_, polyMesh_); }
  /// Replaces the first occurrence of `from` in a mesh file.
  void edit(const char* file, const std::string& from, const std::string& to) {
    std::string text = readText(polyMesh_ / file);
    const auto pos = text.find(from);
    ASSERT_NE(pos, std::string::npos) << from;
    text.replace(pos, from.size(), to);
    writeText(polyMesh_ / file, text);
  }
  TempDir dir_{"polyio_err"};
  fs::path polyMesh_ = dir_.path() / "case" / "constant" / "polyMesh";
  PolyMesh mesh_ = hexMesh(2, 2, 1);  // 9*2 points, 4 cells, 20 faces (4 internal)
};

TEST_F(PolyMeshIoErrors, UnmodifiedMeshReads) { EXPECT_EQ(readPolyMesh(polyMesh_).nCells(), 4); }

TEST_F(PolyMeshIoErrors, MissingFile) {
  fs::remove(polyMesh_ / "owner");
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh/owner: cannot open file");
}

TEST_F(PolyMeshIoErrors, MissingDirectory) {
  EXPECT_EQ(readError(dir_.path() / "other" / "constant" / "polyMesh"), "constant/polyMesh/points: cannot open file");
}

TEST_F(PolyMeshIoErrors, CompressedFileInsteadOfPlain) {
  fs::rename(polyMesh_ / "faces", polyMesh_ / "faces.gz");
  EXPECT_EQ(readError(polyMesh_),
            "constant/polyMesh/faces.gz: compressed mesh files are not supported; run foamFormatConvert or gunzip");
}

TEST_F(PolyMeshIoErrors, TruncatedPointList) {
  std::string text = foamHeader("ascii", "vectorField", "points", "") + "1000\n(\n";
  for (int i = 0; i < 998; ++i) text += fmt::format("({} 0 0)\n", i);
  text += "(998 0";  // file cut in the middle of entry 999
  writeText(polyMesh_ / "points", text);
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh/points: expected 1000 entries, file ends after 998");
}

TEST_F(PolyMeshIoErrors, TruncatedBinaryPointList) {
  std::string text = foamHeader("binary", "vectorField", "points") + "18\n(";
  for (int i = 0; i < 17 * 3 + 1; ++i) test_support::appendRaw(text, 0.5);
  writeText(polyMesh_ / "points", text);
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh/points: expected 18 entries, file ends after 17");
}

TEST_F(PolyMeshIoErrors, TruncatedFaceList) {
  std::string text = readText(polyMesh_ / "faces");
  text = text.substr(0, text.find("4(", text.find("4(") + 1) + 4);  // keep face 0 and half of face 1
  writeText(polyMesh_ / "faces", text);
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh/faces: expected 20 entries, file ends after 1");
}

TEST_F(PolyMeshIoErrors, BadNumberHasLineAndColumn) {
  // 13 header lines, a blank line, "18", "(", then point 0 on line 16 and point 1 on line 17
  edit("points", "(0.43333333333333335 0 0)", "(0.43333333333333335 0.0.1 0)");
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh/points:17:22: bad number '0.0.1'");
}

TEST_F(PolyMeshIoErrors, BadIntegerInOwner) {
  // header has a note line: owner entries start on line 17
  edit("owner", "\n(\n0\n0\n", "\n(\n0\n0.5\n");
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh/owner:18:1: bad integer '0.5'");
}

TEST_F(PolyMeshIoErrors, ListClosedEarly) {
  edit("neighbour", "\n3\n)", "\n)");
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh/neighbour:15:1: list says 4 entries but has 3");
}

TEST_F(PolyMeshIoErrors, ListWithExtraEntry) {
  edit("neighbour", "\n3\n)", "\n3\n3\n)");
  EXPECT_EQ(readError(polyMesh_),
            "constant/polyMesh/neighbour:15:1: list says 4 entries but has more ('3' follows entry 4)");
}

TEST_F(PolyMeshIoErrors, OwnerShorterThanFacesIsReportedByTheMesh) {
  edit("owner", "20\n(\n0\n", "19\n(\n");
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh: owner has 19 entries but there are 20 faces");
}

TEST_F(PolyMeshIoErrors, FaceRefersToMissingPoint) {
  edit("faces", "4(1 4 13 10)", "4(1 4 13 99)");
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh: face 0 refers to point 99 but there are 18 points");
}

TEST_F(PolyMeshIoErrors, UnknownFormatKeyword) {
  edit("points", "format      ascii;", "format      text;");
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh/points:7: unknown format 'text' (expected ascii or binary)");
}

TEST_F(PolyMeshIoErrors, UnsupportedArch) {
  edit("owner", "format      ascii;", "format      binary;\n    arch        \"LSB;label=16;scalar=64\";");
  EXPECT_EQ(readError(polyMesh_),
            "constant/polyMesh/owner: unsupported arch 'LSB;label=16;scalar=64' (expected e.g. "
            "\"LSB;label=32;scalar=64\"; label 32 or 64, scalar 32 or 64)");
}

TEST_F(PolyMeshIoErrors, BinaryDataNotMatchingArch) {
  // 32-bit labels declared as 64-bit: the block of 20 labels is read short of its ')'
  std::string text = foamHeader("binary", "labelList", "owner", "LSB;label=64;scalar=64") + "20\n(";
  for (Label o : mesh_.owner()) test_support::appendRaw(text, o);
  text += ")\n";
  for (int i = 0; i < 80; ++i) text += ' ';
  writeText(polyMesh_ / "owner", text);
  const std::string msg = readError(polyMesh_);
  EXPECT_EQ(msg.substr(0, msg.find(" (at byte")),
            "constant/polyMesh/owner: binary list of 20 entries is not followed by ')'");
  EXPECT_NE(msg.find("does the header's arch (label=64;scalar=64) match the data?"), std::string::npos) << msg;
}

TEST_F(PolyMeshIoErrors, UnexpectedFaceClass) {
  edit("faces", "class       faceList;", "class       cellList;");
  EXPECT_EQ(readError(polyMesh_),
            "constant/polyMesh/faces: unexpected class 'cellList' (expected faceList or faceCompactList)");
}

TEST_F(PolyMeshIoErrors, PatchRangesInconsistent) {
  edit("boundary", "startFace       8;", "startFace       9;");
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh: patch 'lower' starts at face 9 with 2 faces; expected start 8");
}

TEST_F(PolyMeshIoErrors, PatchesDoNotCoverAllFaces) {
  edit("boundary", "nFaces          8;", "nFaces          7;");
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh: patches cover faces up to 19 but there are 20 faces");
}

TEST_F(PolyMeshIoErrors, UnknownPatchType) {
  edit("boundary", "type            patch;", "type            cyclicAMI;");
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh/boundary:18: patch 'inlet' has unsupported type 'cyclicAMI'");
}

TEST_F(PolyMeshIoErrors, MissingPatchEntry) {
  edit("boundary", "        nFaces          2;\n        startFace       6;\n", "        startFace       6;\n");
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh/boundary: outlet: missing 'nFaces'");
}

TEST_F(PolyMeshIoErrors, DuplicatePatchName) {
  edit("boundary", "    outlet\n", "    inlet\n");
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh/boundary:22:5: duplicate patch name 'inlet'");
}

TEST_F(PolyMeshIoErrors, PatchWithoutDictionary) {
  edit("boundary", "    outlet\n    {", "    outlet\n    (");
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh/boundary:23:5: expected '{' after patch name 'outlet', found '('");
}

TEST_F(PolyMeshIoErrors, WrongPatchCount) {
  edit("boundary", "\n5\n(", "\n6\n(");
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh/boundary:14:1: list says 6 entries but has 5");
}

TEST_F(PolyMeshIoErrors, NonFinitePointCoordinate) {
  // 13 header lines, a blank line, "18", "(", then point 0 on line 16 and point 1 on line 17
  edit("points", "(0.43333333333333335 0 0)", "(0.43333333333333335 nan 0)");
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh/points:17:22: number 'nan' is not finite");
  edit("points", "nan", "-inf");
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh/points:17:22: number '-inf' is not finite");
  edit("points", "-inf", "1e309");
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh/points:17:22: number '1e309' is out of range");
}

TEST_F(PolyMeshIoErrors, GarbledHeaderKeyword) {
  edit("points", "FoamFile", "FoamFil%");
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh/points:4:1: expected FoamFile header, found 'FoamFil%'");
}

TEST_F(PolyMeshIoErrors, NulByteInAsciiFile) {
  edit("owner", "\n(\n0\n0\n", std::string("\n(\n0\n0\0\n", 8));
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh/owner:18:2: NUL byte in file");
}

TEST_F(PolyMeshIoErrors, PatchDictionaryNestedTooDeep) {
  std::string deep;
  for (int i = 0; i < 10000; ++i) deep += "a { ";
  edit("boundary", "    outlet\n    {", "    outlet\n    {" + deep);
  EXPECT_EQ(readError(polyMesh_), "constant/polyMesh/boundary:23:1028: dictionaries nested more than 256 levels deep");
}

TEST_F(PolyMeshIoErrors, TrailingGarbage) {
  std::string text = readText(polyMesh_ / "owner");
  writeText(polyMesh_ / "owner", text + "\n7\n");
  const int lines = 1 + static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 1;
  EXPECT_EQ(readError(polyMesh_), fmt::format("constant/polyMesh/owner:{}:1: unexpected '7' after the list", lines));
}

}  // namespace
}  // namespace sluice::mesh
