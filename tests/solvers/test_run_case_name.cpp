// The output series as a user names and reads it: named after the case
// directory itself however the user names it (`sluice run .` inside the case,
// a trailing slash, a path through `..`; it used to write hidden files
// VTK/..pvd and VTK/._0/), and its times the write times as set (0.03, not
// the sum of 30 steps of 0.001), which also name its folders (VTK/cavity_0.03,
// as OpenFOAM's time folders 0.03).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "solvers/run_case_support.hpp"
#include "solvers/solver_case_support.hpp"
#include "support/case_copy.hpp"

using namespace sluice;
namespace fs = std::filesystem;

namespace {

void writeShortCavity(const fs::path& dir) {
  test::copyCaseInputs(fs::path(SLUICE_SOURCE_DIR) / "cases/cavity", dir);
  std::string control = test::readTextFile(dir / "system/controlDict");
  control = std::regex_replace(control, std::regex("\nendTime[^;]*;"), "\nendTime 0.01;");
  test::writeText(dir / "system/controlDict", control);
}

}  // namespace

TEST(RunCaseName, SeriesIsNamedAfterTheCaseDirectory) {
  test::TempDir dir("case-name");
  const fs::path cavity = dir.path() / "lid";
  writeShortCavity(cavity);
  const std::string sluice = test::shellQuote(SLUICE_BINARY);
  for (const std::string& how : {std::string("cd ") + test::shellQuote(cavity.string()) + " && " + sluice + " run .",
                                 sluice + " run " + test::shellQuote(cavity.string() + "/"),
                                 "cd " + test::shellQuote(cavity.string()) + "/system && " + sluice + " run .."}) {
    SCOPED_TRACE(how);
    fs::remove_all(cavity / "VTK");
    const test::CommandResult r = test::runCommand("sh -c " + test::shellQuote(how + " --quiet"), 120);
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_TRUE(fs::exists(cavity / "VTK/lid.pvd"));
    EXPECT_TRUE(fs::is_directory(cavity / "VTK/lid_0"));
    for (const auto& entry : fs::directory_iterator(cavity / "VTK"))
      EXPECT_NE(entry.path().filename().string().front(), '.') << entry.path();
  }
}

TEST(RunCaseName, SeriesTimesAreTheWriteTimesAsSet) {
  test::TempDir dir("series-times");
  const fs::path cavity = dir.path() / "cavity";
  writeShortCavity(cavity);
  std::string control = test::readTextFile(cavity / "system/controlDict");
  control = std::regex_replace(control, std::regex("\ndeltaT[^;]*;"), "\ndeltaT 0.001;");
  control = std::regex_replace(control, std::regex("\nendTime[^;]*;"), "\nendTime 0.03;");
  control = std::regex_replace(control, std::regex("\nwriteControl[^;]*;"), "\nwriteControl timeStep;");
  control = std::regex_replace(control, std::regex("\nwriteInterval[^;]*;"), "\nwriteInterval 10;");
  test::writeText(cavity / "system/controlDict", control);
  const test::CommandResult r = runcase::sluiceRun(cavity, 1, "--quiet", 120);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  std::vector<std::string> times;
  const std::string pvd = test::readTextFile(cavity / "VTK/cavity.pvd");
  const std::regex entry("timestep=\"([^\"]+)\"");
  for (auto it = std::sregex_iterator(pvd.begin(), pvd.end(), entry); it != std::sregex_iterator(); ++it)
    times.push_back((*it)[1]);
  EXPECT_EQ(times, (std::vector<std::string>{"0", "0.01", "0.02", "0.03"}));
  std::vector<std::string> folders;
  for (const auto& e : fs::directory_iterator(cavity / "VTK"))
    if (e.is_directory()) folders.push_back(e.path().filename().string());
  std::sort(folders.begin(), folders.end());
  EXPECT_EQ(folders, (std::vector<std::string>{"cavity_0", "cavity_0.01", "cavity_0.02", "cavity_0.03"}));
  for (const std::string& t : times) EXPECT_NE(pvd.find("file=\"cavity_" + t + ".vtm\""), std::string::npos) << t;
}
