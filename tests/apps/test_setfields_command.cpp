// End-to-end tests of `sluice setfields CASE`: each region type on a small
// block mesh with values worked out by hand, read back in the files' cell
// order (also from a renumbered constant/polyMesh), the rest of every file
// unchanged, every bad input one error line with exit 1 and no file
// changed, and agreement with OpenFOAM v1912's setFields on its damBreak
// tutorial (skipped without OpenFOAM).
#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "sluice/core/vec3.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/io/field_value.hpp"
#include "sluice/mesh/block_mesh.hpp"
#include "sluice/mesh/polymesh_io.hpp"
#include "sluice/mesh/renumber.hpp"
#include "solvers/openfoam_case_support.hpp"
#include "support/case_copy.hpp"
#include "support/run_command.hpp"
#include "support/sluice_paths.hpp"
#include "support/temp_dir.hpp"

using sluice::Scalar;
using sluice::Vec3;
using sluice::test::kCases;
using sluice::test::kSluice;
using sluice::test::CommandResult;
using sluice::test::readText;
using sluice::test::runCommand;
using sluice::test::shellQuote;
using sluice::test::TempDir;
using ::testing::HasSubstr;

namespace fs = std::filesystem;

namespace {

CommandResult sluiceSetFields(const fs::path& caseDir) {
  return runCommand(shellQuote(kSluice) + " setfields " + shellQuote(caseDir.string()), 120);
}

std::string header(const std::string& cls, const std::string& object) {
  return "FoamFile\n{\n    version     2.0;\n    format      ascii;\n    class       " + cls + ";\n    object      " +
         object + ";\n}\n";
}

// 8 x 4 x 1 cells of 0.25 over [0,2] x [0,1] x [0,0.25]: centres at
// x = 0.125 + 0.25 i, y = 0.125 + 0.25 j, z = 0.125; cell (i, j) is i + 8 j.
const std::string kBlockMeshDict = header("dictionary", "blockMeshDict") +
                                   "vertices ((0 0 0) (2 0 0) (2 1 0) (0 1 0) (0 0 0.25) (2 0 0.25) (2 1 0.25) "
                                   "(0 1 0.25));\n"
                                   "blocks (hex (0 1 2 3 4 5 6 7) (8 4 1) simpleGrading (1 1 1));\n"
                                   "boundary\n(\n"
                                   "    walls { type wall; faces ((0 4 7 3) (1 2 6 5) (0 1 5 4)); }\n"
                                   "    atmosphere { type patch; faces ((3 7 6 2)); }\n"
                                   ");\n"
                                   "defaultPatch { name frontAndBack; type empty; }\n";
constexpr int kCells = 32;
int cell(int i, int j) { return i + 8 * j; }

const std::string kControlDict = header("dictionary", "controlDict") +
                                 "application interFoam;\nstartFrom startTime;\nstartTime 0;\nstopAt endTime;\n"
                                 "endTime 1;\ndeltaT 0.001;\nwriteControl adjustable;\nwriteInterval 0.1;\n";

const std::string kAlphaHead = "/* alpha.water of the test case */\n" + header("volScalarField", "alpha.water") +
                               "\ndimensions      [0 0 0 0 0 0 0];\n\n";
const std::string kAlphaTail =
    "\n\nboundaryField\n{\n    walls\n    {\n        type            zeroGradient;\n    }\n"
    "    atmosphere\n    {\n        type            inletOutlet;\n        inletValue      uniform 0;\n"
    "        value           uniform 0.5;\n    }\n    frontAndBack\n    {\n        type            empty;\n    }\n}\n";
const std::string kUHead = header("volVectorField", "U") + "\ndimensions      [0 1 -1 0 0 0 0];\n\n";
const std::string kUTail =
    "\n\nboundaryField\n{\n    walls { type noSlip; }\n"
    "    atmosphere { type pressureInletOutletVelocity; value uniform (0 0 0); }\n"
    "    frontAndBack { type empty; }\n}\n";
const std::string kPrgh = header("volScalarField", "p_rgh") +
                          "dimensions [1 -1 -2 0 0 0 0];\ninternalField uniform 0;\n"
                          "boundaryField { walls { type fixedFluxPressure; value uniform 0; } "
                          "atmosphere { type totalPressure; p0 uniform 0; value uniform 0; } "
                          "frontAndBack { type empty; } }\n";

// Defaults, two overlapping boxes, a sphere and a cylinder (see the expected values below).
const std::string kSetFieldsDict = header("dictionary", "setFieldsDict") + R"(
defaultFieldValues ( volScalarFieldValue alpha.water 0 );
regions
(
    boxToCell        // i <= 1, j <= 1
    {
        box (0 0 -1) (0.6 0.6 1);
        fieldValues ( volScalarFieldValue alpha.water 1  volVectorFieldValue U (1 0 0) );
    }
    boxToCell        // i = 1, j = 0, again: the later region wins
    {
        boxes ((0.3 0 -1) (0.5 0.3 1));
        fieldValues ( volScalarFieldValue alpha.water 2 );
    }
    sphereToCell     // centres 0.125 from (1, 0.5) in x and y: i = 3, 4, j = 1, 2
    {
        centre (1 0.5 0.125);
        radius 0.3;
        fieldValues ( volScalarFieldValue alpha.water 0.25 );
    }
    cylinderToCell   // axis along y at x = 1.5: i = 5, 6, every j
    {
        p1 (1.5 0 0.125);
        p2 (1.5 1 0.125);
        radius 0.2;
        fieldValues ( volScalarFieldValue alpha.water 0.75  volVectorFieldValue U (0 1 0) );
    }
);
)";

std::vector<Scalar> expectedAlpha() {
  std::vector<Scalar> alpha(kCells, 0.0);
  for (int c : {cell(0, 0), cell(0, 1), cell(1, 1)}) alpha[c] = 1;
  alpha[cell(1, 0)] = 2;
  for (int c : {cell(3, 1), cell(4, 1), cell(3, 2), cell(4, 2)}) alpha[c] = 0.25;
  for (int j = 0; j < 4; ++j) alpha[cell(5, j)] = alpha[cell(6, j)] = 0.75;
  return alpha;
}

std::vector<Vec3> expectedU() {
  std::vector<Vec3> U(kCells, Vec3{0, 0, 0});
  for (int c : {cell(0, 0), cell(1, 0), cell(0, 1), cell(1, 1)}) U[c] = {1, 0, 0};
  for (int j = 0; j < 4; ++j) U[cell(5, j)] = U[cell(6, j)] = {0, 1, 0};
  return U;
}

// A case of the box mesh, fields and setFieldsDict above (alpha.water starts uniform 0.5).
void writeCase(const TempDir& dir, const std::string& setFieldsDict = kSetFieldsDict) {
  dir.write("system/blockMeshDict", kBlockMeshDict);
  dir.write("system/controlDict", kControlDict);
  dir.write("system/setFieldsDict", setFieldsDict);
  dir.write("0/alpha.water", kAlphaHead + "internalField   uniform 0.5;" + kAlphaTail);
  dir.write("0/U", kUHead + "internalField   uniform (0 0 0);" + kUTail);
  dir.write("0/p_rgh", kPrgh);
}

// The internalField of a field file as sluice's field-value reader reads it.
sluice::io::FieldValue internalField(const fs::path& file) {
  const auto dict = sluice::io::Dictionary::readFile(file, file.filename().string());
  return sluice::io::readFieldValue(dict, "internalField");
}

// The text before the internalField entry, and after its ';'.
std::string before(const std::string& text) { return text.substr(0, text.find("internalField")); }
std::string after(const std::string& text) { return text.substr(text.find(';', text.find("internalField")) + 1); }
// The internalField entry itself, from its keyword to its ';'.
std::string internalEntry(const std::string& text) {
  const auto at = text.find("internalField");
  return text.substr(at, text.find(';', at) + 1 - at);
}

}  // namespace

TEST(SetFieldsCommand, EachRegionTypeSetsTheCellsWorkedOutByHand) {
  TempDir dir("setfields");
  writeCase(dir);
  const auto r = sluiceSetFields(dir.path());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(internalField(dir.path() / "0/alpha.water").expandScalars(kCells), expectedAlpha());
  EXPECT_EQ(internalField(dir.path() / "0/U").expandVectors(kCells), expectedU());

  EXPECT_THAT(r.output, HasSubstr("Setting field default values\n"
                                  "    Setting internal values of volScalarField alpha.water\n\n"
                                  "Setting field region values\n"
                                  "    Adding cells with centre within boxes ((0 0 -1) (0.6 0.6 1))\n"
                                  "    Selected 4 of 32 cells\n"
                                  "    Setting internal values of volScalarField alpha.water\n"
                                  "    Setting internal values of volVectorField U\n"
                                  "    Adding cells with centre within boxes ((0.3 0 -1) (0.5 0.3 1))\n"
                                  "    Selected 1 of 32 cells\n"));
  EXPECT_THAT(r.output, HasSubstr("    Adding cells within sphere, origin = (1 0.5 0.125), radius = 0.3\n"
                                  "    Selected 4 of 32 cells\n"));
  EXPECT_THAT(r.output, HasSubstr("    Adding cells with centre within cylinder, with p1 = (1.5 0 0.125), "
                                  "p2 = (1.5 1 0.125), radius = 0.2\n    Selected 8 of 32 cells\n"));
  EXPECT_THAT(r.output, HasSubstr("Wrote 0/alpha.water\nWrote 0/U\n\nEnd\n"));
}

TEST(SetFieldsCommand, HeaderDimensionsAndBoundaryFieldAreKept) {
  TempDir dir("setfields");
  writeCase(dir);
  ASSERT_EQ(sluiceSetFields(dir.path()).exitCode, 0);
  const std::string alpha = readText(dir.path() / "0/alpha.water");
  EXPECT_EQ(before(alpha), kAlphaHead);
  EXPECT_EQ(after(alpha), kAlphaTail);
  EXPECT_THAT(alpha, HasSubstr("internalField   nonuniform List<scalar> \n32\n(\n1\n2\n0\n"));
  const std::string U = readText(dir.path() / "0/U");
  EXPECT_EQ(before(U), kUHead);
  EXPECT_EQ(after(U), kUTail);
  EXPECT_EQ(readText(dir.path() / "0/p_rgh"), kPrgh);  // not named: not touched
  // A second run gives the same files (the defaults reset alpha.water; U keeps its values).
  ASSERT_EQ(sluiceSetFields(dir.path()).exitCode, 0);
  EXPECT_EQ(readText(dir.path() / "0/alpha.water"), alpha);
  EXPECT_EQ(readText(dir.path() / "0/U"), U);
}

TEST(SetFieldsCommand, ValuesFollowTheCellOrderOfConstantPolyMesh) {
  // The same mesh with its cells in reverse order in constant/polyMesh: file
  // cell n is block cell 31 - n, and the values follow it.
  TempDir dir("setfields");
  writeCase(dir);
  const auto blockMesh =
      sluice::mesh::buildBlockMesh(sluice::io::Dictionary::parse(kBlockMeshDict, "system/blockMeshDict"));
  std::vector<sluice::Label> reversed(kCells);
  for (int n = 0; n < kCells; ++n) reversed[n] = kCells - 1 - n;
  sluice::mesh::writePolyMesh(sluice::mesh::renumberCells(blockMesh, reversed), dir.path() / "constant/polyMesh");
  const auto r = sluiceSetFields(dir.path());
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("(from constant/polyMesh): 32 cells"));
  const std::vector<Scalar> alpha = internalField(dir.path() / "0/alpha.water").expandScalars(kCells);
  const std::vector<Scalar> expected = expectedAlpha();
  for (int n = 0; n < kCells; ++n) EXPECT_EQ(alpha[n], expected[kCells - 1 - n]) << "file cell " << n;
}

TEST(SetFieldsCommand, CaseDefaultsToTheCurrentDirectory) {
  TempDir dir("setfields");
  writeCase(dir);
  const auto r = runCommand(
      "sh -c " + shellQuote("cd " + shellQuote(dir.path().string()) + " && " + shellQuote(kSluice) + " setfields"),
      120);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("Mesh of . (from system/blockMeshDict): 32 cells; start time 0\n"));
  EXPECT_EQ(internalField(dir.path() / "0/alpha.water").expandScalars(kCells), expectedAlpha());
}

namespace {

// Runs setfields on the test case with `regions` as the last region of the
// dictionary; expects exit 1, exactly "error: <message>\n", and no file changed.
void expectError(const std::string& region, const std::string& message) {
  TempDir dir("setfields");
  std::string dict = kSetFieldsDict;
  dict.insert(dict.rfind(");"), region + "\n");
  writeCase(dir, dict);
  const std::string alphaBefore = readText(dir.path() / "0/alpha.water");
  const std::string UBefore = readText(dir.path() / "0/U");
  const auto r = sluiceSetFields(dir.path());
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_EQ(r.output, "error: " + message + "\n");
  EXPECT_EQ(readText(dir.path() / "0/alpha.water"), alphaBefore);
  EXPECT_EQ(readText(dir.path() / "0/U"), UBefore);
}

}  // namespace

TEST(SetFieldsCommand, UnknownRegionTypes) {
  expectError("rotatedBoxToCell { origin (0 0 0); i (1 0 0); j (0 1 0); k (0 0 1); fieldValues (); }",
              "system/setFieldsDict: regions: unknown region type 'rotatedBoxToCell'; supported: boxToCell, "
              "cylinderToCell, sphereToCell");
  // Face sets (setFields can set patch values with them) are not supported.
  expectError("boxToFace { box (0 0 -1) (1 1 1); fieldValues ( volScalarFieldValue alpha.water 1 ); }",
              "system/setFieldsDict: regions: unknown region type 'boxToFace'; supported: boxToCell, "
              "cylinderToCell, sphereToCell");
}

TEST(SetFieldsCommand, UnknownFieldValueType) {
  expectError("boxToCell { box (0 0 -1) (1 1 1); fieldValues ( volTensorFieldValue T (1 0 0 0 1 0 0 0 1) ); }",
              "system/setFieldsDict:35:49: 'fieldValues': unknown field value type 'volTensorFieldValue'; "
              "supported: volScalarFieldValue, volVectorFieldValue");
}

TEST(SetFieldsCommand, FieldFileMissingFromTheStartTime) {
  expectError("boxToCell { box (0 0 -1) (1 1 1); fieldValues ( volScalarFieldValue alpha.oil 1 ); }",
              "system/setFieldsDict: regions/boxToCell/fieldValues: volScalarFieldValue alpha.oil: field file "
              "0/alpha.oil does not exist");
}

TEST(SetFieldsCommand, ScalarForVectorFieldAndViceVersa) {
  expectError("boxToCell { box (0 0 -1) (1 1 1); fieldValues ( volScalarFieldValue U 1 ); }",
              "system/setFieldsDict: regions/boxToCell/fieldValues: volScalarFieldValue U: 0/U is a volVectorField, "
              "not a volScalarField");
  expectError("sphereToCell { origin (0 0 0); radius 1; fieldValues ( volVectorFieldValue alpha.water (1 0 0) ); }",
              "system/setFieldsDict: regions/sphereToCell/fieldValues: volVectorFieldValue alpha.water: "
              "0/alpha.water is a volScalarField, not a volVectorField");
  // The value itself of the wrong shape for its type.
  expectError("boxToCell { box (0 0 -1) (1 1 1); fieldValues ( volVectorFieldValue U 1 ); }",
              "system/setFieldsDict:35:71: 'fieldValues': volVectorFieldValue U: expected a vector (x y z), found '1'");
  expectError("boxToCell { box (0 0 -1) (1 1 1); fieldValues ( volScalarFieldValue alpha.water (1 0 0) ); }",
              "system/setFieldsDict:35:81: 'fieldValues': volScalarFieldValue alpha.water: expected a scalar, "
              "found '('");
}

TEST(SetFieldsCommand, BadRegionDictionary) {
  expectError("cylinderToCell { p1 (0 0 0); p2 (1 0 0); fieldValues ( volScalarFieldValue alpha.water 1 ); }",
              "system/setFieldsDict: regions/cylinderToCell: missing 'radius'");
}

TEST(SetFieldsCommand, MissingDictionaryOrCase) {
  TempDir dir("setfields");
  writeCase(dir);
  fs::remove(dir.path() / "system/setFieldsDict");
  auto r = sluiceSetFields(dir.path());
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.output, "error: system/setFieldsDict: cannot open file\n");
  r = sluiceSetFields(dir.path() / "nowhere");
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_THAT(r.output, HasSubstr("nowhere: no such case directory"));
}

TEST(SetFieldsCommand, ExampleCasesSetTheirWaterColumns) {
  // cases/damBreak: 23 of the 46 columns left of the obstacle, and the rows
  // with centres below y = 0.292 (the 8 low ones and 38 of the upper block);
  // damBreakColumn: 20 x 40 cells of a/20.
  for (const auto& [name, cells] : {std::pair<std::string, int>{"damBreak", 23 * 46}, {"damBreakColumn", 20 * 40}}) {
    TempDir dir("setfields-" + name);
    sluice::test::copyCaseInputs(kCases / name, dir.path());
    const auto r = sluiceSetFields(dir.path());
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_THAT(r.output, HasSubstr(fmt::format("    Selected {} of", cells))) << name;
    const auto alpha = internalField(dir.path() / "0/alpha.water");
    ASSERT_FALSE(alpha.uniform);
    EXPECT_EQ(std::count(alpha.scalars.begin(), alpha.scalars.end(), 1.0), cells) << name;
    // The repository's own file stays uniform 0 (setfields is run by the user).
    EXPECT_THAT(readText(kCases / name / "0/alpha.water"), HasSubstr("internalField   uniform 0;"));
  }
}

TEST(SetFieldsCommand, AgreesWithOpenFoamSetFieldsOnDamBreak) {
  const fs::path tutorial = sluice::test::kOpenFoamTutorials / "multiphase/interFoam/laminar/damBreak/damBreak";
  if (!fs::exists("/usr/bin/setFields") || !fs::exists("/usr/bin/blockMesh") || !fs::exists(tutorial))
    GTEST_SKIP() << sluice::test::kNoOpenFoam;
  TempDir dir("setfields-openfoam");
  // OpenFOAM: blockMesh, setFields. sluice: from the blockMeshDict, and from OpenFOAM's constant/polyMesh.
  const fs::path foam = dir.path() / "foam", fromDict = dir.path() / "fromDict", fromPolyMesh = dir.path() / "fromPoly";
  for (const fs::path& c : {foam, fromDict, fromPolyMesh}) {
    sluice::test::copyCaseInputs(tutorial, c);
    fs::copy_file(c / "0/alpha.water.orig", c / "0/alpha.water", fs::copy_options::overwrite_existing);
  }
  ASSERT_EQ(sluice::test::runOpenFoam("blockMesh", foam).exitCode, 0) << readText(foam / "log.blockMesh");
  ASSERT_EQ(sluice::test::runOpenFoam("setFields", foam).exitCode, 0) << readText(foam / "log.setFields");
  fs::copy(foam / "constant/polyMesh", fromPolyMesh / "constant/polyMesh", fs::copy_options::recursive);
  for (const fs::path& c : {fromDict, fromPolyMesh}) {
    const auto r = sluiceSetFields(c);
    ASSERT_EQ(r.exitCode, 0) << r.output;
  }

  const std::vector<double> reference = sluice::test::readOpenFoamScalarField(foam / "0/alpha.water", 0);
  ASSERT_EQ(reference.size(), 2268u);
  EXPECT_GT(std::count(reference.begin(), reference.end(), 1.0), 0);
  for (const fs::path& c : {fromDict, fromPolyMesh}) {
    const std::vector<Scalar> alpha = internalField(c / "0/alpha.water").expandScalars(reference.size());
    EXPECT_EQ(alpha, reference) << c.filename();
    // The entry's text is OpenFOAM's too.
    EXPECT_EQ(internalEntry(readText(c / "0/alpha.water")), internalEntry(readText(foam / "0/alpha.water")));
  }
}
