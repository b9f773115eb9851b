// The peak resident memory of a `sluice run` at 1, 2 and 3 ranks: in
// CASE/sluice-profile.json as min / mean / max over ranks and rank 0's value,
// and the same figures in the profile table printed at the end. At one rank
// the figure is compared with /usr/bin/time's maximum resident set of the
// whole process (the kernel's own count, taken after the process ended).
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>

#include "solvers/solver_case_support.hpp"

using namespace sluice;

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

class RunPeakMemoryRanks : public ::testing::TestWithParam<int> {};

TEST_P(RunPeakMemoryRanks, ProfileHasEachRanksPeakResidentMemory) {
  const int np = GetParam();
  test::TempDir dir("peak-memory-np" + std::to_string(np));
  const std::filesystem::path cavity = dir.path() / "cavity";
  test::writeCavityCase(cavity, {.n = 60, .endTime = 0.02, .deltaT = 0.01});
  const test::CommandResult r = test::runSluice(cavity, np, "--quiet");
  ASSERT_EQ(r.exitCode, 0) << r.output;

  const test::ProfileJson profile(cavity / "sluice-profile.json");
  const test::RankFigure peak = profile.peakResidentBytes();
  const double rank0 = profile.rank0PeakResidentBytes();
  EXPECT_GT(peak.min, 4 * kMiB);  // a run with MPI initialised needs more than a few MiB
  EXPECT_LE(peak.min, peak.mean);
  EXPECT_LE(peak.mean, peak.max);
  EXPECT_LT(peak.max, 16 * 1024 * kMiB);  // 3600 cells: far below 16 GiB
  EXPECT_LE(peak.min, rank0);
  EXPECT_LE(rank0, peak.max);
  // np values of which one is the min and one the max: the others lie between.
  if (np >= 2) {
    const double others = peak.mean * np - peak.min - peak.max;
    EXPECT_GE(others, (np - 2) * peak.min - 16);
    EXPECT_LE(others, (np - 2) * peak.max + 16);
  }
  if (np == 1) {
    EXPECT_EQ(peak.min, peak.max);
    EXPECT_EQ(rank0, peak.max);
  }

  // The printed table shows the figures of the file (one summary for both).
  static const std::regex line(
      R"(Peak resident memory per rank: ([0-9.]+) / ([0-9.]+) / ([0-9.]+) MiB \(rank 0: ([0-9.]+) MiB\))");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.output, m, line)) << r.output;
  EXPECT_NEAR(std::stod(m[1]), peak.min / kMiB, 0.051);
  EXPECT_NEAR(std::stod(m[2]), peak.mean / kMiB, 0.051);
  EXPECT_NEAR(std::stod(m[3]), peak.max / kMiB, 0.051);
  EXPECT_NEAR(std::stod(m[4]), rank0 / kMiB, 0.051);
}

TEST(RunPeakMemory, SerialFigureAgreesWithTheKernelsMaximumResidentSet) {
  if (!std::filesystem::exists("/usr/bin/time")) GTEST_SKIP() << "needs /usr/bin/time (apt-get install time)";
  test::TempDir dir("peak-memory-time");
  const std::filesystem::path cavity = dir.path() / "cavity";
  test::writeCavityCase(cavity, {.n = 100, .endTime = 0.02, .deltaT = 0.01});
  const std::filesystem::path maxrss = dir.path() / "maxrss";
  const test::CommandResult r = test::runCommand(
      "/usr/bin/time -f %M -o " + test::shellQuote(maxrss.string()) + " " + test::shellQuote(SLUICE_BINARY) +
          " run " + test::shellQuote(cavity.string()) + " --quiet",
      240);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const double kernelBytes = std::stod(test::readTextFile(maxrss)) * 1024;  // %M: KiB
  const double profiled = test::ProfileJson(cavity / "sluice-profile.json").peakResidentBytes().max;
  // Read before the end of the run: not above the whole run's peak, and
  // within a few MiB of it (what the end of the run adds).
  EXPECT_LE(profiled, kernelBytes + 1 * kMiB);
  EXPECT_GE(profiled, kernelBytes - 8 * kMiB) << "profile " << profiled / kMiB << " MiB, /usr/bin/time "
                                              << kernelBytes / kMiB << " MiB";
}

INSTANTIATE_TEST_SUITE_P(Ranks, RunPeakMemoryRanks, ::testing::Values(1, 2, 3),
                         [](const auto& info) { return "np" + std::to_string(info.param); });

}  // namespace
