#pragma once
// One-line progress of a run: simulated time, percent done, steps per second
// and estimated time left. On a terminal it is the status line of a
// TerminalLog (the last line, redrawn in place, never mixed with solver
// lines). Without a terminal it is printed to `log` as "Progress: ..." lines
// at most every `logInterval` seconds (for `--quiet` runs, whose log has
// nothing else; a full solver log gets none, so tools that parse OpenFOAM
// logs see only OpenFOAM's lines). Only rank 0 displays: other ranks pass
// two null pointers.
//
//   ProgressDisplay progress(terminalLog, nullptr);          // terminal (rank 0)
//   ProgressDisplay progress(nullptr, quiet ? stdout : nullptr);  // redirected
//   each step: progress.update(time.value(), time.progress(), time.timeIndex());
//   at the end: progress.finish();
#include <chrono>
#include <cstdio>
#include <string>

#include "sluice/solvers/terminal_log.hpp"

namespace sluice::solvers {

class ProgressDisplay {
 public:
  using Clock = std::chrono::steady_clock;

  ProgressDisplay(TerminalLog* terminal, std::FILE* log, double logIntervalSeconds = 10.0);
  ProgressDisplay(const ProgressDisplay&) = delete;
  ProgressDisplay& operator=(const ProgressDisplay&) = delete;

  /// `fraction` in [0, 1]; `steps` counts steps taken since the start.
  void update(double simulatedTime, double fraction, long long steps);
  /// Leaves the last progress line on screen (terminal); later calls do nothing.
  void finish();

  /// The text of the line for given figures (exposed for tests).
  static std::string format(double simulatedTime, double fraction, double stepsPerSecond, double secondsLeft);

 private:
  TerminalLog* terminal_;
  std::FILE* log_;
  double logInterval_;
  Clock::time_point started_;
  Clock::time_point lastShown_;
  bool shown_ = false;
  bool finished_ = false;
};

}  // namespace sluice::solvers
