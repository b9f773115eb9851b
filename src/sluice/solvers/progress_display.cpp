#include "sluice/solvers/progress_display.hpp"

#include <cmath>

#include <fmt/format.h>

namespace sluice::solvers {

namespace {

std::string duration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "?";
  // (checked before rounding: an `endTime 1e300` run's estimate does not fit
  // in an integer, and llround gave "-9223372036854775808s")
  constexpr double kYear = 365.25 * 86400;
  if (seconds >= 100 * kYear) return "over 100 years";
  const long long s = std::llround(seconds);
  if (s < 60) return fmt::format("{}s", s);
  if (s < 3600) return fmt::format("{}m{:02}s", s / 60, s % 60);
  if (s < 86400) return fmt::format("{}h{:02}m", s / 3600, (s % 3600) / 60);
  return fmt::format("{}d{:02}h", s / 86400, (s % 86400) / 3600);
}

}  // namespace

ProgressDisplay::ProgressDisplay(TerminalLog* terminal, std::FILE* log, double logIntervalSeconds)
    : terminal_(terminal),
      log_(log),
      logInterval_(logIntervalSeconds),
      started_(Clock::now()),
      lastShown_(started_) {}

std::string ProgressDisplay::format(double simulatedTime, double fraction, double stepsPerSecond, double secondsLeft) {
  return fmt::format("Time = {:<10g} {:5.1f} %  {:8.1f} steps/s  {} left", simulatedTime, 100 * fraction,
                     stepsPerSecond, duration(secondsLeft));
}

void ProgressDisplay::update(double simulatedTime, double fraction, long long steps) {
  if ((terminal_ == nullptr && log_ == nullptr) || finished_) return;
  const auto now = Clock::now();
  const double interval = terminal_ ? 0.2 : logInterval_;
  if (shown_ && std::chrono::duration<double>(now - lastShown_).count() < interval && fraction < 1) return;
  const double elapsed = std::chrono::duration<double>(now - started_).count();
  const double rate = elapsed > 0 ? steps / elapsed : 0;
  const double left = fraction > 0 ? elapsed * (1 - fraction) / fraction : NAN;
  const std::string line = format(simulatedTime, fraction, rate, left);
  if (terminal_) {
    terminal_->setStatus(line);
  } else {
    fmt::print(log_, "Progress: {}\n", line);
    std::fflush(log_);
  }
  lastShown_ = now;
  shown_ = true;
}

void ProgressDisplay::finish() {
  if (finished_) return;
  finished_ = true;
  if (terminal_) terminal_->endStatus();
}

}  // namespace sluice::solvers
