#include "sluice/linear/gamg/gamg_settings.hpp"

#include <fmt/format.h>

#include "sluice/io/dictionary.hpp"
#include "sluice/linear/solver_registry.hpp"

namespace sluice::linear {

namespace {

int atLeast(const io::Dictionary& dict, const char* key, int fallback, int minimum) {
  const Label v = dict.getOr<Label>(key, fallback);
  if (v < minimum) dict.fail(fmt::format("'{}' must be at least {} (got {})", key, minimum, v));
  return static_cast<int>(v);
}

}  // namespace

bool GamgSettings::sameCycle(const GamgSettings& other) const {
  GamgSettings a = *this, b = other;
  a.tolerance = b.tolerance = 0;
  a.relTol = b.relTol = 0;
  return a == b;
}

GamgSettings GamgSettings::read(const io::Dictionary& dict, const SolverRegistry& registry, const WarnFn& warn) {
  GamgSettings s;
  const std::string smoother = dict.get<std::string>("smoother");
  const auto resolved = registry.resolve(SolverRegistry::Kind::Smoother, smoother);
  if (!resolved)
    dict.fail(fmt::format("unknown smoother '{}'; supported: {}", smoother,
                          registry.namesList(SolverRegistry::Kind::Smoother)));
  if (!resolved->note.empty() && warn) warn(dict.context() + ": " + resolved->note);
  s.smoother = resolved->name;
  s.nPreSweeps = atLeast(dict, "nPreSweeps", s.nPreSweeps, 0);
  s.preSweepsLevelMultiplier = atLeast(dict, "preSweepsLevelMultiplier", s.preSweepsLevelMultiplier, 0);
  s.maxPreSweeps = atLeast(dict, "maxPreSweeps", s.maxPreSweeps, 0);
  s.nPostSweeps = atLeast(dict, "nPostSweeps", s.nPostSweeps, 0);
  s.postSweepsLevelMultiplier = atLeast(dict, "postSweepsLevelMultiplier", s.postSweepsLevelMultiplier, 0);
  s.maxPostSweeps = atLeast(dict, "maxPostSweeps", s.maxPostSweeps, 0);
  s.nFinestSweeps = atLeast(dict, "nFinestSweeps", s.nFinestSweeps, 0);
  s.interpolateCorrection = dict.getOr<bool>("interpolateCorrection", s.interpolateCorrection);
  s.scaleCorrection = dict.getOr<bool>("scaleCorrection", s.scaleCorrection);
  s.directSolveCoarsest = dict.getOr<bool>("directSolveCoarsest", s.directSolveCoarsest);
  s.nVcycles = atLeast(dict, "nVcycles", s.nVcycles, 1);
  s.tolerance = dict.getOr<Scalar>("tolerance", s.tolerance);
  s.relTol = dict.getOr<Scalar>("relTol", s.relTol);
  s.agglomeration.nCellsInCoarsestLevel =
      atLeast(dict, "nCellsInCoarsestLevel", s.agglomeration.nCellsInCoarsestLevel, 1);
  s.agglomeration.mergeLevels = atLeast(dict, "mergeLevels", s.agglomeration.mergeLevels, 1);
  if (dict.found("agglomerator")) dict.getChoice("agglomerator", {"faceAreaPair"});
  dict.getOr<bool>("cacheAgglomeration", true);
  if (dict.found("processorAgglomerator"))
    dict.fail("processorAgglomerator is not supported: sluice keeps coarse levels on their ranks and solves the "
              "coarsest level gathered on every rank (see docs/PERFORMANCE.md)");
  return s;
}

}  // namespace sluice::linear
