// A rank of `sluice run --np N` killed by a signal (here SIGKILL, as the
// out-of-memory killer sends): the run ends within seconds, with exit code 1
// and one line naming the rank and the signal, instead of mpiexec's boxed
// report (or, with mpiexec --quiet, nothing at all). And a rank's own error
// line still appears, once, under the launcher's filter.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "solvers/run_case_support.hpp"
#include "solvers/solver_case_support.hpp"

using namespace sluice;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

test::CommandResult runInjected(const std::filesystem::path& caseDir, int np, const std::string& injection) {
  return test::runCommand("env SLUICE_INJECT_FAILURE=" + injection + " " + test::shellQuote(SLUICE_BINARY) + " run " +
                              test::shellQuote(caseDir.string()) + " --quiet --np " + std::to_string(np),
                          60);
}

void expectNoMpiexecBoilerplate(const std::string& output) {
  EXPECT_THAT(output, Not(HasSubstr("-----"))) << output;
  EXPECT_THAT(output, Not(HasSubstr("mpiexec noticed"))) << output;
  EXPECT_THAT(output, Not(HasSubstr("Primary job"))) << output;
}

class RankKilled : public ::testing::TestWithParam<int> {};

TEST_P(RankKilled, OneLineNamesTheRankAndTheSignal) {
  const int np = GetParam();
  test::TempDir dir("rank-killed");
  test::writeCavityCase(dir.path(), {.n = 16, .endTime = 0.02, .deltaT = 0.005, .writeInterval = 0.01});
  const auto start = std::chrono::steady_clock::now();
  const test::CommandResult r = runInjected(dir.path(), np, "step:1:kill");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_NE(r.exitCode, 124) << "a rank was left waiting\n" << r.output;
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_LT(seconds, 10.0) << r.output;
  EXPECT_EQ(runcase::errorLines(r.output), std::vector<std::string>{"error: rank 1 was killed by signal 9 (Killed)"})
      << r.output;
  expectNoMpiexecBoilerplate(r.output);
}

INSTANTIATE_TEST_SUITE_P(Ranks, RankKilled, ::testing::Values(2, 3),
                         [](const auto& info) { return "np" + std::to_string(info.param); });

TEST(RankError, ARanksOwnErrorLineAppearsOnceAtTwoRanks) {
  for (int rank : {0, 1}) {
    test::TempDir dir("rank-error");
    test::writeCavityCase(dir.path(), {.n = 16, .endTime = 0.02, .deltaT = 0.005, .writeInterval = 0.01});
    const test::CommandResult r = runInjected(dir.path(), 2, "solver:" + std::to_string(rank));
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_EQ(runcase::errorLines(r.output),
              std::vector<std::string>{"error (rank " + std::to_string(rank) +
                                       "): injected failure in stage 'solver' (SLUICE_INJECT_FAILURE)"})
        << r.output;
    expectNoMpiexecBoilerplate(r.output);
  }
}

// `kill` stopping sluice (only sluice, not its process group) stops every
// rank after the current step: the signal reaches the ranks through mpiexec
// as SIGUSR1, they write a restart snapshot and stop; sluice exits 128 + 15
// with the one line saying where to restart from, and no rank is left.
TEST(RankKilled, SigtermToSluiceStopsEveryRankAfterASnapshot) {
  test::TempDir dir("rank-sigterm");
  test::writeCavityCase(dir.path(), {.n = 16, .endTime = 1000, .deltaT = 0.005, .writeInterval = 1000});
  const test::CommandResult r = runcase::sluiceRunSignalled(dir.path(), 2, "TERM", 3);
  EXPECT_THAT(r.output, HasSubstr("exit=143\n")) << r.output;
  EXPECT_EQ(runcase::errorLines(r.output), std::vector<std::string>{}) << r.output;
  EXPECT_THAT(r.output, HasSubstr("stopped on SIGUSR1 (a stop passed on by mpiexec) after time step ")) << r.output;
  EXPECT_THAT(r.output, HasSubstr("restart snapshot restart/")) << r.output;
  expectNoMpiexecBoilerplate(r.output);
  // No rank of this run is left ("[/]..." keeps pgrep's own shell from matching).
  const std::string path = dir.path().string();
  const test::CommandResult ps =
      test::runCommand("sleep 1; pgrep -f " + test::shellQuote("[" + path.substr(0, 1) + "]" + path.substr(1)), 30);
  EXPECT_NE(ps.exitCode, 0) << "still running:\n" << ps.output;
}

}  // namespace
