// Parses real OpenFOAM v1912 tutorial files (read in place, never copied into
// the repository). Skipped when the tutorials are not installed.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "sluice/io/dictionary.hpp"
#include "sluice/io/field_value.hpp"

using sluice::Label;
using sluice::Scalar;
using sluice::Vec3;
using sluice::io::Dictionary;
using sluice::io::ParseOptions;
namespace fs = std::filesystem;

namespace {

const fs::path kExamples = "/usr/share/doc/openfoam-examples/examples";

/// Every plain (not .gz) file directly inside each directory.
std::vector<fs::path> filesIn(const std::vector<fs::path>& dirs) {
  std::vector<fs::path> out;
  for (const fs::path& dir : dirs) {
    if (!fs::is_directory(dir)) continue;
    for (const auto& e : fs::directory_iterator(dir)) {
      if (e.is_regular_file() && e.path().extension() != ".gz") out.push_back(e.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST(OpenFoamTutorials, CavityDamBreakAndPitzDailyFilesParse) {
  const fs::path cavity = kExamples / "incompressible/icoFoam/cavity/cavity";
  const fs::path damBreak = kExamples / "multiphase/interFoam/laminar/damBreak/damBreak";
  const fs::path pitzDaily = kExamples / "incompressible/simpleFoam/pitzDaily";
  if (!fs::is_directory(cavity / "system") || !fs::is_directory(damBreak / "system") ||
      !fs::is_directory(pitzDaily / "system")) {
    GTEST_SKIP() << "OpenFOAM tutorials not installed under " << kExamples;
  }
  fs::path damBreakFields = fs::is_directory(damBreak / "0.orig") ? damBreak / "0.orig" : damBreak / "0";
  std::vector<fs::path> files = filesIn({cavity / "system", damBreak / "system", damBreak / "constant",
                                         damBreakFields, pitzDaily / "system"});
  ASSERT_GE(files.size(), 15u);
  std::vector<std::string> warnings;
  ParseOptions options;
  options.warn = [&](const std::string& w) { warnings.push_back(w); };
  for (const fs::path& f : files) {
    SCOPED_TRACE(f.string());
    Dictionary d = Dictionary::readFile(f, f.filename().string(), options);
    EXPECT_FALSE(d.keys().empty());
    if (f.filename() != "streamlines") {  // a function-object snippet without header
      EXPECT_TRUE(d.isDict("FoamFile"));
    }
  }
  // pitzDaily uses #includeFunc (controlDict) and #includeEtc (streamlines): warned, not fatal.
  bool sawIncludeFunc = false;
  bool sawIncludeEtc = false;
  for (const std::string& w : warnings) {
    sawIncludeFunc = sawIncludeFunc || w.find("#includeFunc streamlines skipped") != std::string::npos;
    sawIncludeEtc = sawIncludeEtc || w.find("#includeEtc") != std::string::npos;
  }
  EXPECT_TRUE(sawIncludeFunc);
  EXPECT_TRUE(sawIncludeEtc);

  // Spot-check values against the tutorial files.
  Dictionary control = Dictionary::readFile(cavity / "system/controlDict", "system/controlDict");
  EXPECT_EQ(control.get<std::string>("application"), "icoFoam");
  EXPECT_DOUBLE_EQ(control.get<Scalar>("endTime"), 0.5);
  EXPECT_DOUBLE_EQ(control.get<Scalar>("deltaT"), 0.005);

  Dictionary fvSolution = Dictionary::readFile(damBreak / "system/fvSolution", "system/fvSolution");
  const Dictionary& solvers = fvSolution.subDict("solvers");
  EXPECT_EQ(solvers.subDict("alpha.water").get<Label>("nAlphaCorr"), 2);
  EXPECT_EQ(solvers.subDict("pcorrFinal").get<std::string>("solver"), "PCG");
  const Dictionary& pFinal = solvers.subDict("p_rghFinal");  // { $p_rgh; relTol 0; }
  EXPECT_EQ(pFinal.get<std::string>("solver"), "PCG");
  EXPECT_DOUBLE_EQ(pFinal.get<Scalar>("tolerance"), 1e-7);
  EXPECT_DOUBLE_EQ(pFinal.get<Scalar>("relTol"), 0);
  EXPECT_DOUBLE_EQ(fvSolution.subDict("relaxationFactors").subDict("equations").get<Scalar>("UFinal"), 1);

  Dictionary transport = Dictionary::readFile(damBreak / "constant/transportProperties", "constant/transportProperties");
  EXPECT_EQ(transport.get<std::vector<std::string>>("phases"), (std::vector<std::string>{"water", "air"}));
  EXPECT_DOUBLE_EQ(transport.subDict("water").getDimensioned("nu").value, 1e-6);
  EXPECT_DOUBLE_EQ(transport.subDict("air").getDimensioned("rho").value, 1);
  EXPECT_DOUBLE_EQ(transport.getDimensioned("sigma").value, 0.07);

  Dictionary g = Dictionary::readFile(damBreak / "constant/g", "constant/g");
  EXPECT_EQ(g.get<Vec3>("value"), (Vec3{0, -9.81, 0}));

  Dictionary U = Dictionary::readFile(cavity / "0/U", "0/U");
  const Dictionary& lid = U.subDict("boundaryField").subDict("movingWall");
  EXPECT_EQ(sluice::io::readFieldValue(lid, "value").expandVectors(2), (std::vector<Vec3>(2, Vec3{1, 0, 0})));
  EXPECT_EQ(sluice::io::readFieldValue(U, "internalField").expandVectors(1), (std::vector<Vec3>{{0, 0, 0}}));

  // pitzDaily's blockMeshDict uses $macros inside lists.
  Dictionary block = Dictionary::readFile(pitzDaily / "system/blockMeshDict", "system/blockMeshDict");
  EXPECT_DOUBLE_EQ(block.get<Scalar>("scale"), 0.001);
  EXPECT_EQ(block.get<std::vector<Vec3>>("vertices").size(), 22u);
  sluice::io::TokenStream blocks = block.stream("blocks");
  blocks.expectPunct('(');
  EXPECT_TRUE(blocks.acceptWord("hex"));
  EXPECT_EQ(blocks.readLabelList().size(), 8u);
  EXPECT_EQ(blocks.readLabelList(), (std::vector<Label>{18, 30, 1}));
  EXPECT_TRUE(blocks.acceptWord("simpleGrading"));
  blocks.expectPunct('(');
  EXPECT_DOUBLE_EQ(blocks.readScalar(), 0.5);
  // $posY expanded to its three (fraction cells ratio) triples
  EXPECT_EQ(blocks.readVec3List(), (std::vector<Vec3>{{1, 4, 2}, {2, 3, 4}, {2, 4, 0.25}}));
}
