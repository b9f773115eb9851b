// SolverSettings::read: one fvSolution solver dictionary.
#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/linear/gamg/gamg_settings.hpp"
#include "sluice/linear/linear_solver.hpp"
#include "sluice/linear/solver_registry.hpp"

namespace sluice::linear {

namespace {

void report(const WarnFn& warn, const std::string& message) {
  if (warn)
    warn(message);
  else
    fmt::print(stderr, "Warning: {}\n", message);
}

std::string resolveName(const io::Dictionary& dict, const SolverRegistry& registry, SolverRegistry::Kind kind,
                        const std::string& value, const WarnFn& warn) {
  const auto resolved = registry.resolve(kind, value);
  if (!resolved)
    dict.fail(fmt::format("unknown {} '{}'; supported: {}", kindName(kind), value, registry.namesList(kind)));
  if (!resolved->note.empty()) report(warn, dict.context() + ": " + resolved->note);
  return resolved->name;
}

int intAtLeast(const io::Dictionary& dict, const char* key, int fallback, int minimum) {
  const Label v = dict.getOr<Label>(key, fallback);
  if (v < minimum) dict.fail(fmt::format("'{}' must be at least {} (got {})", key, minimum, v));
  return v;
}

Scalar nonNegative(const io::Dictionary& dict, const char* key, Scalar fallback) {
  const Scalar v = dict.getOr<Scalar>(key, fallback);
  if (!(v >= 0)) dict.fail(fmt::format("'{}' must not be negative (got {:g})", key, v));
  return v;
}

}  // namespace

SolverSettings SolverSettings::read(const io::Dictionary& dict, const SolverRegistry& registry, const WarnFn& warn) {
  using Kind = SolverRegistry::Kind;
  SolverSettings s;
  s.context = dict.context();
  s.solver = resolveName(dict, registry, Kind::Solver, dict.get<std::string>("solver"), warn);
  const SolverRegistry::SolverNeeds needs = registry.needs(s.solver);
  if (needs.preconditioner) {
    // `preconditioner DIC;` or `preconditioner { preconditioner DIC; ... }`
    const io::Dictionary* sub = dict.findSubDict("preconditioner");
    const std::string name = sub ? sub->get<std::string>("preconditioner") : dict.get<std::string>("preconditioner");
    s.preconditioner = resolveName(sub ? *sub : dict, registry, Kind::Preconditioner, name, warn);
    if (s.preconditioner == "GAMG")
      s.gamg = std::make_shared<GamgSettings>(GamgSettings::read(sub ? *sub : dict, registry, warn));
  }
  if (s.solver == "GAMG") s.gamg = std::make_shared<GamgSettings>(GamgSettings::read(dict, registry, warn));
  if (needs.smoother)
    s.smoother = resolveName(dict, registry, Kind::Smoother, dict.get<std::string>("smoother"), warn);
  s.tolerance = nonNegative(dict, "tolerance", s.tolerance);
  s.relTol = nonNegative(dict, "relTol", s.relTol);
  s.maxIter = intAtLeast(dict, "maxIter", s.maxIter, 0);
  s.minIter = intAtLeast(dict, "minIter", s.minIter, 0);
  s.nSweeps = intAtLeast(dict, "nSweeps", s.nSweeps, 1);
  s.progressChunks = intAtLeast(dict, "progressChunks", s.progressChunks, 1);
  s.overlapSolutionUpdate = dict.getOr<bool>("overlapSolutionUpdate", false);
  s.overlapDirectionUpdate = dict.getOr<bool>("overlapDirectionUpdate", false);
  if (s.overlapDirectionUpdate) s.overlapSolutionUpdate = true;
  if (dict.found("precision"))
    s.precision = dict.getChoice("precision", {"single", "double"}) == "single" ? Precision::Single : Precision::Double;
  return s;
}

}  // namespace sluice::linear
