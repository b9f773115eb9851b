// Our mesh quality figures against OpenFOAM v1912's checkMesh on its own
// tutorials cavity, cavityGrade, pitzDaily (block meshes) and elbow (a Fluent
// mesh; 2D like the others): max aspect ratio, max and average
// non-orthogonality, max skewness, min/max/total cell volume and bounding box
// agree to 1e-6 relative. checkMesh runs with writePrecision 17 so it prints
// full digits. We check OpenFOAM's polyMesh (the mesh checkMesh saw) and, for
// the block meshes, our own block mesh from the same blockMeshDict. Skips when
// OpenFOAM v1912 is not installed.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <regex>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "sluice/io/dictionary.hpp"
#include "sluice/mesh/block_mesh.hpp"
#include "sluice/mesh/mesh_check.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/mesh/polymesh_io.hpp"
#include "support/run_command.hpp"
#include "support/temp_dir.hpp"

namespace fs = std::filesystem;
using namespace sluice;

namespace {

const fs::path kIncompressibleTutorials = "/usr/share/doc/openfoam-examples/examples/incompressible";
const std::string kFoamEnv = "export WM_PROJECT_DIR=/usr/share/openfoam FOAM_ETC=/usr/share/openfoam/etc; ";

/// checkMesh installed, and the etc/controlDict banner says v1912.
bool haveOpenFoamV1912() {
  return fs::exists("/usr/bin/checkMesh") &&
         test::readText("/usr/share/openfoam/etc/controlDict").find("v1912") != std::string::npos;
}

struct Figures {
  Scalar maxAspectRatio = 0, maxNonOrthogonality = 0, averageNonOrthogonality = 0, maxSkewness = 0;
  Scalar minVolume = 0, maxVolume = 0, volume = 0;
  Vec3 boundsMin, boundsMax;
};

/// The number after the first `marker` in `text`; NaN (failing any
/// comparison) when the marker is missing.
Scalar numberAfter(const std::string& text, const std::string& marker) {
  const auto at = text.find(marker);
  if (at == std::string::npos) {
    ADD_FAILURE() << "checkMesh output has no '" << marker << "'";
    return std::numeric_limits<Scalar>::quiet_NaN();
  }
  return std::strtod(text.c_str() + at + marker.size(), nullptr);
}

/// Parses checkMesh's geometry report (OK and failed forms of each line).
Figures parseCheckMesh(const std::string& out) {
  Figures f;
  const bool highAspect = out.find("High aspect ratio cells found") != std::string::npos;
  f.maxAspectRatio = numberAfter(out, highAspect ? "Max aspect ratio: " : "Max aspect ratio = ");
  f.minVolume = numberAfter(out, "Min volume = ");
  f.maxVolume = numberAfter(out, "Max volume = ");
  f.volume = numberAfter(out, "Total volume = ");
  f.maxNonOrthogonality = numberAfter(out, "Mesh non-orthogonality Max: ");
  f.averageNonOrthogonality = numberAfter(out, " average: ");
  f.maxSkewness = numberAfter(out, "Max skewness = ");
  const std::regex box(R"(Overall domain bounding box \((\S+) (\S+) (\S+)\) \((\S+) (\S+) (\S+)\))");
  std::smatch m;
  if (std::regex_search(out, m, box)) {
    f.boundsMin = {std::stod(m[1]), std::stod(m[2]), std::stod(m[3])};
    f.boundsMax = {std::stod(m[4]), std::stod(m[5]), std::stod(m[6])};
  } else {
    ADD_FAILURE() << "checkMesh output has no bounding box";
  }
  return f;
}

Figures ourFigures(const mesh::PolyMesh& m) {
  const mesh::MeshReport r = mesh::checkMesh(m, mesh::MeshGeometry::compute(m));
  return {r.maxAspectRatio, r.maxNonOrthogonality, r.averageNonOrthogonality, r.maxSkewness, r.minVolume,
          r.maxVolume,      r.volume,              r.boundsMin,                r.boundsMax};
}

/// 1e-6 relative; `floor` absorbs figures that are zero up to rounding
/// (skewness ~1e-14 on Cartesian cavities, angles that are 0 there).
void expectClose(Scalar ours, Scalar theirs, const char* what, Scalar floor = 1e-12) {
  EXPECT_LE(std::abs(ours - theirs), 1e-6 * std::max(std::abs(ours), std::abs(theirs)) + floor)
      << what << ": ours " << fmt::format("{:.17g}", ours) << ", checkMesh " << fmt::format("{:.17g}", theirs);
}

void expectSameFigures(const Figures& ours, const Figures& theirs) {
  expectClose(ours.maxAspectRatio, theirs.maxAspectRatio, "max aspect ratio");
  expectClose(ours.maxNonOrthogonality, theirs.maxNonOrthogonality, "max non-orthogonality", 1e-5);
  expectClose(ours.averageNonOrthogonality, theirs.averageNonOrthogonality, "average non-orthogonality", 1e-5);
  expectClose(ours.maxSkewness, theirs.maxSkewness, "max skewness", 1e-10);
  expectClose(ours.minVolume, theirs.minVolume, "min volume", 0);
  expectClose(ours.maxVolume, theirs.maxVolume, "max volume", 0);
  expectClose(ours.volume, theirs.volume, "total volume", 0);
  for (int i = 0; i < 3; ++i) {
    const Scalar span = theirs.boundsMax[i] - theirs.boundsMin[i];
    expectClose(ours.boundsMin[i], theirs.boundsMin[i], "bounding box min", 1e-6 * span);
    expectClose(ours.boundsMax[i], theirs.boundsMax[i], "bounding box max", 1e-6 * span);
  }
}

/// Sets writePrecision 17 in the case's controlDict, so OpenFOAM prints and
/// writes full digits.
void setFullPrecision(const fs::path& caseDir) {
  const fs::path file = caseDir / "system" / "controlDict";
  std::string text = test::readText(file);
  const std::regex entry(R"(\bwritePrecision\s+\d+\s*;)");
  text = std::regex_search(text, entry) ? std::regex_replace(text, entry, "writePrecision 17;")
                                        : text + "\nwritePrecision 17;\n";
  test::writeText(file, text);
}

/// Copies the tutorial `relative` to a temp dir, makes its polyMesh with
/// `meshCommand` (blockMesh, or a shell line run in the case), runs checkMesh
/// and compares; for block meshes also our block mesh of the same dictionary.
void compareWithCheckMesh(const fs::path& relative, const std::string& meshCommand) {
  if (!haveOpenFoamV1912()) GTEST_SKIP() << "OpenFOAM v1912 not installed (apt-get install openfoam openfoam-examples)";
  const fs::path source = kIncompressibleTutorials / relative;
  if (!fs::exists(source)) GTEST_SKIP() << source << " not found (openfoam-examples not installed)";
  test::TempDir tmp("checkmesh");
  const fs::path work = tmp.path() / "case";
  fs::copy(source, work, fs::copy_options::recursive);
  setFullPrecision(work);
  auto inCase = [&](const std::string& command) {
    const std::string line = kFoamEnv + "cd " + test::shellQuote(work.string()) + " && " + command;
    return test::runCommand("sh -c " + test::shellQuote(line), 300);
  };
  const auto made = inCase(meshCommand);
  ASSERT_EQ(made.exitCode, 0) << made.output;
  const auto checked = inCase("checkMesh");
  ASSERT_EQ(checked.exitCode, 0) << checked.output;
  const Figures theirs = parseCheckMesh(checked.output);

  {
    SCOPED_TRACE("OpenFOAM's constant/polyMesh");
    expectSameFigures(ourFigures(mesh::readPolyMesh(work / "constant" / "polyMesh")), theirs);
  }
  if (fs::exists(work / "system" / "blockMeshDict")) {
    SCOPED_TRACE("our block mesh of system/blockMeshDict");
    const auto dict = io::Dictionary::readFile(work / "system" / "blockMeshDict", "system/blockMeshDict");
    expectSameFigures(ourFigures(mesh::buildBlockMesh(dict)), theirs);
  }
}

}  // namespace

TEST(OpenFoamCheckMesh, CavityTutorial) { compareWithCheckMesh("icoFoam/cavity/cavity", "blockMesh"); }

TEST(OpenFoamCheckMesh, CavityGradeTutorial) { compareWithCheckMesh("icoFoam/cavity/cavityGrade", "blockMesh"); }

TEST(OpenFoamCheckMesh, PitzDailyTutorial) { compareWithCheckMesh("simpleFoam/pitzDaily", "blockMesh"); }

TEST(OpenFoamCheckMesh, ElbowTutorial) {
  compareWithCheckMesh("icoFoam/elbow", "gunzip -kf elbow.msh.gz && fluentMeshToFoam elbow.msh");
}
