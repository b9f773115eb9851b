#include "sluice/output/function_object_specs.hpp"
#include "sluice/core/warning.hpp"

#include <cmath>

#include <fmt/format.h>

namespace sluice::output {

namespace {

std::string scoped(const io::Dictionary& dict, const std::string& sub) {
  return dict.scopePath().empty() ? sub : dict.scopePath() + "/" + sub;
}

InterpolationScheme readScheme(const io::Dictionary& dict) {
  if (!dict.found("interpolationScheme")) return InterpolationScheme::cell;
  const std::string scheme = dict.getChoice("interpolationScheme", {"cell", "cellPoint", "cellPointFace"});
  return scheme == "cell"        ? InterpolationScheme::cell
         : scheme == "cellPoint" ? InterpolationScheme::cellPoint
                                 : InterpolationScheme::cellPointFace;
}

std::vector<std::string> readFields(const io::Dictionary& dict) {
  std::vector<std::string> fields = dict.get<std::vector<std::string>>("fields");
  if (fields.empty()) dict.fail("'fields' is empty");
  for (std::size_t i = 0; i < fields.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (fields[i] == fields[j]) dict.fail(fmt::format("field '{}' listed twice in 'fields'", fields[i]));
  return fields;
}

}  // namespace

WriteSchedule WriteSchedule::read(const io::Dictionary& dict) {
  WriteSchedule s;
  if (dict.found("writeControl")) {
    const std::string c =
        dict.getChoice("writeControl", {"timeStep", "writeTime", "outputTime", "runTime", "adjustableRunTime"});
    s.control = c == "timeStep"                          ? WriteControl::timeStep
                : (c == "writeTime" || c == "outputTime") ? WriteControl::writeTime
                                                          : WriteControl::runTime;
  }
  if (dict.found("writeInterval")) {
    s.interval = dict.get<Scalar>("writeInterval");
    if (!(s.interval > 0)) dict.fail(fmt::format("writeInterval must be positive, found {}", s.interval));
    if (s.control != WriteControl::runTime && s.interval != std::floor(s.interval))
      dict.fail(fmt::format("writeInterval must be a whole number of {}, found {}",
                            s.control == WriteControl::timeStep ? "time steps" : "write times", s.interval));
  }
  return s;
}

SetsSpec readSetsSpec(const io::Dictionary& dict, const std::string& name) {
  SetsSpec spec;
  spec.name = name;
  spec.fields = readFields(dict);
  spec.scheme = readScheme(dict);
  if (dict.found("setFormat")) spec.setFormat = dict.getChoice("setFormat", {"raw", "csv", "vtk"});
  spec.schedule = WriteSchedule::read(dict);
  auto addSet = [&](const io::Dictionary& setDict, const std::string& setName) {
    for (const SampleSetSpec& s : spec.sets)
      if (s.name == setName) setDict.fail(fmt::format("set '{}' defined twice", setName));
    spec.sets.push_back(SampleSetSpec::read(setDict, setName));
  };
  if (const io::Dictionary* sets = dict.findSubDict("sets")) {
    for (const io::Entry& e : sets->entries()) {
      if (!e.isDict()) sets->fail(fmt::format("'{}' is not a set dictionary", e.keyword()));
      addSet(e.dict(), e.keyword());
    }
  } else {
    io::TokenStream ts = dict.stream("sets");
    ts.expectPunct('(');
    while (!ts.acceptPunct(')')) {
      const std::string setName = ts.readWord();
      if (ts.atEnd() || !ts.peek().isPunct('{'))
        ts.fail(fmt::format("expected '{{' after set name '{}', found {}", setName, ts.describeNext()));
      addSet(io::Dictionary::fromStream(ts, dict.fileName(), scoped(dict, "sets/" + setName)), setName);
    }
    ts.expectEnd();
  }
  if (spec.sets.empty()) dict.fail("'sets' is empty");
  return spec;
}

ProbesSpec readProbesSpec(const io::Dictionary& dict, const std::string& name) {
  ProbesSpec spec;
  spec.name = name;
  spec.fields = readFields(dict);
  spec.scheme = readScheme(dict);
  spec.schedule = WriteSchedule::read(dict);
  spec.locations = dict.get<std::vector<Vec3>>("probeLocations");
  if (spec.locations.empty()) dict.fail("'probeLocations' is empty");
  return spec;
}

SolverInfoSpec readSolverInfoSpec(const io::Dictionary& dict, const std::string& name) {
  SolverInfoSpec spec;
  spec.name = name;
  spec.fields = readFields(dict);
  spec.schedule = WriteSchedule::read(dict);
  if (dict.found("writeResidualFields") && dict.get<bool>("writeResidualFields"))
    dict.fail("'writeResidualFields yes' is not supported (sluice writes the figures, not residual fields)");
  return spec;
}

std::vector<FunctionObjectSpec> readFunctionObjectSpecs(const io::Dictionary& controlDict, const WarningHandler& warn) {
  auto warning = [&](const std::string& message) {
    if (warn) warn(message);
    else core::printWarning(message);
  };
  std::vector<FunctionObjectSpec> specs;
  if (!controlDict.found("functions")) return specs;
  const io::Dictionary& functions = controlDict.subDict("functions");
  for (const io::Entry& e : functions.entries()) {
    if (!e.isDict()) {
      warning(fmt::format("{}: '{}' is not a function object dictionary; skipped", functions.context(), e.keyword()));
      continue;
    }
    const io::Dictionary& dict = e.dict();
    const std::string type = dict.get<std::string>("type");
    if (type != "sets" && type != "probes" && type != "solverInfo") {
      warning(fmt::format("{}: function object type '{}' is not supported; skipped", dict.context(), type));
      continue;
    }
    if (dict.found("enabled") && !dict.get<bool>("enabled")) continue;
    if (type == "sets") specs.emplace_back(readSetsSpec(dict, e.keyword()));
    else if (type == "probes") specs.emplace_back(readProbesSpec(dict, e.keyword()));
    else specs.emplace_back(readSolverInfoSpec(dict, e.keyword()));
  }
  return specs;
}

}  // namespace sluice::output
