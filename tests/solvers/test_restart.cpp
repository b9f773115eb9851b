// Restart snapshots through `sluice run` as a user meets them: a run stopped
// by SIGTERM after step N and continued with startFrom latestTime equals the
// uninterrupted run bit for bit (icoFoam with backward ddt, interFoam) at 1,
// 2 and 3 ranks; a snapshot written at 2 ranks continues at 1 and 3 ranks
// (scotch and simple) to 1e-8; a rank killed while writing a snapshot leaves
// the previous one, which the next run resumes from with a warning; a full
// disk is one error and keeps the previous snapshot.
#include <gtest/gtest.h>

#include <sys/mount.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <regex>
#include <string>

#include "sluice/output/snapshot_file.hpp"
#include "solvers/run_case_support.hpp"
#include "solvers/solver_case_support.hpp"
#include "solvers/vof_case_support.hpp"
#include "support/temp_dir.hpp"

using namespace sluice;
namespace fs = std::filesystem;

namespace {

void setEntry(const fs::path& caseDir, const std::string& file, const std::string& key, const std::string& value) {
  std::string text = test::readTextFile(caseDir / file);
  const std::regex entry("\n" + key + "\\s[^;]*;");
  if (std::regex_search(text, entry))
    text = std::regex_replace(text, entry, "\n" + key + " " + value + ";");
  else
    text += "\n" + key + " " + value + ";\n";
  test::writeText(caseDir / file, text);
}

// 16 x 16 cavity, backward in time, 24 steps of 0.005, written every 0.03.
void writeBackwardCavity(const fs::path& dir) {
  test::CavityCase c;
  c.n = 16;
  c.endTime = 0.12;
  c.writeInterval = 0.03;
  test::writeCavityCase(dir, c);
  std::string schemes = test::readTextFile(dir / "system/fvSchemes");
  schemes = std::regex_replace(schemes, std::regex("default Euler"), "default backward");
  test::writeText(dir / "system/fvSchemes", schemes);
}

std::string bytesOf(const fs::path& file) { return test::readTextFile(file); }

// Every rank file of the snapshot at `time` holds the same bytes in both cases.
void expectSameSnapshot(const fs::path& a, const fs::path& b, const std::string& time, int nRanks) {
  for (int r = 0; r < nRanks; ++r) {
    const fs::path file = fs::path("restart") / time / fmt::format("rank{}.bin", r);
    ASSERT_TRUE(fs::exists(a / file)) << (a / file);
    ASSERT_TRUE(fs::exists(b / file)) << (b / file);
    EXPECT_TRUE(bytesOf(a / file) == bytesOf(b / file)) << file << " differs";
  }
}

// A snapshot's cell array over all rank files, keyed by the cell's file index.
std::map<std::int64_t, std::vector<double>> cellValues(const fs::path& folder, const std::string& array) {
  std::map<std::int64_t, std::vector<double>> values;
  for (int r = 0; fs::exists(folder / fmt::format("rank{}.bin", r)); ++r) {
    const output::SnapshotPart part = output::readSnapshotPart(folder / fmt::format("rank{}.bin", r));
    const output::SnapshotArray* a = part.find(array);
    EXPECT_NE(a, nullptr) << array;
    if (!a) return values;
    for (std::size_t i = 0; i < part.cellIds.size(); ++i)
      values[part.cellIds[i]].assign(a->values.begin() + i * a->components, a->values.begin() + (i + 1) * a->components);
  }
  return values;
}

double maxRelativeDifference(const std::map<std::int64_t, std::vector<double>>& a,
                             const std::map<std::int64_t, std::vector<double>>& b) {
  EXPECT_EQ(a.size(), b.size());
  double scale = 0, diff = 0;
  for (const auto& [id, v] : a) {
    const auto it = b.find(id);
    if (it == b.end()) return 1e300;
    for (std::size_t k = 0; k < v.size(); ++k) {
      scale = std::max(scale, std::abs(v[k]));
      diff = std::max(diff, std::abs(v[k] - it->second[k]));
    }
  }
  return diff / std::max(scale, 1e-300);
}

test::CommandResult stopAfterStep(const fs::path& caseDir, int np, int step, int rank, const std::string& extra = "") {
  return test::runCommand("env SLUICE_INJECT_FAILURE=after-step" + std::to_string(step) + ":" + std::to_string(rank) +
                              ":term " + test::shellQuote(SLUICE_BINARY) + " run " +
                              test::shellQuote(caseDir.string()) + (np > 1 ? " --np " + std::to_string(np) : "") +
                              " --quiet " + extra,
                          240);
}

}  // namespace

class RestartRanks : public ::testing::TestWithParam<int> {};

TEST_P(RestartRanks, IcoFoamBackwardContinuesBitForBitAfterSigterm) {
  const int np = GetParam();
  test::TempDir dir("restart-ico");
  const fs::path whole = dir.path() / "whole", stopped = dir.path() / "stopped";
  writeBackwardCavity(whole);
  writeBackwardCavity(stopped);
  const test::CommandResult a = test::runSluice(whole, np, "--quiet");
  ASSERT_EQ(a.exitCode, 0) << a.output;

  // SIGTERM on the last rank after step 7 (not a write time): the run finishes
  // the step, writes restart/0.035 and exits 128 + 15 with one message.
  const test::CommandResult b = stopAfterStep(stopped, np, 7, np - 1);
  EXPECT_EQ(b.exitCode, 143) << b.output;
  EXPECT_NE(b.output.find("stopped on SIGTERM after time step 7 (time 0.035): restart snapshot restart/0.035 written"),
            std::string::npos)
      << b.output;
  EXPECT_EQ(runcase::countErrorLines(b.output), 0) << b.output;
  ASSERT_TRUE(fs::exists(stopped / "restart/0.035/manifest"));

  setEntry(stopped, "system/controlDict", "startFrom", "latestTime");
  const test::CommandResult c = test::runSluice(stopped, np, "--quiet");
  ASSERT_EQ(c.exitCode, 0) << c.output;
  EXPECT_NE(c.output.find("Restarting from restart/0.035 (time 0.035, step 7"), std::string::npos) << c.output;
  expectSameSnapshot(whole, stopped, "0.12", np);
  expectSameSnapshot(whole, stopped, "0.06", np);
  // The VTK series lists every write time once, the restart's included.
  const auto times = runcase::vtkTimes(stopped);
  ASSERT_EQ(times.size(), 5u);
  EXPECT_DOUBLE_EQ(times.back().first, 0.12);
}

TEST_P(RestartRanks, InterFoamContinuesBitForBitAfterSigterm) {
  const int np = GetParam();
  test::TempDir dir("restart-vof");
  const fs::path whole = dir.path() / "whole", stopped = dir.path() / "stopped";
  vofcase::TankCase tank;
  tank.endTime = 0.02;
  tank.ranks = np;
  vofcase::writeTank(whole, tank);
  vofcase::writeTank(stopped, tank);
  const test::CommandResult a = test::runSluice(whole, np, "--quiet");
  ASSERT_EQ(a.exitCode, 0) << a.output;
  const test::CommandResult b = stopAfterStep(stopped, np, 6, 0);
  EXPECT_EQ(b.exitCode, 143) << b.output;
  setEntry(stopped, "system/controlDict", "startFrom", "latestTime");
  const test::CommandResult c = test::runSluice(stopped, np, "--quiet");
  ASSERT_EQ(c.exitCode, 0) << c.output;
  EXPECT_NE(c.output.find("Restarting from restart/"), std::string::npos) << c.output;
  expectSameSnapshot(whole, stopped, "0.02", np);
}

INSTANTIATE_TEST_SUITE_P(Ranks, RestartRanks, ::testing::Values(1, 2, 3),
                         [](const auto& info) { return "np" + std::to_string(info.param); });

// Ctrl-C in a serial run (SIGINT to the process): the step ends, a snapshot
// is written, exit 130.
TEST(Restart, SigintStopsASerialRunAfterASnapshot) {
  test::TempDir dir("restart-sigint");
  test::writeCavityCase(dir.path(), {.n = 16, .endTime = 1000, .deltaT = 0.005, .writeInterval = 1000});
  const test::CommandResult r = runcase::sluiceRunSignalled(dir.path(), 1, "INT", 2);
  EXPECT_NE(r.output.find("exit=130\n"), std::string::npos) << r.output;
  EXPECT_EQ(runcase::countErrorLines(r.output), 0) << r.output;
  const std::regex stopped("stopped on SIGINT after time step ([0-9]+) \\(time ([0-9.e-]+)\\): restart snapshot "
                           "restart/([0-9.e-]+) written");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.output, m, stopped)) << r.output;
  EXPECT_EQ(m[2].str(), m[3].str());
  EXPECT_TRUE(fs::exists(dir.path() / "restart" / m[3].str() / "manifest"));
}

TEST(Restart, SnapshotOfTwoRanksContinuesAtOneAndThreeRanks) {
  test::TempDir dir("restart-any");
  const fs::path whole = dir.path() / "whole";
  writeBackwardCavity(whole);
  const test::CommandResult a = test::runSluice(whole, 2, "--quiet");
  ASSERT_EQ(a.exitCode, 0) << a.output;
  const auto reference = cellValues(whole / "restart/0.12", "U");
  const auto referenceP = cellValues(whole / "restart/0.12", "p");

  const fs::path written = dir.path() / "written";
  writeBackwardCavity(written);
  const test::CommandResult b = stopAfterStep(written, 2, 9, 1);
  ASSERT_EQ(b.exitCode, 143) << b.output;
  setEntry(written, "system/controlDict", "startFrom", "latestTime");
  for (const std::string method : {"scotch", "simple"})
    for (const int np : {1, 3}) {
      SCOPED_TRACE(method + " at " + std::to_string(np) + " ranks");
      const fs::path run = dir.path() / (method + std::to_string(np));
      fs::copy(written, run, fs::copy_options::recursive);
      const test::CommandResult c = test::runSluice(run, np, "--quiet --method " + method);
      ASSERT_EQ(c.exitCode, 0) << c.output;
      EXPECT_NE(c.output.find("written at 2 rank(s)"), std::string::npos) << c.output;
      EXPECT_LT(maxRelativeDifference(reference, cellValues(run / "restart/0.12", "U")), 1e-8);
      EXPECT_LT(maxRelativeDifference(referenceP, cellValues(run / "restart/0.12", "p")), 1e-8);
    }
}

TEST(Restart, InterFoamSnapshotOfTwoRanksContinuesAtOneAndThreeRanks) {
  test::TempDir dir("restart-any-vof");
  vofcase::TankCase tank;
  tank.endTime = 0.02;
  tank.ranks = 2;
  tank.pTolerance = 1e-13;
  tank.pRelTol = 0;
  tank.alphaTolerance = 1e-13;
  const fs::path whole = dir.path() / "whole", written = dir.path() / "written";
  vofcase::writeTank(whole, tank);
  vofcase::writeTank(written, tank);
  const test::CommandResult a = test::runSluice(whole, 2, "--quiet");
  ASSERT_EQ(a.exitCode, 0) << a.output;
  const test::CommandResult b = stopAfterStep(written, 2, 8, 0);
  ASSERT_EQ(b.exitCode, 143) << b.output;
  for (const std::string method : {"scotch", "simple"})
    for (const int np : {1, 3}) {
      SCOPED_TRACE(method + " at " + std::to_string(np) + " ranks");
      const fs::path run = dir.path() / (method + std::to_string(np));
      fs::copy(written, run, fs::copy_options::recursive);
      vofcase::TankCase here = tank;
      here.ranks = np;
      here.decomposition = method;
      vofcase::writeTank(run, here);  // decomposeParDict for np ranks (and the same case files)
      setEntry(run, "system/controlDict", "startFrom", "latestTime");
      const test::CommandResult c = test::runSluice(run, np, "--quiet");
      ASSERT_EQ(c.exitCode, 0) << c.output;
      EXPECT_NE(c.output.find("written at 2 rank(s)"), std::string::npos) << c.output;
      for (const char* field : {"alpha.water", "U", "p_rgh"})
        EXPECT_LT(maxRelativeDifference(cellValues(whole / "restart/0.02", field),
                                        cellValues(run / "restart/0.02", field)),
                  1e-8)
            << field;
    }
}

TEST(Restart, RankKilledWhileWritingLeavesThePreviousSnapshot) {
  test::TempDir dir("restart-killed");
  const fs::path run = dir.path() / "cavity";
  writeBackwardCavity(run);
  // Rank 1 dies (SIGKILL) as it starts writing the third snapshot (0.09).
  const test::CommandResult a =
      test::runCommand("env SLUICE_INJECT_FAILURE=snapshot3:1:kill " + test::shellQuote(SLUICE_BINARY) + " run " +
                           test::shellQuote(run.string()) + " --np 2 --quiet",
                       240);
  EXPECT_NE(a.exitCode, 0) << a.output;
  EXPECT_NE(a.output.find("error: rank 1 was killed by signal 9"), std::string::npos) << a.output;
  EXPECT_FALSE(fs::exists(run / "restart/0.09/manifest"));
  // The snapshot before is complete: a snapshot is handed over only once the previous one is.
  const std::string previous = "0.06";
  ASSERT_TRUE(fs::exists(run / "restart" / previous / "manifest"));

  setEntry(run, "system/controlDict", "startFrom", "latestTime");
  const test::CommandResult b = test::runSluice(run, 2, "--quiet");
  ASSERT_EQ(b.exitCode, 0) << b.output;
  EXPECT_NE(b.output.find("warning: " + (run / "restart/0.09").string() + " is incomplete"), std::string::npos)
      << b.output;
  EXPECT_NE(b.output.find("Restarting from restart/" + previous), std::string::npos) << b.output;
  EXPECT_TRUE(fs::exists(run / "restart/0.12/manifest"));
  EXPECT_TRUE(fs::exists(run / "restart/0.09/manifest"));  // written again by the resumed run
}

TEST(Restart, FullDiskIsOneErrorAndKeepsThePreviousSnapshot) {
  test::TempDir dir("restart-full");
  const fs::path disk = dir.path() / "disk";
  fs::create_directories(disk);
  // Room for a few write times and snapshots (VTK at 2 ranks: 9 files and 2
  // folders a time, each at least a page here), far fewer than the run's 200.
  if (::mount("tmpfs", disk.c_str(), "tmpfs", 0, "size=640k") != 0)
    GTEST_SKIP() << "cannot mount a small tmpfs here (needs root): " << std::strerror(errno);
  struct Unmount {
    fs::path at;
    ~Unmount() { ::umount(at.c_str()); }
  } unmount{disk};
  const fs::path run = disk / "cavity";
  writeBackwardCavity(run);
  setEntry(run, "system/controlDict", "writeInterval", "0.005");
  setEntry(run, "system/controlDict", "endTime", "1");
  const test::CommandResult a = test::runSluice(run, 2, "--quiet", 120);
  EXPECT_EQ(a.exitCode, 1) << a.output;
  EXPECT_EQ(runcase::countErrorLines(a.output), 1) << a.output;
  EXPECT_NE(a.output.find("No space left on device"), std::string::npos) << a.output;
  // The snapshots made complete before the disk filled up are intact.
  int complete = 0;
  for (const auto& e : fs::directory_iterator(run / "restart"))
    if (fs::exists(e.path() / "manifest")) {
      ++complete;
      for (int r = 0; r < 2; ++r) EXPECT_NO_THROW(output::readSnapshotPart(e.path() / fmt::format("rank{}.bin", r)));
    }
  EXPECT_GE(complete, 1);
}

// OpenFOAM time directories are ascii or binary: any other writeFormat is
// one error naming controlDict, at 1 and 3 ranks, never silently ascii.
TEST(TimeDirectories, UnknownWriteFormatIsAClearError) {
  for (const int np : {1, 3}) {
    test::TempDir dir("time-dirs-format");
    writeBackwardCavity(dir.path());
    setEntry(dir.path(), "system/controlDict", "writeTimeDirectories", "yes");
    setEntry(dir.path(), "system/controlDict", "writeFormat", "hdf5");
    const test::CommandResult r = test::runSluice(dir.path(), np, "--quiet");
    EXPECT_EQ(r.exitCode, 1) << r.output;
    const auto lines = runcase::errorLines(r.output);
    ASSERT_EQ(lines.size(), 1u) << r.output;
    EXPECT_NE(lines[0].find("system/controlDict"), std::string::npos) << lines[0];
    EXPECT_NE(lines[0].find("writeFormat 'hdf5': ascii or binary"), std::string::npos) << lines[0];
    EXPECT_FALSE(fs::exists(dir.path() / "0.03"));
  }
}
