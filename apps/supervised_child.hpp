#pragma once
// A child process this one waits for and speaks for: its standard error is
// read here line by line (stdout is shared, stdin is /dev/null), and SIGINT /
// SIGTERM sent to this process (a Ctrl-C at the terminal, `kill`, `timeout`,
// a batch system) are passed on to it: the first one as `firstStopAs` (for
// mpiexec SIGUSR1, which it hands to the ranks, where SIGINT/SIGTERM would
// make it kill them a second later), any further one as SIGTERM. The child
// runs in a process group of its own, so a Ctrl-C reaches it only through
// this process, and it gets SIGTERM if this process dies.
//
//   ChildResult r = runSupervisedChild({"mpiexec", "-n", "2", exe}, SIGUSR1, [](std::string_view line) { ... });
//   if (!r.startError.empty()) ...      // the program could not be started
//   r.exitCode                          // its exit code, or 128 + signal when killed
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace sluice::apps {

struct ChildResult {
  std::string startError;  ///< why the child could not be started; empty when it ran
  int exitCode = 0;        ///< exit code, or 128 + the signal that ended it
  int forwardedSignal = 0;  ///< the first SIGINT/SIGTERM this process got and passed on (0: none)
};

/// Runs `argv` (argv[0] looked up in PATH) and returns when it has ended;
/// `onStderrLine` gets each line of its stderr without the newline.
ChildResult runSupervisedChild(const std::vector<std::string>& argv, int firstStopAs,
                               const std::function<void(std::string_view)>& onStderrLine);

}  // namespace sluice::apps
