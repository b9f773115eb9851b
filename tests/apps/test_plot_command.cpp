// End-to-end tests of `sluice plot [CASE]`: a valid PNG where it belongs
// (default file, --output, the current directory, -case), one-line errors
// with exit 1 for a case without history files and for a bad line, and
// --live redrawing as the history grows until SIGINT stops it. Every run is
// under a time limit; --live is followed by watching its files, not clocks.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "plot/plot_test_files.hpp"
#include "plot/png_test_support.hpp"
#include "support/run_command.hpp"
#include "support/sluice_paths.hpp"
#include "support/temp_dir.hpp"

using sluice::test::kSluice;
using sluice::test::CommandResult;
using sluice::test::readText;
using sluice::test::runCommand;
using sluice::test::shellQuote;
using sluice::test::TempDir;
using ::testing::HasSubstr;
using ::testing::Not;

namespace fs = std::filesystem;

namespace {

CommandResult sluicePlot(const std::string& args) { return runCommand(shellQuote(kSluice) + " plot " + args, 120); }

std::string q(const fs::path& p) { return shellQuote(p.string()); }

// A case with v1912's solverInfo.dat and a runInfo.dat over the same steps.
void writeHistory(const TempDir& dir) {
  dir.write("postProcessing/residuals/0/solverInfo.dat", sluice::plot::test::kV1912SolverInfo);
  dir.write("postProcessing/runInfo/0/runInfo.dat",
            sluice::plot::test::runInfoText({"deltaT", "CoMean", "CoMax", "stepSeconds"},
                                            {{0.005, 0.005, 0.1, 0.5, 0.02}, {0.01, 0.005, 0.2, 0.7, 0.03}}));
}

// The PNG at `file`, decoded by the tests' own reader (which checks it).
sluice::plot::test::DecodedPng decodeFile(const fs::path& file) {
  const std::string bytes = readText(file);
  return sluice::plot::test::decodePng(std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
}

int lines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }

}  // namespace

TEST(PlotCommand, DrawsTheHistoryToPostProcessingPlotPng) {
  TempDir dir("plot-cmd");
  writeHistory(dir);
  const CommandResult r = sluicePlot(q(dir.path()));
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const fs::path png = dir.path() / "postProcessing/plot.png";
  EXPECT_THAT(r.output, HasSubstr("Wrote " + png.string() + " (up to time 0.01)"));
  const sluice::plot::test::DecodedPng image = decodeFile(png);
  EXPECT_EQ(image.width, 1000);
  EXPECT_EQ(image.height, 900);
  EXPECT_EQ(image.colourType, 3);
  EXPECT_GE(image.palette.size(), 5u);  // background, text, frame, grid, curves
}

TEST(PlotCommand, CurrentDirectoryCaseOptionAndOutput) {
  TempDir dir("plot-cmd");
  writeHistory(dir);
  const std::string inCase = "cd " + q(dir.path()) + " && " + shellQuote(kSluice) + " plot";
  const CommandResult here = runCommand("sh -c " + shellQuote(inCase), 120);
  ASSERT_EQ(here.exitCode, 0) << here.output;
  EXPECT_NO_THROW(decodeFile(dir.path() / "postProcessing/plot.png"));

  const fs::path out = dir.path() / "elsewhere.png";
  const CommandResult option = sluicePlot("-case " + q(dir.path()) + " --output " + q(out));
  ASSERT_EQ(option.exitCode, 0) << option.output;
  EXPECT_NO_THROW(decodeFile(out));

  const CommandResult two = sluicePlot(q(dir.path()) + " -case /somewhere/else");
  EXPECT_EQ(two.exitCode, 1);
  EXPECT_THAT(two.output, HasSubstr("error: plot: two case directories given"));

  const CommandResult interval = sluicePlot(q(dir.path()) + " --interval 2");
  EXPECT_NE(interval.exitCode, 0);  // --interval needs --live
  EXPECT_THAT(interval.output, HasSubstr("--live"));
}

TEST(PlotCommand, NoHistoryFilesIsOneLineNamingTheDirectory) {
  TempDir dir("plot-cmd");
  const CommandResult r = sluicePlot(q(dir.path()));
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.output, "error: no solverInfo.dat, residuals.dat or runInfo.dat in " +
                          (dir.path() / "postProcessing").string() + "/<name>/<time>/\n");
  EXPECT_FALSE(fs::exists(dir.path() / "postProcessing/plot.png"));

  const CommandResult missing = sluicePlot(q(dir.path() / "nothing"));
  EXPECT_EQ(missing.exitCode, 1);
  EXPECT_THAT(missing.output, HasSubstr("nothing: no such case directory"));
}

TEST(PlotCommand, BadLineIsOneLineNamingFileAndLine) {
  TempDir dir("plot-cmd");
  dir.write("postProcessing/residuals/0/solverInfo.dat",
            sluice::plot::test::kV1912SolverInfo + "0.015\tsmoothSolver\t4.4e-02\n0.02\n");
  const CommandResult r = sluicePlot(q(dir.path()));
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(lines(r.output), 1) << r.output;
  EXPECT_THAT(r.output, HasSubstr("error: " + (dir.path() / "postProcessing/residuals/0/solverInfo.dat").string() +
                                  ":5: 3 cells, but the header on line 2 names 14 columns"));
  EXPECT_FALSE(fs::exists(dir.path() / "postProcessing/plot.png"));
}

TEST(PlotCommand, LiveRedrawsAsTheHistoryGrowsUntilInterrupted) {
  TempDir dir("plot-cmd");
  const fs::path log = dir.path() / "live.log";
  const fs::path info = dir.path() / "postProcessing/runInfo/0/runInfo.dat";
  const std::string header = "# Run information\n# Time\tCoMean\tCoMax\tstepSeconds\n";
  // Each step waits (at most 60 s) for what the previous one must have caused.
  const std::string waitFor = "w() { i=0; until grep -q \"$1\" " + q(log) +
                              " 2>/dev/null; do sleep 0.05; i=$((i+1)); [ $i -lt 1200 ] || return 1; done; }; ";
  const std::string script =
      waitFor + shellQuote(kSluice) + " plot " + q(dir.path()) + " --live --interval 0.1 > " + q(log) + " 2>&1 & " +
      "pid=$!; w 'waiting for' && " +                                    // nothing there yet
      "mkdir -p " + q(info.parent_path()) + " && printf '" + header + "0.1\\t0.1\\t0.5\\t0.02\\n' > " + q(info) +
      " && w 'time 0.1: wrote' && " +                                    // first picture
      "printf '0.2\\t0.1\\t0.6\\t0.02\\n0.3\\t0.1\\t0.7\\t0.0' >> " + q(info) +
      " && w 'time 0.2: wrote' && " +                                    // the half line is not read
      "printf '2\\n' >> " + q(info) + " && w 'time 0.3: wrote' && echo 'all seen'; " +
      "kill -INT $pid; wait $pid; echo \"exit $?\"";
  const CommandResult r = runCommand("sh -c " + shellQuote(script), 200);
  const std::string out = readText(log);
  EXPECT_THAT(r.output, HasSubstr("all seen")) << out;
  EXPECT_THAT(r.output, HasSubstr("exit 0")) << out;
  EXPECT_THAT(out, HasSubstr("waiting for solverInfo.dat, residuals.dat or runInfo.dat in"));
  EXPECT_THAT(out, HasSubstr("time 0.3: wrote"));
  EXPECT_THAT(out, HasSubstr("Stopped; " + (dir.path() / "postProcessing/plot.png").string() + " shows time 0.3"));
  EXPECT_THAT(out, Not(HasSubstr("error")));
  EXPECT_NO_THROW(decodeFile(dir.path() / "postProcessing/plot.png"));
  EXPECT_FALSE(fs::exists(dir.path() / "postProcessing/plot.png.partial"));
}
