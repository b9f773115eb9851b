// Bad interFoam input to `sluice run`, serial and at 3 ranks: each mistake
// ends the run with exit code 1 and exactly one line "error: <message>"
// naming the file and the entry.
#include <algorithm>
#include <filesystem>
#include <string>
#include <tuple>

#include <gtest/gtest.h>

#include "solvers/bad_input_support.hpp"
#include "solvers/run_case_support.hpp"
#include "solvers/vof_case_support.hpp"

namespace fs = std::filesystem;
using namespace sluice;

namespace {

/// Replaces the first occurrence of `from` in the case file (fails the test if absent).
void edit(const fs::path& file, const std::string& from, const std::string& to) {
  std::string text = test::readText(file);
  const auto at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from << " in " << file;
  text.replace(at, from.size(), to);
  test::writeText(file, text);
}

struct BadVoFInput {
  std::string name;
  /// Changes the tank case and returns the expected start of the error line.
  std::string (*apply)(const fs::path&);
};

const BadVoFInput kBadVoFInputs[] = {
    {"MissingPhaseEntry",
     [](const fs::path& c) {
       edit(c / "constant/transportProperties", "air { transportModel Newtonian; nu 1.48e-05; rho 1; }", "");
       return std::string(
           "error: constant/transportProperties: missing the entry of phase 'air' (phases lists it)");
     }},
    {"UnsupportedViscosityModel",
     [](const fs::path& c) {
       edit(c / "constant/transportProperties", "water { transportModel Newtonian;",
            "water { transportModel CrossPowerLaw;");
       return std::string("error: constant/transportProperties:");
     }},
    {"InitialAlphaOutOfRange",
     [](const fs::path& c) {
       edit(c / "0/alpha.water", "(\n1\n", "(\n1.5\n");
       return std::string("error: 0/alpha.water: internalField: cell 0 has alpha.water = 1.5, outside [0, 1]");
     }},
    {"UnknownMulesCorrValue",
     [](const fs::path& c) {
       edit(c / "system/fvSolution", "MULESCorr yes;", "MULESCorr perhaps;");
       return std::string("error: system/fvSolution:");
     }},
    {"MissingNLimiterIterWithMulesCorr",
     [](const fs::path& c) {
       edit(c / "system/fvSolution", "nLimiterIter 3;", "");
       return std::string(
           "error: system/fvSolution: solvers/alpha.water.*: missing 'nLimiterIter' (required with MULESCorr yes)");
     }},
    {"MissingGravity",
     [](const fs::path& c) {
       fs::remove(c / "constant/g");
       return std::string("error: constant/g: missing file: interFoam needs the gravitational acceleration");
     }},
    {"MissingMaxAlphaCo",
     [](const fs::path& c) {
       edit(c / "system/controlDict", "maxAlphaCo 0.5;", "");
       return std::string("error: system/controlDict: missing 'maxAlphaCo'");
     }},
    {"ShearCompressionUnsupported",
     [](const fs::path& c) {
       edit(c / "system/fvSolution", "cAlpha 1;", "cAlpha 1; scAlpha 0.5;");
       return std::string("error: system/fvSolution: solvers/alpha.water.*: scAlpha (shear compression) is not "
                          "supported");
     }},
    {"FvOptionsNotApplied",
     [](const fs::path& c) {
       test::writeText(c / "constant/fvOptions", runcase::foamFile("dictionary", "fvOptions", "\n"));
       return std::string("error: constant/fvOptions: interFoam in sluice applies no fvOptions yet");
     }},
    {"MovingReferenceFrameUnsupported",
     [](const fs::path& c) {
       test::writeText(c / "constant/MRFProperties",
                       runcase::foamFile("dictionary", "MRFProperties",
                                         "MRF1 { cellZone rotor; active yes; origin (0 0 0); axis (0 0 1); "
                                         "omega constant 6.28; }\n"));
       return std::string("error: constant/MRFProperties: MRF1: moving reference frames (MRF) are not supported "
                          "by sluice's interFoam");
     }},
    {"MeshMotionUnsupported",
     [](const fs::path& c) {
       test::writeText(c / "constant/dynamicMeshDict",
                       runcase::foamFile("dictionary", "dynamicMeshDict", "dynamicFvMesh dynamicMotionSolverFvMesh;\n"));
       return std::string("error: constant/dynamicMeshDict:");
     }},
    {"VariableHeightFlowRateUnsupported",
     [](const fs::path& c) {
       edit(c / "0/alpha.water", "top { type inletOutlet; inletValue uniform 0; value uniform 0; }",
            "top { type variableHeightFlowRate; lowerBound 0; upperBound 0.9; value uniform 0; }");
       return std::string(
           "error: 0/alpha.water: boundaryField/top: unknown boundary condition type 'variableHeightFlowRate'");
     }},
};

}  // namespace

class InterFoamBadInput : public ::testing::TestWithParam<std::tuple<int, int>> {};

TEST_P(InterFoamBadInput, OneClearErrorLineAndExitCodeOne) {
  const auto [which, np] = GetParam();
  const BadVoFInput& bad = kBadVoFInputs[which];
  test::TempDir dir("interfoam-bad-input");
  vofcase::writeTank(dir.path(), vofcase::TankCase{.nx = 8, .ny = 8, .endTime = 0.01, .ranks = np});
  const std::string expected = bad.apply(dir.path());
  badinput::expectOneClearError(dir.path(), np, expected);
}

INSTANTIATE_TEST_SUITE_P(Cases, InterFoamBadInput,
                         ::testing::Combine(::testing::Range(0, static_cast<int>(std::size(kBadVoFInputs))),
                                            ::testing::Values(1, 3)),
                         [](const auto& info) {
                           return kBadVoFInputs[std::get<0>(info.param)].name + "_np" +
                                  std::to_string(std::get<1>(info.param));
                         });
