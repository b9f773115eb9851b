#include "mpiexec_stderr_filter.hpp"

#include <regex>

#include <fmt/format.h>

namespace sluice::apps {

namespace {

// Open MPI frames its reports with a line of dashes (74 of them).
bool isReportRule(std::string_view text) {
  return text.size() >= 20 && text.find_first_not_of('-') == std::string_view::npos;
}

// Open MPI's own diagnostics start with "[host:pid] " (signal handlers'
// backtraces, "N more processes have sent help message ...").
bool isOpenMpiDiagnostic(std::string_view text) {
  static const std::regex tag(R"(^\[[^\]\s]+:[0-9]+\] .*)");
  return std::regex_match(text.begin(), text.end(), tag);
}

}  // namespace

std::vector<std::string> MpiexecStderrFilter::line(std::string_view text) {
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  static const std::regex killed(
      R"(process rank ([0-9]+) with PID [0-9]+ on node \S+ exited on signal ([0-9]+)(?: \(([^)]*)\))?)");
  std::match_results<std::string_view::const_iterator> m;
  if (std::regex_search(text.begin(), text.end(), m, killed)) {
    shownError_ = true;
    std::string out = fmt::format("error: rank {} was killed by signal {}", m.str(1), m.str(2));
    if (m[3].matched) out += fmt::format(" ({})", m.str(3));
    return {out};
  }
  if (isReportRule(text)) {
    inReport_ = !inReport_;
    dropped_.emplace_back(text);
    return {};
  }
  // "mpiexec: Forwarding signal 10 to job": the stop request on its way (rank 0 reports the stop).
  if (inReport_ || isOpenMpiDiagnostic(text) || (text.find(": Forwarding signal ") != std::string_view::npos &&
                                                 text.ends_with(" to job"))) {
    dropped_.emplace_back(text);
    return {};
  }
  if (text.starts_with("error")) shownError_ = true;
  if (text.starts_with("stopped on ")) stoppedOnRequest_ = true;
  return {std::string(text)};
}

std::vector<std::string> MpiexecStderrFilter::finish(int exitCode) {
  if (exitCode == 0 || shownError_ || stoppedOnRequest_) return {};
  if (dropped_.empty()) return {fmt::format("error: mpiexec failed (exit code {})", exitCode)};
  std::vector<std::string> out = {fmt::format("error: mpiexec failed (exit code {}); its report:", exitCode)};
  out.insert(out.end(), dropped_.begin(), dropped_.end());
  return out;
}

}  // namespace sluice::apps
