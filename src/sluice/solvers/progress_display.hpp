#pragma once
// One-line progress of a run: simulated time, percent done, steps per second
// and estimated time left. On a terminal the line is redrawn in place; in a
// log (not a terminal) a line is printed at most every `logInterval` seconds,
// so CI logs stay short. Only rank 0 displays. The caller says whether `out`
// is a terminal: under mpiexec a rank's isatty answers for a pseudo-terminal
// of the launcher, not for what the user sees.
//
//   ProgressDisplay progress(stdout, comm.isRoot(), isTerminal);
//   each step: progress.update(time.value(), time.progress(), time.timeIndex());
//   at the end: progress.finish();
#include <chrono>
#include <cstdio>
#include <string>

namespace sluice::solvers {

class ProgressDisplay {
 public:
  using Clock = std::chrono::steady_clock;

  ProgressDisplay(std::FILE* out, bool enabled, bool terminal, double logIntervalSeconds = 10.0);
  /// Ends a redrawn line left open (a run that stopped with an error), so
  /// the error message starts on a line of its own.
  ~ProgressDisplay();
  ProgressDisplay(const ProgressDisplay&) = delete;
  ProgressDisplay& operator=(const ProgressDisplay&) = delete;

  /// `fraction` in [0, 1]; `steps` counts steps taken since the start.
  void update(double simulatedTime, double fraction, long long steps);
  /// Ends the progress line (a final newline on a terminal); later calls do nothing.
  void finish();

  /// The text of the line for given figures (exposed for tests).
  static std::string format(double simulatedTime, double fraction, double stepsPerSecond, double secondsLeft);

 private:
  std::FILE* out_;
  bool enabled_;
  bool terminal_;
  double logInterval_;
  Clock::time_point started_;
  Clock::time_point lastShown_;
  bool shown_ = false;
  bool lineOpen_ = false;  ///< a redrawn terminal line awaits its newline
};

}  // namespace sluice::solvers
