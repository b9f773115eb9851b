#pragma once
// What the start-up of a run did (case_startup.hpp), the same on every rank:
// printed in the log and written into sluice-profile.json ("startup"), so the
// start-up model of docs/PERFORMANCE.md can be checked against real runs.
//
//   CaseStartup s = startCase(world, caseDir, {});
//   summary.startup = s.figures;        // ProfileSummary: written with the run's profile
#include <string>

namespace sluice::parallel {

struct StartupFigures {
  bool distributed = false;      ///< each rank its share (true) or the whole mesh on rank 0 (false)
  std::string fallbackReason;    ///< why the rank-0 way was taken with several ranks (empty otherwise)
  double seconds = 0;            ///< wall time of startCase (the slowest rank)
  long long exchanges = 0;       ///< all-to-all exchanges (startup_exchange.hpp)
  long long maxMessages = 0, totalMessages = 0;  ///< messages to other ranks in them (per rank max, sum)
  long long maxBytes = 0, totalBytes = 0;        ///< bytes sent to other ranks in them (per rank max, sum)
  long long rank0PeakBytes = 0, meanPeakBytes = 0, maxPeakBytes = 0;  ///< resident peak after start-up

  /// One line for the log: the way taken, time, traffic, memory.
  std::string text() const;
  /// A JSON object with the figures above (bytes and seconds as numbers).
  std::string json() const;
};

}  // namespace sluice::parallel
