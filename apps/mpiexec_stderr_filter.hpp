#pragma once
// What `sluice run --np N` shows of mpiexec's standard error: sluice's own
// lines (the ranks' one-line errors, warnings) pass through; Open MPI's
// boxed reports (between lines of dashes) and its "[host:pid] ..."
// diagnostics are dropped, except that a rank killed by a signal becomes one
// line:
//   mpiexec noticed that process rank 1 with PID 4242 on node n1 exited on signal 9 (Killed).
//   -> error: rank 1 was killed by signal 9 (Killed)
// When mpiexec fails and nothing said why (it could not start, say), finish()
// returns what was dropped, so a failure is never silent. A run stopped on
// request (rank 0's "stopped on SIGTERM after time step ..." line) ends with
// a non-zero code on purpose: stoppedOnRequest() says so.
//
//   MpiexecStderrFilter filter;
//   for (line : mpiexec's stderr) for (const std::string& out : filter.line(line)) print(out);
//   for (const std::string& out : filter.finish(exitCode)) print(out);
#include <string>
#include <string_view>
#include <vector>

namespace sluice::apps {

class MpiexecStderrFilter {
 public:
  /// The lines to show for one line of mpiexec's stderr (without its newline).
  std::vector<std::string> line(std::string_view text);

  /// The lines to show once mpiexec has ended with `exitCode` (non-zero also
  /// when it was killed): nothing, unless it failed without any error line shown.
  std::vector<std::string> finish(int exitCode);
  /// Rank 0 reported a stop on request (a signal), after its restart snapshot.
  bool stoppedOnRequest() const { return stoppedOnRequest_; }

 private:
  bool inReport_ = false;             // between two dashed lines
  bool shownError_ = false;           // an "error: ..." line has been shown
  bool stoppedOnRequest_ = false;
  std::vector<std::string> dropped_;  // what was not shown, for a failure nothing explained
};

}  // namespace sluice::apps
