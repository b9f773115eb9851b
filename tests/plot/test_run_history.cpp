// The run history of a case: which files are read, the v1912 sample, start
// times in numeric order with the later start winning where times overlap,
// runInfo.dat's curves, and errors that name the file and line.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "plot/plot_test_files.hpp"
#include "sluice/core/error.hpp"
#include "sluice/plot/run_history.hpp"
#include "support/temp_dir.hpp"

namespace sluice::plot {
namespace {

using ::testing::HasSubstr;

const TimeSeries& named(const std::vector<TimeSeries>& list, const std::string& name) {
  for (const TimeSeries& s : list)
    if (s.name == name) return s;
  throw std::runtime_error("no series " + name);
}

std::vector<std::string> names(const std::vector<TimeSeries>& list) {
  std::vector<std::string> out;
  for (const TimeSeries& s : list) out.push_back(s.name);
  return out;
}

TEST(RunHistory, V1912SolverInfoGivesOneResidualPerComponent) {
  sluice::test::TempDir dir("plot-history");
  dir.write("postProcessing/residuals/0/solverInfo.dat", test::kV1912SolverInfo);
  const RunHistory h = readRunHistory(dir.path());
  ASSERT_EQ(h.files.size(), 1u);
  EXPECT_EQ(h.files[0], dir.path() / "postProcessing/residuals/0/solverInfo.dat");
  EXPECT_EQ(names(h.residuals), (std::vector<std::string>{"Ux", "Uy", "p"}));
  EXPECT_EQ(named(h.residuals, "Uy").value, (std::vector<double>{0.0, 0.260828}));
  EXPECT_EQ(named(h.residuals, "p").time, (std::vector<double>{0.005, 0.01}));
  EXPECT_TRUE(h.courant.empty());
  EXPECT_TRUE(h.stepSeconds.empty());
  EXPECT_EQ(h.timeRange(), (std::pair<double, double>{0.005, 0.01}));
}

TEST(RunHistory, LaterStartWinsWhereTimesOverlap) {
  sluice::test::TempDir dir("plot-history");
  const std::vector<std::string> cols = {"deltaT", "CoMean", "CoMax", "stepSeconds"};
  // First run 0 .. 0.5; restarted from 0.3 (its files in 0.3/) with other
  // values; the folder "0.25" sorts after "0.3" as text but not as time, and
  // the run started at 0.25 was itself overtaken by the one at 0.3.
  dir.write("postProcessing/runInfo/0/runInfo.dat",
            test::runInfoText(cols, {{0.1, 0.1, 1, 2, 9}, {0.2, 0.1, 1, 2, 9}, {0.3, 0.1, 1, 2, 9},
                                     {0.4, 0.1, 1, 2, 9}, {0.5, 0.1, 1, 2, 9}}));
  dir.write("postProcessing/runInfo/0.3/runInfo.dat",
            test::runInfoText(cols, {{0.35, 0.05, 3, 4, 7}, {0.4, 0.05, 3, 4, 7}}));
  dir.write("postProcessing/runInfo/0.25/runInfo.dat",
            test::runInfoText(cols, {{0.26, 0.01, 5, 6, 8}, {0.3, 0.01, 5, 6, 8}, {0.31, 0.01, 5, 6, 8}}));
  const RunHistory h = readRunHistory(dir.path());
  ASSERT_EQ(h.files.size(), 3u);
  EXPECT_EQ(h.files[1], dir.path() / "postProcessing/runInfo/0.25/runInfo.dat");
  EXPECT_EQ(names(h.courant), (std::vector<std::string>{"Co mean", "Co max"}));
  const TimeSeries& coMean = named(h.courant, "Co mean");
  EXPECT_EQ(coMean.time, (std::vector<double>{0.1, 0.2, 0.26, 0.3, 0.35, 0.4}));
  EXPECT_EQ(coMean.value, (std::vector<double>{1, 1, 5, 5, 3, 3}));
  ASSERT_EQ(h.stepSeconds.size(), 1u);
  EXPECT_EQ(h.stepSeconds[0].value, (std::vector<double>{9, 9, 8, 8, 7, 7}));
  EXPECT_EQ(h.timeRange(), (std::pair<double, double>{0.1, 0.4}));
}

TEST(RunHistory, RunInfoCurvesAndSolverInfoTogether) {
  sluice::test::TempDir dir("plot-history");
  dir.write("postProcessing/residuals/0/solverInfo.dat", test::kV1912SolverInfo);
  dir.write("postProcessing/runInfo/0/runInfo.dat",
            test::runInfoText(
                {"deltaT", "CoMean", "CoMax", "interfaceCoMax", "stepSeconds", "ExecutionTime", "ClockTime"},
                {{0.005, 0.005, 0.1, 0.8, 0.4, 0.02, 0.02, 0}, {0.01, 0.005, 0.2, 0.9, 0.5, 0.03, 0.05, 0}}));
  dir.write("postProcessing/sets/0.1/line_U.xy", "0 0 0 0\n");  // other function objects are passed over
  dir.write("postProcessing/plot.png", "not a folder");
  const RunHistory h = readRunHistory(dir.path());
  EXPECT_EQ(h.files.size(), 2u);
  EXPECT_EQ(names(h.residuals), (std::vector<std::string>{"Ux", "Uy", "p"}));
  EXPECT_EQ(names(h.courant), (std::vector<std::string>{"Co mean", "Co max", "interface Co max"}));
  EXPECT_EQ(named(h.courant, "interface Co max").value, (std::vector<double>{0.4, 0.5}));
  EXPECT_EQ(h.stepSeconds.at(0).value, (std::vector<double>{0.02, 0.03}));
}

TEST(RunHistory, NothingWrittenYetIsNoFiles) {
  sluice::test::TempDir dir("plot-history");
  EXPECT_TRUE(readRunHistory(dir.path()).files.empty());
  dir.write("postProcessing/residuals/0/other.dat", "x");
  EXPECT_TRUE(readRunHistory(dir.path()).files.empty());
}

TEST(RunHistory, ABadLineNamesTheFileAndLine) {
  sluice::test::TempDir dir("plot-history");
  dir.write("postProcessing/residuals/0/solverInfo.dat", test::kV1912SolverInfo);
  dir.write("postProcessing/residuals/0.01/solverInfo.dat",
            test::kV1912SolverInfo + "0.015\tsmoothSolver\tbroken\n");
  try {
    readRunHistory(dir.path());
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("postProcessing/residuals/0.01/solverInfo.dat:5: 3 cells, but the header on "
                                    "line 2 names 14 columns"));
  }
}

}  // namespace
}  // namespace sluice::plot
