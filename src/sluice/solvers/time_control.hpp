#pragma once
// Simulated time, time step and write schedule from system/controlDict, as
// OpenFOAM users know them: startFrom/startTime, stopAt/endTime, deltaT,
// writeControl (timeStep, runTime, adjustable/adjustableRunTime),
// writeInterval, adjustTimeStep with maxCo and maxDeltaT, timePrecision.
//
//   TimeControl time(TimeControlSettings::read(controlDict, agreedLatestTimeFolder(comm, caseDir)));
//   while (time.running()) {
//     time.adjustDeltaT(courantNumber);   // when adjustTimeStep is on
//     time.advance();
//     ... solve ...
//     if (time.writeTime()) write(time.timeName());
//   }
//
// Every rank holds the same TimeControl and makes the same decisions (the
// Courant number passed in is already reduced over ranks).
#include <filesystem>
#include <optional>
#include <string>

#include "sluice/core/types.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::solvers {

enum class WriteControl { TimeStep, RunTime, AdjustableRunTime };

/// The largest time named by a folder of `caseDir` (OpenFOAM's latestTime), or nullopt if none.
std::optional<Scalar> latestTimeFolder(const std::filesystem::path& caseDir);
/// latestTimeFolder as rank 0 of `comm` lists it, the same on every rank
/// (ranks' file systems may list a case differently while it is written).
/// Collective.
std::optional<Scalar> agreedLatestTimeFolder(parallel::Communicator& comm, const std::filesystem::path& caseDir);

struct TimeControlSettings {
  Scalar startTime = 0;
  Scalar endTime = 0;
  Scalar deltaT = 0;
  WriteControl writeControl = WriteControl::TimeStep;
  Scalar writeInterval = 1;     ///< steps (TimeStep) or simulated seconds
  bool adjustTimeStep = false;
  Scalar maxCo = 1;
  Scalar maxDeltaT = 1e300;
  int timePrecision = 6;

  /// Reads and checks controlDict (InputError naming file, line and entry).
  /// `startFrom latestTime` starts from `latestTimeOnDisk`, the case's latest
  /// time folder as the caller found it (agreedLatestTimeFolder in parallel),
  /// or from startTime (default 0) when there is none.
  static TimeControlSettings read(const io::Dictionary& controlDict, std::optional<Scalar> latestTimeOnDisk);
};

/// What a restart needs to continue a run's time stepping exactly.
struct TimeState {
  Scalar time = 0;
  Scalar deltaT = 0, deltaT0 = 0, lastStep = 0;
  long long timeIndex = 0;
  long long writeIndex = 0;  ///< write intervals passed since writeOrigin (runTime controls)
  Scalar writeOrigin = 0;    ///< the start time of the run the write schedule counts from
};

class TimeControl {
 public:
  explicit TimeControl(const TimeControlSettings& settings);

  Scalar value() const { return time_; }
  Scalar deltaT() const { return deltaT_; }    ///< the step just taken (after advance) or about to be taken
  Scalar deltaT0() const { return deltaT0_; }  ///< the step before it (backward ddt)
  long long timeIndex() const { return index_; }
  const TimeControlSettings& settings() const { return settings_; }

  /// True while the end time has not been reached.
  bool running() const;
  /// Moves to the next time level: time += deltaT (the last step is clipped to land on endTime).
  void advance();
  /// True when results should be written at the current time.
  bool writeTime() const { return writeTime_; }
  /// Fraction of the run done, in [0, 1].
  double progress() const;

  /// Adapts deltaT to the Courant number `courant` of the last step
  /// (adjustTimeStep only): growth limited to x1.2 per step and damped
  /// towards maxCo, capped by maxDeltaT; with adjustableRunTime the step is
  /// evened out to land on the next write time.
  void adjustDeltaT(Scalar courant);
  /// The same with OpenFOAM's maxDeltaTFact given (maxCo/Co for adjustDeltaT;
  /// VoF: the smaller of it and maxAlphaCo/alphaCo): the step grows by at
  /// most min(factor, 1 + 0.1 factor, 1.2).
  void adjustDeltaTByFactor(Scalar maxDeltaTFactor);

  /// The state a restart snapshot records, and setting it back (the
  /// settings stay those read at start-up, so a restart may change endTime).
  TimeState state() const;
  void restore(const TimeState& state);

  /// Directory name of the current time ("0.005", "20"), with timePrecision significant digits.
  std::string timeName() const { return timeName(time_); }
  std::string timeName(Scalar t) const;

 private:
  TimeControlSettings settings_;
  Scalar time_;
  Scalar deltaT_;
  Scalar deltaT0_;
  Scalar lastStep_;           ///< size of the step taken by the last advance()
  long long index_ = 0;
  long long writeIndex_ = 0;  ///< write intervals passed (runTime controls)
  Scalar writeOrigin_;        ///< write times are writeOrigin_ + k writeInterval
  bool writeTime_ = false;
};

}  // namespace sluice::solvers
