// Our block mesher against OpenFOAM's blockMesh on OpenFOAM's own tutorial
// blockMeshDicts and on our example cases: same cells, faces, points, faces
// per patch, and total volume to 1e-10 relative. OpenFOAM's output is read
// back through our polyMesh reader. Skips when OpenFOAM is not installed.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "sluice/io/dictionary.hpp"
#include "sluice/mesh/block_mesh.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/mesh/polymesh_io.hpp"
#include "support/run_command.hpp"
#include "support/temp_dir.hpp"

namespace fs = std::filesystem;
using namespace sluice;

namespace {

const fs::path kTutorials = "/usr/share/doc/openfoam-examples/examples";

bool haveOpenFoam() { return fs::exists("/usr/bin/blockMesh") && fs::exists("/usr/share/openfoam/etc/controlDict"); }

Scalar totalVolume(const mesh::PolyMesh& m) {
  const auto geo = mesh::MeshGeometry::compute(m);
  Scalar v = 0;
  for (Scalar c : geo.cellVolumes) v += c;
  return v;
}

// Copies `caseDir` to a temp dir, runs OpenFOAM's blockMesh there, and
// compares its polyMesh with ours built from the same blockMeshDict.
void compareWithOpenFoam(const fs::path& caseDir) {
  if (!haveOpenFoam()) GTEST_SKIP() << "OpenFOAM not installed (apt-get install openfoam openfoam-examples)";
  if (!fs::exists(caseDir)) GTEST_SKIP() << caseDir << " not found (openfoam-examples not installed)";
  test::TempDir tmp;
  const fs::path work = tmp.path() / "case";
  fs::copy(caseDir, work, fs::copy_options::recursive);
  const auto run = test::runCommand("env WM_PROJECT_DIR=/usr/share/openfoam FOAM_ETC=/usr/share/openfoam/etc "
                                    "blockMesh -case " + test::shellQuote(work.string()), 300);
  ASSERT_EQ(run.exitCode, 0) << run.output;

  const mesh::PolyMesh theirs = mesh::readPolyMesh(work / "constant" / "polyMesh");
  const mesh::PolyMesh ours =
      mesh::buildBlockMesh(io::Dictionary::readFile(work / "system" / "blockMeshDict", "system/blockMeshDict"));

  EXPECT_EQ(ours.nCells(), theirs.nCells());
  EXPECT_EQ(ours.nFaces(), theirs.nFaces());
  EXPECT_EQ(ours.nInternalFaces(), theirs.nInternalFaces());
  EXPECT_EQ(ours.nPoints(), theirs.nPoints());
  ASSERT_EQ(ours.patches().size(), theirs.patches().size());
  for (std::size_t i = 0; i < theirs.patches().size(); ++i) {
    const auto& t = theirs.patches()[i];
    const Label j = ours.findPatch(t.name);
    ASSERT_GE(j, 0) << "patch " << t.name << " missing";
    EXPECT_EQ(ours.patches()[j].size, t.size) << "patch " << t.name;
    EXPECT_EQ(ours.patches()[j].type, t.type) << "patch " << t.name;
  }
  const Scalar vTheirs = totalVolume(theirs), vOurs = totalVolume(ours);
  EXPECT_NEAR(vOurs, vTheirs, 1e-10 * vTheirs);
}

}  // namespace

TEST(OpenFoamBlockMesh, IcoFoamCavityTutorial) { compareWithOpenFoam(kTutorials / "incompressible/icoFoam/cavity/cavity"); }

TEST(OpenFoamBlockMesh, InterFoamDamBreakTutorial) {
  compareWithOpenFoam(kTutorials / "multiphase/interFoam/laminar/damBreak/damBreak");
}

TEST(OpenFoamBlockMesh, SimpleFoamPitzDailyTutorial) {
  compareWithOpenFoam(kTutorials / "incompressible/simpleFoam/pitzDaily");
}

TEST(OpenFoamBlockMesh, GradedCavityTutorial) {
  compareWithOpenFoam(kTutorials / "incompressible/icoFoam/cavity/cavityGrade");
}

TEST(OpenFoamBlockMesh, OurCavityCase) { compareWithOpenFoam(fs::path(SLUICE_SOURCE_DIR) / "cases/cavity"); }

TEST(OpenFoamBlockMesh, OurDamBreakCase) { compareWithOpenFoam(fs::path(SLUICE_SOURCE_DIR) / "cases/damBreak"); }
