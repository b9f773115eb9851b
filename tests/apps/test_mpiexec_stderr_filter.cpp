// What `sluice run --np N` shows of mpiexec's stderr (Open MPI 4 reports).
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "mpiexec_stderr_filter.hpp"

using sluice::apps::MpiexecStderrFilter;

namespace {

const std::string kRule(74, '-');

std::vector<std::string> filtered(const std::string& text, int exitCode) {
  MpiexecStderrFilter filter;
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    for (std::string& shown : filter.line(line)) out.push_back(std::move(shown));
  for (std::string& shown : filter.finish(exitCode)) out.push_back(std::move(shown));
  return out;
}

}  // namespace

TEST(MpiexecStderrFilter, ARankKilledBySignalIsOneLine) {
  const std::string text = kRule + "\nPrimary job  terminated normally, but 1 process returned\n"
                           "a non-zero exit code. Per user-direction, the job has been aborted.\n" + kRule + "\n" +
                           kRule + "\nmpiexec noticed that process rank 1 with PID 4242 on node worker-3 exited on "
                           "signal 9 (Killed).\n" + kRule + "\n";
  EXPECT_EQ(filtered(text, 137), std::vector<std::string>{"error: rank 1 was killed by signal 9 (Killed)"});
}

TEST(MpiexecStderrFilter, SluicesOwnLinesPassAndOpenMpiDiagnosticsAreDropped) {
  const std::string text = "warning: system/fvSolution: something\n"
                           "error (rank 1): injected failure in stage 'step' (SLUICE_INJECT_FAILURE)\n"
                           "[worker-3:04242] *** Process received signal ***\n"
                           "[worker-3:04242] Signal: Segmentation fault (11)\n" +
                           kRule + "\nmpiexec detected that one or more processes exited with non-zero status, thus "
                           "causing\nthe job to be terminated.\n" + kRule + "\n";
  EXPECT_EQ(filtered(text, 1),
            (std::vector<std::string>{"warning: system/fvSolution: something",
                                      "error (rank 1): injected failure in stage 'step' (SLUICE_INJECT_FAILURE)"}));
}

TEST(MpiexecStderrFilter, ASegmentationFaultNamesTheSignal) {
  const std::string text = "[n:1] *** Process received signal ***\n" + kRule +
                           "\nmpiexec noticed that process rank 0 with PID 0 on node n exited on signal 11 "
                           "(Segmentation fault).\n" + kRule + "\n";
  EXPECT_EQ(filtered(text, 139), std::vector<std::string>{"error: rank 0 was killed by signal 11 (Segmentation fault)"});
}

TEST(MpiexecStderrFilter, AFailureNothingExplainedKeepsMpiexecsReport) {
  const std::string text = kRule + "\nmpiexec was unable to launch the specified application as it could not access\n"
                           "or execute an executable:\n" + kRule + "\n";
  const auto out = filtered(text, 1);
  ASSERT_EQ(out.size(), 5u);
  EXPECT_EQ(out[0], "error: mpiexec failed (exit code 1); its report:");
  EXPECT_EQ(out[2], "mpiexec was unable to launch the specified application as it could not access");
  EXPECT_EQ(filtered("", 1), std::vector<std::string>{"error: mpiexec failed (exit code 1)"});
  // A successful run shows nothing of the boilerplate.
  EXPECT_TRUE(filtered(text, 0).empty());
}

TEST(MpiexecStderrFilter, AStopOnRequestShowsOnlyRankZerosLine) {
  const std::string stopped = "stopped on SIGUSR1 (a stop passed on by mpiexec) after time step 12 (time 0.06): "
                              "restart snapshot restart/0.06 written; run again with startFrom latestTime in "
                              "system/controlDict to continue";
  const std::string text = "mpiexec: Forwarding signal 10 to job\n" + stopped + "\n" + kRule +
                           "\nPrimary job  terminated normally, but 1 process returned\na non-zero exit code.\n" +
                           kRule + "\n";
  EXPECT_EQ(filtered(text, 138), std::vector<std::string>{stopped});
  MpiexecStderrFilter filter;
  EXPECT_FALSE(filter.stoppedOnRequest());
  (void)filter.line(stopped);
  EXPECT_TRUE(filter.stoppedOnRequest());
}
