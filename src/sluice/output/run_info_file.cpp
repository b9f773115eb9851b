#include "sluice/output/run_info_file.hpp"

#include <algorithm>
#include <system_error>

#include <fmt/format.h>

namespace sluice::output {

namespace {
constexpr int kWidth = 14;  // as solverInfo.dat's header cells
}

RunInfoFile::RunInfoFile(const std::filesystem::path& caseDir, const std::string& startTimeName,
                         std::function<void(const std::string&)> warn)
    : file_(caseDir / "postProcessing" / "runInfo" / startTimeName / "runInfo.dat"), warn_(std::move(warn)) {}

void RunInfoFile::fail(const std::string& what) {
  failed_ = true;
  out_.reset();
  if (warn_) warn_(fmt::format("{}: {}; no further run information is written", file_.string(), what));
}

void RunInfoFile::append(Scalar time, const Figures& figures) {
  if (failed_) return;
  if (!out_) {
    std::error_code ec;
    std::filesystem::create_directories(file_.parent_path(), ec);
    out_.reset(std::fopen(file_.c_str(), "w"));
    if (!out_) return fail("cannot write file");
    std::string header = fmt::format("# Run information\n# {:<{}}", "Time", kWidth - 2);
    for (const auto& [name, value] : figures) {
      header += fmt::format("\t{:<{}}", name, kWidth);
      columns_.push_back(name);
    }
    header += '\n';
    std::fputs(header.c_str(), out_.get());
  }
  std::string row = fmt::format("{:<{}}", fmt::format("{:.6g}", time), kWidth);
  for (const std::string& column : columns_) {
    // A figure missing in a later step (none so far) keeps the columns aligned.
    const auto it = std::find_if(figures.begin(), figures.end(), [&](const auto& f) { return f.first == column; });
    row += it != figures.end() ? fmt::format("\t{:.6g}", it->second) : std::string("\tN/A");
  }
  row += '\n';
  if (std::fputs(row.c_str(), out_.get()) < 0 || std::fflush(out_.get()) != 0) fail("cannot write file");
}

}  // namespace sluice::output
