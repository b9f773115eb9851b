#include "sluice/solvers/time_control.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/output/output_files.hpp"

namespace sluice::solvers {

namespace fs = std::filesystem;

namespace {

// Reads a scalar entry that must be > 0 (or >= 0), failing at its token.
Scalar positive(const io::Dictionary& dict, const char* key, bool allowZero = false) {
  io::TokenStream ts = dict.stream(key);
  const io::Token& token = ts.peek();
  const Scalar v = ts.readScalar();
  ts.expectEnd();
  if (!std::isfinite(v) || v < 0 || (!allowZero && v == 0))
    ts.failAt(token, fmt::format("must be {}, found {}", allowZero ? "zero or positive" : "positive", token.text));
  return v;
}

}  // namespace

std::optional<Scalar> latestTimeFolder(const fs::path& caseDir) {
  std::optional<Scalar> latest;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(caseDir, ec)) {
    if (!entry.is_directory()) continue;
    const std::optional<Scalar> t = output::timeOfFolderName(entry.path().filename().string());
    if (t && (!latest || *t > *latest)) latest = t;
  }
  return latest;
}

std::optional<Scalar> agreedLatestTimeFolder(parallel::Communicator& comm, const fs::path& caseDir) {
  double latest = 0;
  int found = 0;
  if (comm.isRoot())
    if (const std::optional<Scalar> t = latestTimeFolder(caseDir)) {
      latest = *t;
      found = 1;
    }
  comm.broadcast(std::span<double>(&latest, 1));
  comm.broadcast(std::span<int>(&found, 1));
  return found ? std::optional<Scalar>(latest) : std::nullopt;
}

TimeControlSettings TimeControlSettings::read(const io::Dictionary& dict, std::optional<Scalar> latestTimeOnDisk) {
  TimeControlSettings s;
  const std::string startFrom = dict.getOr<std::string>("startFrom", "startTime");
  if (startFrom == "startTime") {
    s.startTime = dict.get<Scalar>("startTime");
  } else if (startFrom == "firstTime" || startFrom == "latestTime") {
    const Scalar given = dict.getOr<Scalar>("startTime", 0);
    if (startFrom == "latestTime") {
      s.startTime = latestTimeOnDisk.value_or(given);
    } else {
      s.startTime = given;
    }
  } else {
    dict.getChoice("startFrom", {"startTime", "firstTime", "latestTime"});
  }

  const std::string stopAt = dict.getOr<std::string>("stopAt", "endTime");
  if (stopAt != "endTime") dict.getChoice("stopAt", {"endTime"});
  s.endTime = dict.get<Scalar>("endTime");
  if (s.endTime < s.startTime)
    dict.fail(fmt::format("endTime {} is before the start time {}", s.endTime, s.startTime));
  s.deltaT = positive(dict, "deltaT");

  const std::string writeControl =
      dict.getChoice("writeControl", {"timeStep", "runTime", "adjustable", "adjustableRunTime"});
  s.writeControl = writeControl == "timeStep"  ? WriteControl::TimeStep
                   : writeControl == "runTime" ? WriteControl::RunTime
                                               : WriteControl::AdjustableRunTime;
  s.writeInterval = positive(dict, "writeInterval");
  if (s.writeControl == WriteControl::TimeStep && s.writeInterval != std::floor(s.writeInterval))
    dict.fail(fmt::format("writeInterval {} must be a whole number of steps with writeControl timeStep",
                          s.writeInterval));

  s.adjustTimeStep = dict.getOr<bool>("adjustTimeStep", false);
  if (s.adjustTimeStep) {
    s.maxCo = positive(dict, "maxCo");
    if (dict.found("maxDeltaT")) s.maxDeltaT = positive(dict, "maxDeltaT");
  }
  s.timePrecision = dict.getOr<Label>("timePrecision", 6);
  if (s.timePrecision < 1 || s.timePrecision > 17)
    dict.fail(fmt::format("timePrecision {} is outside 1..17", s.timePrecision));
  return s;
}

TimeControl::TimeControl(const TimeControlSettings& settings)
    : settings_(settings),
      time_(settings.startTime),
      deltaT_(settings.deltaT),
      deltaT0_(settings.deltaT),
      lastStep_(settings.deltaT),
      writeOrigin_(settings.startTime) {}

TimeState TimeControl::state() const {
  return {time_, deltaT_, deltaT0_, lastStep_, index_, writeIndex_, writeOrigin_};
}

void TimeControl::restore(const TimeState& s) {
  time_ = s.time;
  deltaT_ = s.deltaT;
  deltaT0_ = s.deltaT0;
  lastStep_ = s.lastStep;
  index_ = s.timeIndex;
  writeIndex_ = s.writeIndex;
  writeOrigin_ = s.writeOrigin;
  writeTime_ = false;
}

bool TimeControl::running() const {
  // A tolerance of a small fraction of the step absorbs accumulated round-off.
  return time_ < settings_.endTime - 1e-6 * deltaT_;
}

void TimeControl::advance() {
  const Scalar remaining = settings_.endTime - time_;
  if (deltaT_ > remaining || remaining - deltaT_ < 1e-6 * deltaT_) deltaT_ = remaining;
  deltaT0_ = index_ == 0 ? deltaT_ : lastStep_;
  lastStep_ = deltaT_;
  time_ += deltaT_;
  if (std::abs(time_ - settings_.endTime) < 1e-9 * std::max(1.0, std::abs(settings_.endTime)))
    time_ = settings_.endTime;
  ++index_;

  if (settings_.writeControl == WriteControl::TimeStep) {
    writeTime_ = index_ % static_cast<long long>(settings_.writeInterval) == 0;
  } else {
    const long long passed =
        static_cast<long long>(std::floor((time_ - writeOrigin_) / settings_.writeInterval + 1e-6));
    writeTime_ = passed > writeIndex_;
    writeIndex_ = passed;
  }
  if (!running()) writeTime_ = true;  // the final state is always written
}

void TimeControl::adjustDeltaT(Scalar courant) {
  constexpr Scalar small = 1e-15;
  adjustDeltaTByFactor(settings_.maxCo / (courant + small));
}

void TimeControl::adjustDeltaTByFactor(Scalar factor) {
  if (!settings_.adjustTimeStep) return;
  Scalar dt = std::min({factor * deltaT_, (1 + 0.1 * factor) * deltaT_, 1.2 * deltaT_, settings_.maxDeltaT});

  if (settings_.writeControl == WriteControl::AdjustableRunTime) {
    // Even the steps out so that one lands on the next write time.
    const Scalar nextWrite = writeOrigin_ + (writeIndex_ + 1) * settings_.writeInterval;
    const Scalar toNextWrite = std::max(0.0, nextWrite - time_);
    // As OpenFOAM v1912's Time::adjustDeltaT: the nearest whole number of steps (at least one).
    const Scalar nSteps = toNextWrite / dt;
    if (nSteps < static_cast<Scalar>(std::numeric_limits<int>::max())) {
      const Scalar evened = toNextWrite / std::max(1.0, std::round(nSteps));
      dt = evened >= dt ? std::min(evened, 2 * dt) : std::max(evened, 0.2 * dt);
    }
  }
  deltaT_ = dt;
}

double TimeControl::progress() const {
  const Scalar span = settings_.endTime - settings_.startTime;
  return span > 0 ? std::clamp((time_ - settings_.startTime) / span, 0.0, 1.0) : 1.0;
}

std::string TimeControl::timeName(Scalar t) const {
  if (std::abs(t) < 1e-14 * std::max(1.0, settings_.endTime)) t = 0;
  return fmt::format("{:.{}g}", t, settings_.timePrecision);
}

}  // namespace sluice::solvers
