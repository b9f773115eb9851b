#pragma once
// The base of the function objects FunctionObjects runs (internal to the
// output module: sets, probes and solverInfo objects derive from it). An
// object has a name, its fields, a write timer and its output folder
// CASE/postProcessing/<name>; execute() is collective.
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sluice/output/function_objects.hpp"

namespace sluice::output {

/// The fields of an object that exist (on every rank, with the same components), in the listed order.
struct ResolvedFields {
  std::vector<std::string> names;
  std::vector<SampledField> fields;
};

class FunctionObjects::Object {
 public:
  Object(std::string name, const std::vector<std::string>& fields, WriteSchedule schedule, Scalar startTime,
         std::filesystem::path caseDir, const parallel::Communicator& comm, const WarningHandler& warn)
      : name_(std::move(name)),
        fieldNames_(fields),
        timer_(schedule, startTime),
        outputDir_(std::move(caseDir) / "postProcessing" / name_),
        comm_(comm),
        warn_(warn) {}
  virtual ~Object() = default;
  const std::string& name() const { return name_; }
  bool due(const TimeState& state) { return timer_.due(state); }
  /// Where an object's data comes from.
  struct Sources {
    const FieldLookup& fields;
    const SolveLookup& solves;  ///< may be empty (no linear solves known)
  };
  virtual void execute(const TimeState& state, const Sources& sources) = 0;

 protected:
  ResolvedFields resolve(const FieldLookup& lookup) {
    std::vector<std::optional<SampledField>> found;
    std::vector<int> components;
    for (const std::string& f : fieldNames_) {
      found.push_back(lookup(f));
      components.push_back(found.back() ? found.back()->components : 0);
    }
    comm_.minInPlace(std::span<int>(components));
    ResolvedFields r;
    for (std::size_t i = 0; i < fieldNames_.size(); ++i) {
      if (components[i] > 0 && found[i] && found[i]->components == components[i]) {
        r.names.push_back(fieldNames_[i]);
        r.fields.push_back(*found[i]);
      } else if (missingWarned_.insert(fieldNames_[i]).second) {
        warn_(fmt::format("function object '{}': field '{}' not found; not sampled", name_, fieldNames_[i]));
      }
    }
    return r;
  }

  std::string name_;
  std::vector<std::string> fieldNames_;
  WriteTimer timer_;
  std::filesystem::path outputDir_;
  const parallel::Communicator& comm_;
  WarningHandler warn_;
  std::set<std::string> missingWarned_;
};


}  // namespace sluice::output
