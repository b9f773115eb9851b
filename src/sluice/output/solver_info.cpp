#include "sluice/output/solver_info.hpp"

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "sluice/output/output_files.hpp"
#include "sluice/parallel/parallel_error.hpp"

namespace sluice::output {

namespace {

// OpenFOAM's column width: writePrecision (6) + 8.
constexpr int kWidth = 14;

// v1912 keeps a solve's figures in a dictionary that holds them to 6
// significant digits, then writes them as %.6e: 8.905113e-06 is written
// 8.905110e-06. Same here, so the files compare digit for digit.
std::string residualText(double r) { return fmt::format("{:.6e}", std::stod(fmt::format("{:.6g}", r))); }

}  // namespace

SolverInfoObject::SolverInfoObject(const SolverInfoSpec& spec, Scalar startTime, const std::filesystem::path& caseDir,
                                   const parallel::Communicator& comm, const WarningHandler& warn)
    : Object(spec.name, spec.fields, spec.schedule, startTime, caseDir, comm, warn),
      dir_(outputDir_ / timeName(startTime)) {}

std::string SolverInfoObject::header() const {
  std::string text = fmt::format("# Solver information\n# {:<{}}", "Time", kWidth - 2);
  const auto cell = [&](const std::string& name) { text += fmt::format("\t{:<{}}", name, kWidth); };
  for (const Column& c : columns_) {
    cell(c.field + "_solver");
    for (const std::string& s : c.solved)
      for (const char* figure : {"_initial", "_final", "_iters"}) cell(s + figure);
    cell(c.field + "_converged");
  }
  text += '\n';
  return text;
}

std::string SolverInfoObject::row(const TimeState& state, const SolveLookup& solves) const {
  std::string text = fmt::format("{:<{}}", fmt::format("{:.6g}", state.time), kWidth);
  for (const Column& c : columns_) {
    std::vector<std::optional<SolveSummary>> found;
    for (const std::string& s : c.solved) found.push_back(solves(s));
    const auto first = std::find_if(found.begin(), found.end(), [](const auto& f) { return f.has_value(); });
    text += '\t';
    text += first != found.end() ? (*first)->solver : std::string("N/A");
    for (const auto& f : found) {
      if (f) text += fmt::format("\t{}\t{}\t{}", residualText(f->initialResidual), residualText(f->finalResidual),
                                 f->iterations);
      else text += "\tN/A\tN/A\tN/A";
    }
    // v1912 never sets the converged flag of a vector solve.
    const bool converged = !c.vector && found.front() && found.front()->converged;
    text += first != found.end() ? (converged ? "\ttrue" : "\tfalse") : "\tN/A";
  }
  text += '\n';
  return text;
}

void SolverInfoObject::execute(const TimeState& state, const Sources& sources) {
  if (!sources.solves) return;
  if (!started_) {
    std::vector<std::string> fields = fieldNames_;
    std::sort(fields.begin(), fields.end());
    for (const std::string& f : fields) {
      if (sources.solves(f)) {
        columns_.push_back({f, {f}, false});
        continue;
      }
      Column c{f, {}, true};
      for (const char* xyz : {"x", "y", "z"})
        if (sources.solves(f + xyz)) c.solved.push_back(f + xyz);
      if (!c.solved.empty()) columns_.push_back(std::move(c));
      else warn_(fmt::format("function object '{}': field '{}' is not solved; left out", name_, f));
    }
  }
  parallel::onRoot(comm_, [&] {
    if (!started_) {
      createDirectories(dir_);
      writeTextFile(file(), header());
    }
    appendTextFile(file(), row(state, sources.solves));
  });
  started_ = true;
}

}  // namespace sluice::output
