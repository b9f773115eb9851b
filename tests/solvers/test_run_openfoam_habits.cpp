// OpenFOAM users' habits with `sluice run`: no case argument inside the case
// directory, `-case CASE`, and `mpirun -np N sluice run -parallel`; -parallel
// without a launcher is one clear error, as are two different case paths.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>

#include "solvers/run_case_support.hpp"
#include "solvers/solver_case_support.hpp"
#include "support/case_copy.hpp"

using namespace sluice;
using ::testing::HasSubstr;
namespace fs = std::filesystem;

namespace {

fs::path shortCavity(const test::TempDir& dir) {
  const fs::path cavity = dir.path() / "cavity";
  test::copyCaseInputs(fs::path(SLUICE_SOURCE_DIR) / "cases/cavity", cavity);
  std::string control = test::readTextFile(cavity / "system/controlDict");
  control = std::regex_replace(control, std::regex("\nendTime[^;]*;"), "\nendTime 0.04;");
  test::writeText(cavity / "system/controlDict", control);
  return cavity;
}

test::CommandResult shell(const std::string& command) {
  return test::runCommand("sh -c " + test::shellQuote(command), 120);
}

const std::string kSluice = test::shellQuote(SLUICE_BINARY);

}  // namespace

TEST(RunOpenFoamHabits, NoCaseArgumentMeansTheCurrentDirectory) {
  test::TempDir dir("habit-cwd");
  const fs::path cavity = shortCavity(dir);
  const test::CommandResult r = shell("cd " + test::shellQuote(cavity.string()) + " && " + kSluice + " run --quiet");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(fs::exists(cavity / "VTK/cavity.pvd"));
}

TEST(RunOpenFoamHabits, DashCase) {
  test::TempDir dir("habit-case");
  const fs::path cavity = shortCavity(dir);
  const test::CommandResult r = shell(kSluice + " run -case " + test::shellQuote(cavity.string()) + " --quiet");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_TRUE(fs::exists(cavity / "VTK/cavity.pvd"));
}

TEST(RunOpenFoamHabits, MpirunWithDashParallel) {
  test::TempDir dir("habit-parallel");
  const fs::path cavity = shortCavity(dir);
  // Open MPI refuses root without these (CI machines run as root); sluice --np sets them itself.
  const test::CommandResult r =
      shell("OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpiexec --oversubscribe -n 2 " + kSluice +
            " run -parallel -case " + test::shellQuote(cavity.string()));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("icoFoam on 2 rank(s)"));
  EXPECT_TRUE(fs::exists(cavity / "VTK/cavity.pvd"));
}

TEST(RunOpenFoamHabits, DashParallelWithoutALauncherIsAnError) {
  test::TempDir dir("habit-no-launcher");
  const fs::path cavity = shortCavity(dir);
  const test::CommandResult r = shell(kSluice + " run -parallel -case " + test::shellQuote(cavity.string()));
  EXPECT_EQ(r.exitCode, 1) << r.output;
  const auto lines = runcase::errorLines(r.output);
  ASSERT_EQ(lines.size(), 1u) << r.output;
  EXPECT_EQ(lines[0],
            "error: run -parallel: not started by an MPI launcher; use mpirun -np N sluice run -parallel, or sluice "
            "run --np N");
  EXPECT_FALSE(fs::exists(cavity / "VTK"));

  const test::CommandResult two = shell(kSluice + " run " + test::shellQuote(cavity.string()) + " -case elsewhere");
  EXPECT_EQ(two.exitCode, 1) << two.output;
  EXPECT_THAT(two.output, HasSubstr("error: run: two case directories given"));
}

TEST(MeshAndDecomposeOpenFoamHabits, CurrentDirectoryDashCaseAndDashParallel) {
  test::TempDir dir("habit-mesh");
  const fs::path cavity = shortCavity(dir);
  const std::string cd = "cd " + test::shellQuote(cavity.string()) + " && ";
  const test::CommandResult here = shell(cd + kSluice + " mesh");
  ASSERT_EQ(here.exitCode, 0) << here.output;
  EXPECT_THAT(here.output, HasSubstr("Mesh of . (from system/blockMeshDict)"));
  const test::CommandResult dashCase = shell(kSluice + " mesh -case " + test::shellQuote(cavity.string()));
  ASSERT_EQ(dashCase.exitCode, 0) << dashCase.output;
  EXPECT_THAT(dashCase.output, HasSubstr("Mesh OK."));

  const test::CommandResult decompose = shell(cd + kSluice + " decompose");
  ASSERT_EQ(decompose.exitCode, 0) << decompose.output;
  const test::CommandResult noLauncher = shell(kSluice + " decompose -parallel -case " + test::shellQuote(cavity.string()));
  EXPECT_EQ(noLauncher.exitCode, 1) << noLauncher.output;
  EXPECT_THAT(noLauncher.output, HasSubstr("error: decompose -parallel: not started by an MPI launcher"));
  const test::CommandResult two = shell(kSluice + " mesh " + test::shellQuote(cavity.string()) + " -case elsewhere");
  EXPECT_EQ(two.exitCode, 1) << two.output;
  EXPECT_THAT(two.output, HasSubstr("error: mesh: two case directories given"));
}
