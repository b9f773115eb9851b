// What a user's tools read from a run: the log (OpenFOAM's lines in
// OpenFOAM's order, no control characters when redirected, at 1 and 3
// ranks), the solverInfo file of `#includeFunc residuals` (OpenFOAM v1912's
// layout, compared with v1912's own file on the cavity tutorial), the run
// information for `sluice plot`, and a re-run after a divergence that leaves
// only its own times in VTK/, the .pvd and postProcessing/.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "solvers/openfoam_case_support.hpp"
#include "solvers/run_case_support.hpp"
#include "solvers/solver_case_support.hpp"
#include "support/case_copy.hpp"

using namespace sluice;
using ::testing::HasSubstr;
namespace fs = std::filesystem;

namespace {

const fs::path kCavityTutorial = test::kOpenFoamTutorials / "incompressible/icoFoam/cavity/cavity";

/// A 20 x 20 Re = 100 cavity (deltaT 0.005) with `#includeFunc residuals`.
fs::path smallCavity(const test::TempDir& dir, double endTime = 0.04, double writeInterval = 0) {
  const fs::path cavity = dir.path() / "cavity";
  test::writeCavityCase(cavity, {.n = 20,
                                 .endTime = endTime,
                                 .deltaT = 0.005,
                                 .writeInterval = writeInterval,
                                 .pTolerance = 1e-6,
                                 .pRelTol = 0.05,
                                 .uSolverSettings = "solver smoothSolver; smoother symGaussSeidel; tolerance 1e-5; relTol 0;",
                                 .functions = "    #includeFunc residuals"});
  return cavity;
}

/// `sluice run` with stdout alone redirected to CASE/log (stderr apart), as a
/// user's `sluice run > log`.
test::CommandResult runToLog(const fs::path& caseDir, int np, const std::string& extra = "") {
  std::string command = test::shellQuote(SLUICE_BINARY) + " run " + test::shellQuote(caseDir.string());
  if (np > 1) command += " --np " + std::to_string(np);
  command += " " + extra + " > " + test::shellQuote((caseDir / "log").string());
  return test::runCommand("sh -c " + test::shellQuote(command), 300);
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream is(text);
  for (std::string line; std::getline(is, line);) out.push_back(line);
  return out;
}

/// The time loop of a log ("Time = " of the first step to the last
/// ExecutionTime line) with every number replaced by '#', so the logs of two
/// codes compare line by line.
std::vector<std::string> timeLoopShape(const std::string& log) {
  std::vector<std::string> all = lines(log), loop;
  bool in = false;
  for (const std::string& l : all) {
    if (!in && l.rfind("Time = ", 0) == 0) in = true;
    if (!in) continue;
    if (l.rfind("End", 0) == 0) break;
    static const std::regex number(R"([-+]?[0-9]+(\.[0-9]*)?(e[-+]?[0-9]+)?)");
    loop.push_back(std::regex_replace(l, number, "#"));
  }
  while (!loop.empty() && loop.back().empty()) loop.pop_back();
  return loop;
}

/// Tab-separated rows of a postProcessing .dat file (header lines included).
std::vector<std::vector<std::string>> datRows(const fs::path& file) {
  std::vector<std::vector<std::string>> rows;
  for (const std::string& l : lines(test::readTextFile(file))) {
    std::vector<std::string> cells;
    std::istringstream is(l);
    for (std::string cell; std::getline(is, cell, '\t');) cells.push_back(cell);
    rows.push_back(cells);
  }
  return rows;
}

}  // namespace

class RunLogRanks : public ::testing::TestWithParam<int> {};

TEST_P(RunLogRanks, RedirectedLogIsPlainOpenFoamText) {
  const int np = GetParam();
  test::TempDir dir("runlog-plain");
  const fs::path cavity = smallCavity(dir);
  const test::CommandResult r = runToLog(cavity, np);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const std::string log = test::readTextFile(cavity / "log");
  for (std::size_t i = 0; i < log.size(); ++i) {
    const auto c = static_cast<unsigned char>(log[i]);
    ASSERT_FALSE(c < 0x20 && c != '\n' && c != '\t') << "control character " << int(c) << " at byte " << i;
  }
  // One block per step in icoFoam's order: "Time = t", a blank line, the
  // Courant number, solver and continuity lines, "ExecutionTime = ...".
  const std::vector<std::string> all = lines(log);
  int steps = 0;
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (all[i].rfind("Time = ", 0) != 0) continue;
    ++steps;
    ASSERT_LT(i + 2, all.size());
    EXPECT_EQ(all[i + 1], "");
    EXPECT_EQ(all[i + 2].rfind("Courant Number mean: ", 0), 0u) << all[i + 2];
  }
  EXPECT_EQ(steps, 8);  // endTime 0.04, deltaT 0.005
  EXPECT_EQ(std::count_if(all.begin(), all.end(),
                          [](const std::string& l) { return l.rfind("ExecutionTime = ", 0) == 0; }),
            steps);
  EXPECT_THAT(log, Not(HasSubstr("Progress")));
  EXPECT_THAT(log, Not(HasSubstr("steps/s")));
}

TEST_P(RunLogRanks, QuietLogHasOnlyProgressLines) {
  const int np = GetParam();
  test::TempDir dir("runlog-quiet");
  const fs::path cavity = smallCavity(dir);
  const test::CommandResult r = runToLog(cavity, np, "--quiet");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const std::string log = test::readTextFile(cavity / "log");
  EXPECT_THAT(log, HasSubstr("Progress: Time = 0.04 "));
  EXPECT_THAT(log, Not(HasSubstr("Solving for")));
  EXPECT_EQ(log.find('\r'), std::string::npos);
}

TEST_P(RunLogRanks, SolverInfoAndRunInfoHaveOneRowPerStep) {
  const int np = GetParam();
  test::TempDir dir("runlog-info");
  const fs::path cavity = smallCavity(dir);
  const test::CommandResult r = runToLog(cavity, np);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const auto info = datRows(cavity / "postProcessing/residuals/0/solverInfo.dat");
  ASSERT_EQ(info.size(), 2u + 8u);
  EXPECT_EQ(info[0][0], "# Solver information");
  const std::vector<std::string> header = {
      "# Time        ", "U_solver      ", "Ux_initial    ", "Ux_final      ", "Ux_iters      ",
      "Uy_initial    ", "Uy_final      ", "Uy_iters      ", "U_converged   ", "p_solver      ",
      "p_initial     ", "p_final       ", "p_iters       ", "p_converged   "};
  EXPECT_EQ(info[1], header);
  // Each row repeats the log's first solve of Ux, Uy and p in that step.
  const std::vector<std::string> log = lines(test::readTextFile(cavity / "log"));
  std::vector<std::string> firstP;
  bool seenP = true;
  for (const std::string& l : log) {
    if (l.rfind("Time = ", 0) == 0) seenP = false;
    if (!seenP && l.find("Solving for p,") != std::string::npos) {
      std::smatch m;
      ASSERT_TRUE(std::regex_search(l, m, std::regex(R"(Initial residual = ([^,]+), .*No Iterations ([0-9]+))")));
      firstP.push_back(m[1].str() + " " + m[2].str());
      seenP = true;
    }
  }
  ASSERT_EQ(firstP.size(), 8u);
  for (std::size_t s = 0; s < 8; ++s) {
    const auto& row = info[2 + s];
    ASSERT_EQ(row.size(), header.size());
    EXPECT_EQ(row[9], "DICPCG");
    EXPECT_EQ(row[8], "false");  // as v1912 writes it for a vector field
    std::istringstream expected(firstP[s]);
    double initial = 0;
    std::string iterations;
    expected >> initial >> iterations;
    EXPECT_NEAR(std::stod(row[10]), initial, 1e-5 * initial) << "step " << s + 1;
    EXPECT_EQ(row[12], iterations) << "step " << s + 1;
  }
  const auto run = datRows(cavity / "postProcessing/runInfo/0/runInfo.dat");
  ASSERT_EQ(run.size(), 2u + 8u);
  EXPECT_EQ(run[1][1], "deltaT        ");
  EXPECT_EQ(run[1][3], "CoMax         ");
  EXPECT_EQ(run[1][4], "stepSeconds   ");
  EXPECT_DOUBLE_EQ(std::stod(run[9][1]), 0.005);
  EXPECT_GT(std::stod(run[9][3]), 0.0);
}

TEST_P(RunLogRanks, AWarningIsPrintedOnceWhateverTheRankCount) {
  const int np = GetParam();
  test::TempDir dir("runlog-warning");
  const fs::path cavity = dir.path() / "cavity";
  test::writeCavityCase(cavity, {.n = 20, .endTime = 0.01, .deltaT = 0.005,
                                 .functions = "    #includeFunc streamlines"});
  const test::CommandResult r = runcase::sluiceRun(cavity, np);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  std::size_t warnings = 0;
  for (std::size_t at = 0; (at = r.output.find("warning:", at)) != std::string::npos; ++at) ++warnings;
  EXPECT_EQ(warnings, 1u) << r.output;
  EXPECT_THAT(r.output, HasSubstr("warning: system/controlDict:"));
  EXPECT_THAT(r.output, HasSubstr("#includeFunc streamlines skipped"));
}

INSTANTIATE_TEST_SUITE_P(Ranks, RunLogRanks, ::testing::Values(1, 3),
                         [](const auto& info) { return "np" + std::to_string(info.param); });

TEST(RunLogOpenFoam, SameLinesAsIcoFoamOnTheCavityTutorial) {
  if (!test::openFoamInstalled()) GTEST_SKIP() << test::kNoOpenFoam;
  test::TempDir dir("runlog-openfoam");
  const fs::path foam = dir.path() / "foam", ours = dir.path() / "sluice";
  for (const fs::path& c : {foam, ours}) {
    test::copyCaseInputs(kCavityTutorial, c);
    std::string control = test::readTextFile(c / "system/controlDict");
    control += "\nfunctions\n{\n    #includeFunc residuals\n}\n";
    test::writeText(c / "system/controlDict", control);
  }
  ASSERT_EQ(test::runOpenFoam("blockMesh", foam).exitCode, 0);
  ASSERT_EQ(test::runOpenFoam("icoFoam", foam).exitCode, 0);
  ASSERT_EQ(runToLog(ours, 1).exitCode, 0);

  const std::vector<std::string> foamLoop = timeLoopShape(test::readTextFile(foam / "log.icoFoam"));
  const std::vector<std::string> ourLoop = timeLoopShape(test::readTextFile(ours / "log"));
  ASSERT_EQ(foamLoop.size(), 100u * 11u - 1u);  // 100 steps of 11 lines, without the last blank line
  EXPECT_EQ(ourLoop, foamLoop);

  // solverInfo.dat: the same header, times, solvers, iterations and flags;
  // residuals to their 6 written digits (round-off may move the last one).
  const auto theirs = datRows(foam / "postProcessing/residuals/0/solverInfo.dat");
  const auto mine = datRows(ours / "postProcessing/residuals/0/solverInfo.dat");
  ASSERT_EQ(mine.size(), theirs.size());
  EXPECT_EQ(mine[0], theirs[0]);
  EXPECT_EQ(mine[1], theirs[1]);
  int identicalRows = 0;
  for (std::size_t r = 2; r < theirs.size(); ++r) {
    ASSERT_EQ(mine[r].size(), theirs[r].size()) << "row " << r;
    identicalRows += mine[r] == theirs[r];
    for (std::size_t c = 0; c < theirs[r].size(); ++c) {
      const std::string& a = theirs[r][c];
      const std::string& b = mine[r][c];
      if (a.find('e') != std::string::npos && a.find('.') != std::string::npos)
        EXPECT_NEAR(std::stod(b), std::stod(a), 2e-6 * std::abs(std::stod(a))) << "row " << r << " column " << c;
      else
        EXPECT_EQ(b, a) << "row " << r << " column " << c;
    }
  }
  EXPECT_GE(identicalRows, 95);
}

TEST(RunRerun, ARerunAfterADivergenceListsOnlyItsOwnTimes) {
  test::TempDir dir("runlog-rerun");
  const fs::path cavity = smallCavity(dir, 0.5, 0.1);
  // A first run: VTK at 0, 0.1, ..., 0.5 and 100 rows of residuals.
  ASSERT_EQ(runToLog(cavity, 1, "--quiet").exitCode, 0);
  ASSERT_EQ(runcase::vtkTimes(cavity).size(), 6u);
  // The re-run diverges in its second step (deltaT 5 at Re = 1000, as RunDiverges).
  test::writeCavityCase(cavity, {.n = 20, .endTime = 100, .deltaT = 5, .writeInterval = 5,
                                 .functions = "    #includeFunc residuals"});
  test::writeText(cavity / "constant/transportProperties",
                  "FoamFile { version 2.0; format ascii; class dictionary; object transportProperties; }\n"
                  "nu [0 2 -1 0 0 0 0] 0.001;\n");
  const test::CommandResult diverged = runToLog(cavity, 1, "--quiet");
  ASSERT_EQ(diverged.exitCode, 1) << diverged.output;
  EXPECT_THAT(diverged.output, HasSubstr("the run diverged"));

  // Only the re-run's times: its writes at 0 and 5, nothing of the first run.
  const auto times = runcase::vtkTimes(cavity);
  ASSERT_EQ(times.size(), 2u);
  EXPECT_EQ(times[0].first, 0.0);
  EXPECT_EQ(times[1].first, 5.0);
  int folders = 0;
  for (const auto& e : fs::directory_iterator(cavity / "VTK")) folders += e.is_directory();
  EXPECT_EQ(folders, 2);
  // postProcessing: the re-run's rows only (it diverged within a few steps).
  const auto info = datRows(cavity / "postProcessing/residuals/0/solverInfo.dat");
  EXPECT_EQ(info.size(), 2u + 1u);  // the step that diverged is not reported
  for (const auto& e : fs::directory_iterator(cavity / "postProcessing"))
    for (const auto& t : fs::directory_iterator(e.path()))
      EXPECT_EQ(t.path().filename(), "0") << t.path() << ": a time folder of the first run";
}
