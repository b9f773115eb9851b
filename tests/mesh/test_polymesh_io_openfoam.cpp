// Interoperability with an installed OpenFOAM: read meshes made by blockMesh
// (ascii and binary) and have checkMesh accept meshes written by sluice.
// Skipped when OpenFOAM is not installed.
#include <cstdlib>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "polymesh_io_test_support.hpp"
#include "sluice/mesh/polymesh_io.hpp"
#include "support/temp_dir.hpp"

namespace sluice::mesh {
namespace {

namespace fs = std::filesystem;
using test::readText;
using test::TempDir;

const fs::path kBashrc = "/usr/share/openfoam/etc/bashrc";
const fs::path kCavity = "/usr/share/doc/openfoam-examples/examples/incompressible/icoFoam/cavity/cavity";

bool haveOpenFoam() { return fs::exists(kBashrc) && fs::exists(kCavity); }

/// Runs an OpenFOAM utility on a case; returns its exit status, output in `log`.
int runFoam(const std::string& utility, const fs::path& caseDir, std::string& log) {
  const fs::path logFile = caseDir / ("log." + utility);
  const std::string cmd = "bash -c 'source " + kBashrc.string() + " >/dev/null 2>&1 && " + utility + " -case \"" +
                          caseDir.string() + "\"' > \"" + logFile.string() + "\" 2>&1";
  const int status = std::system(cmd.c_str());
  log = readText(logFile);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/// Copies the cavity tutorial to `dir`, optionally with binary writeFormat.
fs::path copyCavity(const fs::path& dir, bool binary) {
  const fs::path caseDir = dir / "cavity";
  fs::create_directories(dir);
  fs::copy(kCavity, caseDir, fs::copy_options::recursive);
  if (binary) {
    std::string control = readText(caseDir / "system/controlDict");
    const auto pos = control.find("writeFormat     ascii;");
    EXPECT_NE(pos, std::string::npos);
    if (pos != std::string::npos) control.replace(pos, 22, "writeFormat     binary;");
    test::writeText(caseDir / "system/controlDict", control);
  }
  return caseDir;
}

void expectCavity(const PolyMesh& mesh) {
  EXPECT_EQ(mesh.nCells(), 400);
  EXPECT_EQ(mesh.nFaces(), 1640);
  EXPECT_EQ(mesh.nPoints(), 882);
  EXPECT_EQ(mesh.nInternalFaces(), 760);
  ASSERT_EQ(mesh.patches().size(), 3u);
  const struct {
    const char* name;
    const char* type;
    Label start, size;
  } expected[] = {{"movingWall", "wall", 760, 20}, {"fixedWalls", "wall", 780, 60}, {"frontAndBack", "empty", 840, 800}};
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(mesh.patches()[i].name, expected[i].name);
    EXPECT_EQ(mesh.patches()[i].type, expected[i].type);
    EXPECT_EQ(mesh.patches()[i].start, expected[i].start);
    EXPECT_EQ(mesh.patches()[i].size, expected[i].size);
  }
  EXPECT_EQ(mesh.patches()[0].inGroups, std::vector<std::string>{"wall"});
  // the lid corner point of the 0.1 x 0.1 x 0.01 box
  EXPECT_DOUBLE_EQ(mesh.points().back().x, 0.1);
  EXPECT_DOUBLE_EQ(mesh.points().back().y, 0.1);
  EXPECT_DOUBLE_EQ(mesh.points().back().z, 0.01);
  EXPECT_TRUE(mesh.isUpperTriangular());
}

/// Writes `mesh` into a copy of the cavity case (without its mesh) and runs checkMesh.
void expectCheckMeshAccepts(const PolyMesh& mesh, const fs::path& dir) {
  const fs::path caseDir = copyCavity(dir, false);
  writePolyMesh(mesh, caseDir / "constant/polyMesh");
  std::string log;
  const int rc = runFoam("checkMesh", caseDir, log);
  EXPECT_EQ(rc, 0) << log;
  EXPECT_NE(log.find("Mesh OK."), std::string::npos) << log;
}

TEST(PolyMeshIoOpenFoam, ReadsAsciiBlockMeshCavity) {
  if (!haveOpenFoam()) GTEST_SKIP() << "OpenFOAM not installed (" << kBashrc << ")";
  TempDir dir("polyio_of");
  const fs::path caseDir = copyCavity(dir.path(), false);
  std::string log;
  ASSERT_EQ(runFoam("blockMesh", caseDir, log), 0) << log;
  ASSERT_NE(readText(caseDir / "constant/polyMesh/faces").find("format      ascii;"), std::string::npos);
  expectCavity(readPolyMesh(caseDir / "constant/polyMesh"));
}

TEST(PolyMeshIoOpenFoam, ReadsBinaryBlockMeshCavityEqualToAscii) {
  if (!haveOpenFoam()) GTEST_SKIP() << "OpenFOAM not installed (" << kBashrc << ")";
  TempDir dir("polyio_of");
  const fs::path binCase = copyCavity(dir.path() / "bin", true);
  const fs::path asciiCase = copyCavity(dir.path() / "ascii", false);
  std::string log;
  ASSERT_EQ(runFoam("blockMesh", binCase, log), 0) << log;
  ASSERT_EQ(runFoam("blockMesh", asciiCase, log), 0) << log;
  const std::string facesText = readText(binCase / "constant/polyMesh/faces");
  ASSERT_NE(facesText.find("format      binary;"), std::string::npos);
  ASSERT_NE(facesText.find("class       faceCompactList;"), std::string::npos);
  const PolyMesh bin = readPolyMesh(binCase / "constant/polyMesh");
  expectCavity(bin);
  const PolyMesh ascii = readPolyMesh(asciiCase / "constant/polyMesh");
  EXPECT_TRUE(bin.faces() == ascii.faces());
  EXPECT_EQ(bin.owner(), ascii.owner());
  EXPECT_EQ(bin.neighbour(), ascii.neighbour());
  EXPECT_EQ(bin.patches(), ascii.patches());
  // ascii carries 6 significant digits (writePrecision 6)
  for (Label p = 0; p < bin.nPoints(); ++p)
    ASSERT_LT(mag(bin.points()[p] - ascii.points()[p]), 1e-12) << "point " << p;
}

TEST(PolyMeshIoOpenFoam, ReadsBinaryMeshFromFoamFormatConvert) {
  if (!haveOpenFoam()) GTEST_SKIP() << "OpenFOAM not installed (" << kBashrc << ")";
  TempDir dir("polyio_of");
  const fs::path caseDir = copyCavity(dir.path(), false);
  std::string log;
  ASSERT_EQ(runFoam("blockMesh", caseDir, log), 0) << log;
  const PolyMesh ascii = readPolyMesh(caseDir / "constant/polyMesh");
  std::string control = readText(caseDir / "system/controlDict");
  control.replace(control.find("writeFormat     ascii;"), 22, "writeFormat     binary;");
  test::writeText(caseDir / "system/controlDict", control);
  ASSERT_EQ(runFoam("foamFormatConvert", caseDir, log), 0) << log;
  ASSERT_NE(readText(caseDir / "constant/polyMesh/points").find("format      binary;"), std::string::npos);
  const PolyMesh bin = readPolyMesh(caseDir / "constant/polyMesh");
  // converted from the ascii text: the same doubles
  test_support::expectSameMesh(ascii, bin);
}

TEST(PolyMeshIoOpenFoam, CheckMeshAcceptsCavityRewrittenBySluice) {
  if (!haveOpenFoam()) GTEST_SKIP() << "OpenFOAM not installed (" << kBashrc << ")";
  TempDir dir("polyio_of");
  const fs::path source = copyCavity(dir.path() / "source", false);
  std::string log;
  ASSERT_EQ(runFoam("blockMesh", source, log), 0) << log;
  const PolyMesh mesh = readPolyMesh(source / "constant/polyMesh");
  expectCheckMeshAccepts(mesh, dir.path() / "rewritten");
  const fs::path rewritten = dir.path() / "rewritten" / "cavity" / "constant/polyMesh";
  test_support::expectSameMesh(mesh, readPolyMesh(rewritten));
}

TEST(PolyMeshIoOpenFoam, CheckMeshAcceptsHandBuiltHexMeshes) {
  if (!haveOpenFoam()) GTEST_SKIP() << "OpenFOAM not installed (" << kBashrc << ")";
  TempDir dir("polyio_of");
  expectCheckMeshAccepts(test_support::hexMesh(4, 3, 2), dir.path() / "walls3d");
  expectCheckMeshAccepts(test_support::hexMesh(5, 4, 1, /*cyclicY=*/true), dir.path() / "cyclic2d");
}

}  // namespace
}  // namespace sluice::mesh
