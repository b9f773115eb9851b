#include "plot_command.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <ctime>
#include <filesystem>
#include <optional>

#include <fmt/format.h>

#include "case_name.hpp"
#include "sluice/core/error.hpp"
#include "sluice/plot/history_figure.hpp"
#include "sluice/plot/png_writer.hpp"
#include "sluice/plot/run_history.hpp"

namespace sluice::apps {

namespace fs = std::filesystem;

namespace {

std::string lookedIn(const fs::path& caseDir) {
  return (caseDir / "postProcessing").string() + "/<name>/<time>/";
}

// Reads and draws once: the last time drawn, or nullopt when there is nothing to draw yet.
std::optional<double> drawOnce(const fs::path& caseDir, const fs::path& output, const std::string& title) {
  const plot::RunHistory history = plot::readRunHistory(caseDir);
  if (history.files.empty()) return std::nullopt;
  plot::writePng(output, plot::drawHistoryFigure(history, {.title = title}));
  return history.timeRange().second;
}

// Waits up to `seconds` for SIGINT or SIGTERM (blocked by the caller, so they
// queue instead of killing the process); true when one came.
bool interruptedWithin(const sigset_t& signals, double seconds) {
  seconds = std::min(seconds, 86400.0);  // a day at most: keeps tv_sec in range
  timespec wait{};
  wait.tv_sec = static_cast<time_t>(seconds);
  wait.tv_nsec = static_cast<long>((seconds - std::floor(seconds)) * 1e9);
  while (true) {
    if (sigtimedwait(&signals, nullptr, &wait) >= 0) return true;
    if (errno == EAGAIN) return false;
    if (errno != EINTR) throw Error(fmt::format("sigtimedwait failed (errno {})", errno));
  }
}

int runLive(const fs::path& caseDir, const fs::path& output, const std::string& title, double interval) {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  if (pthread_sigmask(SIG_BLOCK, &signals, nullptr) != 0) throw Error("cannot block SIGINT and SIGTERM");

  fmt::print("Drawing {} every {:g} s; Ctrl-C stops\n", output.string(), interval);
  std::string lastReport;  // each problem is printed once, not at every redraw
  std::optional<double> shownTime;
  do {
    std::string report;
    try {
      const std::optional<double> lastTime = drawOnce(caseDir, output, title);
      if (!lastTime)
        report = fmt::format("waiting for solverInfo.dat, residuals.dat or runInfo.dat in {}", lookedIn(caseDir));
      else if (lastTime != shownTime)
        fmt::print("time {:g}: wrote {}\n", *lastTime, output.string());
      if (lastTime) shownTime = lastTime;
    } catch (const InputError& e) {
      report = fmt::format("error: {} (trying again)", e.what());
    }
    if (!report.empty() && report != lastReport) fmt::print("{}\n", report);
    lastReport = report;
  } while (!interruptedWithin(signals, interval));
  if (shownTime)
    fmt::print("Stopped; {} shows time {:g}\n", output.string(), *shownTime);
  else
    fmt::print("Stopped; nothing drawn\n");
  return 0;
}

}  // namespace

int runPlotCommand(const PlotCommandOptions& options) {
  const fs::path caseDir = options.caseDir;
  std::error_code ec;
  if (!fs::is_directory(caseDir, ec)) throw InputError(fmt::format("{}: no such case directory", options.caseDir));
  const fs::path output = options.output.empty() ? caseDir / "postProcessing/plot.png" : fs::path(options.output);
  const std::string title = caseName(caseDir);

  if (options.live) return runLive(caseDir, output, title, options.interval);

  const std::optional<double> lastTime = drawOnce(caseDir, output, title);
  if (!lastTime)
    throw InputError(fmt::format("no solverInfo.dat, residuals.dat or runInfo.dat in {}", lookedIn(caseDir)));
  fmt::print("Wrote {} (up to time {:g})\n", output.string(), *lastTime);
  return 0;
}

}  // namespace sluice::apps
