#pragma once
// A child process this one waits for and speaks for: its standard error is
// read here line by line (stdin and stdout are shared), and SIGINT / SIGTERM
// sent to this process by another one (`kill`, `timeout`, a batch system)
// are passed on to it. A Ctrl-C at the terminal reaches both directly, so it
// is not passed on a second time.
//
//   ChildResult r = runSupervisedChild({"mpiexec", "-n", "2", exe}, [](std::string_view line) { ... });
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
  int forwardedSignal = 0;  ///< the last signal passed on to it (0: none)
};

/// Runs `argv` (argv[0] looked up in PATH) and returns when it has ended;
/// `onStderrLine` gets each line of its stderr without the newline.
ChildResult runSupervisedChild(const std::vector<std::string>& argv,
                               const std::function<void(std::string_view)>& onStderrLine);

}  // namespace sluice::apps
