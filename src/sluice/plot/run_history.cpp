#include "sluice/plot/run_history.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <optional>
#include <string_view>

#include "sluice/plot/history_table.hpp"

namespace sluice::plot {

namespace fs = std::filesystem;

namespace {

enum class Kind { solverInfo, residuals, runInfo };

struct KindSpec {
  Kind kind;
  const char* fileName;
};
constexpr KindSpec kKinds[] = {
    {Kind::solverInfo, "solverInfo.dat"}, {Kind::residuals, "residuals.dat"}, {Kind::runInfo, "runInfo.dat"}};

// runInfo.dat's columns that are drawn, and the names their curves get.
constexpr std::string_view kStepCurve = "seconds per step";
constexpr std::pair<std::string_view, std::string_view> kRunInfoCurves[] = {{"CoMean", "Co mean"},
                                                                            {"CoMax", "Co max"},
                                                                            {"interfaceCoMax", "interface Co max"},
                                                                            {"stepSeconds", kStepCurve}};

constexpr std::string_view kInitial = "_initial";

bool wantedColumn(Kind kind, std::string_view column) {
  switch (kind) {
    case Kind::solverInfo:
      return column.size() > kInitial.size() && column.ends_with(kInitial);
    case Kind::residuals:
      return true;
    case Kind::runInfo:
      return std::ranges::any_of(kRunInfoCurves, [&](const auto& c) { return c.first == column; });
  }
  return false;
}

std::string curveName(Kind kind, const std::string& column) {
  if (kind == Kind::solverInfo) return column.substr(0, column.size() - kInitial.size());
  if (kind == Kind::runInfo)
    for (const auto& [from, to] : kRunInfoCurves)
      if (from == column) return std::string(to);
  return column;
}

// A time folder's name as a number ("0", "0.25", "1e-05"); nullopt for other folders.
std::optional<double> timeOfFolder(const std::string& name) {
  double v = 0;
  const auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), v);
  if (ec != std::errc() || end != name.data() + name.size()) return std::nullopt;
  return v;
}

// One function object's history (one <name> folder, one file kind) built
// from its start-time folders in order.
struct MergedHistory {
  std::vector<TimeSeries> series;  // in order of first appearance

  void append(double start, const HistoryTable& table, Kind kind) {
    const double firstNew = table.time.empty() ? std::numeric_limits<double>::infinity() : table.time.front();
    for (TimeSeries& s : series) {
      std::size_t keep = 0;
      while (keep < s.time.size() && s.time[keep] <= start && s.time[keep] < firstNew) ++keep;
      s.time.resize(keep);
      s.value.resize(keep);
    }
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
      const std::string name = curveName(kind, table.columns[c]);
      auto it = std::ranges::find(series, name, &TimeSeries::name);
      if (it == series.end()) it = series.insert(series.end(), TimeSeries{name, {}, {}});
      it->time.insert(it->time.end(), table.time.begin(), table.time.end());
      it->value.insert(it->value.end(), table.values[c].begin(), table.values[c].end());
    }
  }
};

std::vector<fs::path> sortedEntries(const fs::path& dir) {
  std::vector<fs::path> entries;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) entries.push_back(it->path());
  std::ranges::sort(entries);
  return entries;
}

void addSeries(std::vector<TimeSeries>& to, TimeSeries s, const std::string& functionName) {
  // Two function objects with a field of the same name: say which is which.
  if (std::ranges::find(to, s.name, &TimeSeries::name) != to.end()) s.name = functionName + "/" + s.name;
  to.push_back(std::move(s));
}

}  // namespace

std::pair<double, double> RunHistory::timeRange() const {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const auto* list : {&residuals, &courant, &stepSeconds})
    for (const TimeSeries& s : *list)
      for (double t : s.time) {
        lo = std::min(lo, t);
        hi = std::max(hi, t);
      }
  if (lo > hi) return {0.0, 0.0};
  return {lo, hi};
}

RunHistory readRunHistory(const fs::path& caseDir) {
  RunHistory history;
  for (const fs::path& function : sortedEntries(caseDir / "postProcessing")) {
    std::error_code ec;
    if (!fs::is_directory(function, ec)) continue;
    std::vector<std::pair<double, fs::path>> starts;
    for (const fs::path& folder : sortedEntries(function))
      if (const std::optional<double> t = timeOfFolder(folder.filename().string()); t && fs::is_directory(folder, ec))
        starts.emplace_back(*t, folder);
    std::ranges::sort(starts, {}, &std::pair<double, fs::path>::first);

    for (const KindSpec& spec : kKinds) {
      MergedHistory merged;
      bool found = false;
      for (const auto& [start, folder] : starts) {
        const fs::path file = folder / spec.fileName;
        if (!fs::is_regular_file(file, ec)) continue;
        found = true;
        history.files.push_back(file);
        merged.append(start, readHistoryTable(file, [&](std::string_view c) { return wantedColumn(spec.kind, c); }),
                      spec.kind);
      }
      if (!found) continue;
      const std::string functionName = function.filename().string();
      for (TimeSeries& s : merged.series) {
        if (spec.kind != Kind::runInfo)
          addSeries(history.residuals, std::move(s), functionName);
        else if (s.name == kStepCurve)
          addSeries(history.stepSeconds, std::move(s), functionName);
        else
          addSeries(history.courant, std::move(s), functionName);
      }
    }
  }
  return history;
}

}  // namespace sluice::plot
