// End-to-end tests of `sluice mesh CASE`: the example cases' reports against
// analytic volumes and counts, and bad input giving one clear message, a
// non-zero exit and no hang (every run is under a time limit).
#include <cmath>
#include <cstdlib>
#include <regex>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/run_command.hpp"
#include "support/sluice_paths.hpp"
#include "support/temp_dir.hpp"

using sluice::test::kCases;
using sluice::test::kSluice;
using sluice::test::CommandResult;
using sluice::test::runCommand;
using sluice::test::shellQuote;
using sluice::test::TempDir;
using ::testing::HasSubstr;

namespace {

CommandResult sluiceMesh(const std::string& caseDir, const std::string& flags = "") {
  return runCommand(shellQuote(kSluice) + " mesh " + shellQuote(caseDir) + " " + flags, 120);
}

// Number after "key": in a flat JSON text (the report's top-level scalars).
double jsonNumber(const std::string& json, const std::string& key) {
  const std::regex re("\"" + key + "\"\\s*:\\s*([-+0-9.eE]+)");
  std::smatch m;
  if (!std::regex_search(json, m, re)) ADD_FAILURE() << "no key " << key << " in " << json.substr(0, 400);
  return m.empty() ? NAN : std::stod(m[1]);
}

// Face count of a patch in the JSON report.
double jsonPatchFaces(const std::string& json, const std::string& patch) {
  const std::regex re("\"name\"\\s*:\\s*\"" + patch + "\"[^}]*\"faces\"\\s*:\\s*([0-9]+)");
  std::smatch m;
  if (!std::regex_search(json, m, re)) ADD_FAILURE() << "no patch " << patch;
  return m.empty() ? NAN : std::stod(m[1]);
}

const char* kHeader = "FoamFile { version 2.0; format ascii; class dictionary; object blockMeshDict; }\n";

// A one-block unit cube with the given block line and patches.
std::string cubeDict(const std::string& block, const std::string& boundary = "") {
  return std::string(kHeader) +
         "vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1) );\n"
         "blocks ( " + block + " );\n"
         "boundary ( " + boundary + " );\n";
}

}  // namespace

TEST(MeshCommand, CavityReportMatchesAnalyticVolumeAndCounts) {
  const auto r = sluiceMesh((kCases / "cavity").string(), "--json");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(jsonNumber(r.output, "cells"), 129 * 129);
  EXPECT_EQ(jsonNumber(r.output, "points"), 130 * 130 * 2);
  EXPECT_EQ(jsonNumber(r.output, "faces"), 2 * 129 * 128 + 4 * 129 + 2 * 129 * 129);
  EXPECT_NEAR(jsonNumber(r.output, "volume"), 0.1, 1e-12 * 0.1);
  EXPECT_LE(jsonNumber(r.output, "maxCellOpenness"), 1e-12);
  EXPECT_EQ(jsonPatchFaces(r.output, "lid"), 129);
  EXPECT_EQ(jsonPatchFaces(r.output, "walls"), 3 * 129);
  EXPECT_EQ(jsonPatchFaces(r.output, "frontAndBack"), 2 * 129 * 129);
  EXPECT_NEAR(jsonNumber(r.output, "maxNonOrthogonality"), 0.0, 1e-9);
}

TEST(MeshCommand, DamBreakReportMatchesAnalyticVolumeAndCounts) {
  const auto r = sluiceMesh((kCases / "damBreak").string(), "--json");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  // Tank 0.584 x 0.584 less the 0.024 x 0.048 obstacle, 0.0146 deep.
  const double volume = (0.584 * 0.584 - 0.024 * 0.048) * 0.0146;
  EXPECT_NEAR(jsonNumber(r.output, "volume"), volume, 1e-12 * volume);
  EXPECT_LE(jsonNumber(r.output, "maxCellOpenness"), 1e-12);
  EXPECT_EQ(jsonNumber(r.output, "cells"), 46 * 8 + 42 * 8 + (46 + 4 + 42) * 84);
  EXPECT_EQ(jsonPatchFaces(r.output, "leftWall"), 92);
  EXPECT_EQ(jsonPatchFaces(r.output, "rightWall"), 92);
  EXPECT_EQ(jsonPatchFaces(r.output, "lowerWall"), 108);
  EXPECT_EQ(jsonPatchFaces(r.output, "atmosphere"), 92);
  EXPECT_EQ(jsonPatchFaces(r.output, "frontAndBack"), 2 * 8432);
}

TEST(MeshCommand, TextReportNamesPatchesAndBandwidth) {
  const auto r = sluiceMesh((kCases / "damBreak").string());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("lowerWall"));
  EXPECT_THAT(r.output, HasSubstr("bandwidth"));
  EXPECT_THAT(r.output, HasSubstr("Mesh OK."));
}

TEST(MeshCommand, MissingCaseDirectory) {
  const auto r = sluiceMesh("/nonexistent/case");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.output, "error: /nonexistent/case: no such case directory\n");
}

TEST(MeshCommand, CaseWithoutMesh) {
  TempDir dir;
  dir.write("system/controlDict", std::string(kHeader) + "endTime 1;\n");
  const auto r = sluiceMesh(dir.path().string());
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.output, "error: " + dir.path().string() +
                          ": no mesh: neither constant/polyMesh nor system/blockMeshDict exists\n");
}

TEST(MeshCommand, UnterminatedListNamesFileAndLine) {
  TempDir dir;
  dir.write("system/blockMeshDict", std::string(kHeader) + "vertices ( (0 0 0) (1 0 0)\n;\n");
  const auto r = sluiceMesh(dir.path().string());
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_THAT(r.output, ::testing::StartsWith("error: system/blockMeshDict:"));
}

TEST(MeshCommand, UnknownMacroNamesFileLineAndMacro) {
  TempDir dir;
  dir.write("system/blockMeshDict", cubeDict("hex (0 1 2 3 4 5 6 7) ($nx 1 1) simpleGrading (1 1 1)"));
  const auto r = sluiceMesh(dir.path().string());
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_THAT(r.output, HasSubstr("system/blockMeshDict:3:"));
  EXPECT_THAT(r.output, HasSubstr("$nx"));
}

TEST(MeshCommand, MissingIncludeNamesIncludedFile) {
  TempDir dir;
  dir.write("system/blockMeshDict", std::string(kHeader) + "#include \"meshParameters\"\n");
  const auto r = sluiceMesh(dir.path().string());
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_THAT(r.output, HasSubstr("system/blockMeshDict:2:"));
  EXPECT_THAT(r.output, HasSubstr("meshParameters"));
}

TEST(MeshCommand, ZeroCellsInBlock) {
  TempDir dir;
  dir.write("system/blockMeshDict", cubeDict("hex (0 1 2 3 4 5 6 7) (2 0 2) simpleGrading (1 1 1)"));
  const auto r = sluiceMesh(dir.path().string());
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_THAT(r.output, HasSubstr("system/blockMeshDict"));
  EXPECT_THAT(r.output, HasSubstr("block 0 has 0 cells in direction y"));
}

TEST(MeshCommand, InvertedHexIsRefused) {
  TempDir dir;
  // Bottom face listed clockwise seen from inside: a left-handed block.
  dir.write("system/blockMeshDict", cubeDict("hex (0 3 2 1 4 7 6 5) (2 2 2) simpleGrading (1 1 1)"));
  const auto r = sluiceMesh(dir.path().string());
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_THAT(r.output, HasSubstr("block 0 is inside-out"));
}

TEST(MeshCommand, DuplicatePatchName) {
  TempDir dir;
  dir.write("system/blockMeshDict",
            cubeDict("hex (0 1 2 3 4 5 6 7) (2 2 2) simpleGrading (1 1 1)",
                     "a { type wall; faces ((0 4 7 3)); } a { type wall; faces ((1 2 6 5)); }"));
  const auto r = sluiceMesh(dir.path().string());
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_THAT(r.output, HasSubstr("duplicate patch"));
  EXPECT_THAT(r.output, HasSubstr("'a'"));
}

TEST(MeshCommand, BlockMeshDictIsADirectory) {
  TempDir dir;
  std::filesystem::create_directories(dir.path() / "system" / "blockMeshDict");
  const auto r = sluiceMesh(dir.path().string());
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.output, "error: system/blockMeshDict: cannot open file\n");
}

TEST(MeshCommand, MissingVerticesEntry) {
  TempDir dir;
  dir.write("system/blockMeshDict", std::string(kHeader) + "blocks ();\n");
  const auto r = sluiceMesh(dir.path().string());
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.output, "error: system/blockMeshDict: missing 'vertices'\n");
}

TEST(MeshCommand, UnusedPointIsReportedAsError) {
  TempDir dir;
  // Vertex 8 belongs to no block: with the block mesher it never reaches the
  // mesh, so build the case as a polyMesh written by hand instead.
  const std::string head = "FoamFile { version 2.0; format ascii; class ";
  dir.write("constant/polyMesh/points",
            head + "vectorField; object points; }\n9 ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1) (5 5 5) )\n");
  dir.write("constant/polyMesh/faces",
            head + "faceList; object faces; }\n6 ( 4(0 3 2 1) 4(4 5 6 7) 4(0 1 5 4) 4(2 3 7 6) 4(0 4 7 3) 4(1 2 6 5) )\n");
  dir.write("constant/polyMesh/owner", head + "labelList; object owner; }\n6 ( 0 0 0 0 0 0 )\n");
  dir.write("constant/polyMesh/neighbour", head + "labelList; object neighbour; }\n0 ( )\n");
  dir.write("constant/polyMesh/boundary",
            head + "polyBoundaryMesh; object boundary; }\n1 ( walls { type wall; nFaces 6; startFace 0; } )\n");
  const auto r = sluiceMesh(dir.path().string());
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_THAT(r.output, HasSubstr("point 8 is not used by any face"));
  EXPECT_THAT(r.output, HasSubstr("mesh check failed"));
}

TEST(MeshCommand, InvertedCellInPolyMeshIsReportedWithItsIndex) {
  TempDir dir;
  const std::string head = "FoamFile { version 2.0; format ascii; class ";
  dir.write("constant/polyMesh/points",
            head + "vectorField; object points; }\n8 ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1) )\n");
  // Every face listed with its normal pointing into the cell.
  dir.write("constant/polyMesh/faces",
            head + "faceList; object faces; }\n6 ( 4(0 1 2 3) 4(4 7 6 5) 4(0 4 5 1) 4(2 6 7 3) 4(0 3 7 4) 4(1 5 6 2) )\n");
  dir.write("constant/polyMesh/owner", head + "labelList; object owner; }\n6 ( 0 0 0 0 0 0 )\n");
  dir.write("constant/polyMesh/neighbour", head + "labelList; object neighbour; }\n0 ( )\n");
  dir.write("constant/polyMesh/boundary",
            head + "polyBoundaryMesh; object boundary; }\n1 ( walls { type wall; nFaces 6; startFace 0; } )\n");
  const auto r = sluiceMesh(dir.path().string());
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_THAT(r.output, HasSubstr("cell 0: non-positive volume -1"));
}

TEST(MeshCommand, MergePatchPairsRefused) {
  TempDir dir;
  dir.write("system/blockMeshDict", cubeDict("hex (0 1 2 3 4 5 6 7) (2 2 2) simpleGrading (1 1 1)") +
                                         "mergePatchPairs ( (a b) );\n");
  const auto r = sluiceMesh(dir.path().string());
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_THAT(r.output, HasSubstr("mergePatchPairs is not supported"));
}

TEST(MeshCommand, UnsupportedEdgeType) {
  TempDir dir;
  dir.write("system/blockMeshDict", cubeDict("hex (0 1 2 3 4 5 6 7) (2 2 2) simpleGrading (1 1 1)") +
                                         "edges ( spline 0 1 ((0.5 0.1 0)) );\n");
  const auto r = sluiceMesh(dir.path().string());
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_THAT(r.output, HasSubstr("edge type 'spline' is not supported"));
}

TEST(MeshCommand, BlockCountsBeyondTheLabelRangeAreRefused) {
  // These used to crash (46340, 46341, 65535-65537) or print "error: internal:
  // vector::_M_default_append" (33000-46339).
  for (const char* n : {"33000", "46339", "46340", "46341", "65535", "65536", "65537"}) {
    TempDir dir;
    dir.write("system/blockMeshDict", cubeDict(std::string("hex (0 1 2 3 4 5 6 7) (") + n + " " + n +
                                               " 1) simpleGrading (1 1 1)"));
    const auto r = sluiceMesh(dir.path().string());
    EXPECT_EQ(r.exitCode, 1) << n << "\n" << r.output;
    EXPECT_THAT(r.output, ::testing::StartsWith("error: system/blockMeshDict:")) << n;
    EXPECT_THAT(r.output, HasSubstr(std::string(": block 0 (") + n + " x " + n + " x 1 cells) has ")) << n;
    EXPECT_THAT(r.output, ::testing::EndsWith(" a mesh may have\n")) << n;
    EXPECT_THAT(r.output, ::testing::Not(HasSubstr("internal"))) << n;
  }
}

TEST(MeshCommand, JsonIsValidWithANonUtf8PatchName) {
  TempDir dir;
  // Patch names in Latin-1 ("café", "Ä") and a stray UTF-8 continuation byte.
  dir.write("system/blockMeshDict",
            cubeDict("hex (0 1 2 3 4 5 6 7) (2 2 2) simpleGrading (1 1 1)",
                     "caf\xe9 { type wall; faces ((0 4 7 3)); } \xc4\x80x { type patch; faces ((1 2 6 5)); } "
                     "a\x80 { type patch; faces ((0 1 5 4)); }"));
  const auto r = sluiceMesh(dir.path().string(), "--json > " + shellQuote((dir.path() / "report.json").string()));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  // Python's json module reads bytes strictly as UTF-8.
  const auto check = runCommand(
      "python3 -c 'import json,sys; d=json.loads(open(sys.argv[1],\"rb\").read().decode(\"utf-8\")); "
      "print(sorted(p[\"name\"] for p in d[\"patches\"]))' " + shellQuote((dir.path() / "report.json").string()),
      60);
  EXPECT_EQ(check.exitCode, 0) << check.output;
  EXPECT_THAT(check.output, HasSubstr("'café'")) << check.output;
  EXPECT_THAT(check.output, HasSubstr("'a\\x80'")) << check.output;
  EXPECT_THAT(check.output, HasSubstr("'Āx'")) << check.output;
}
