#include "sluice/vof/two_phase_mixture.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "sluice/field/field_io.hpp"
#include "sluice/io/dictionary.hpp"

namespace sluice::vof {

namespace {

const char* const kFile = "constant/transportProperties";

/// A positive dimensioned entry of `dict` with the expected dimensions (when given).
Scalar positiveEntry(const io::Dictionary& dict, const char* key, const io::DimensionSet& expected) {
  const io::DimensionedScalar v = dict.getDimensioned(key);
  if (v.dimensions && !(*v.dimensions == expected))
    dict.fail(fmt::format("{} has dimensions {}; expected {}", key, field::formatDimensions(*v.dimensions),
                          field::formatDimensions(expected)));
  if (!(v.value > 0)) dict.fail(fmt::format("{} must be positive, found {}", key, v.value));
  return v.value;
}

Phase readPhase(const io::Dictionary& dict, const std::string& name) {
  if (!dict.found(name)) dict.fail(fmt::format("missing the entry of phase '{}' (phases lists it)", name));
  if (!dict.isDict(name)) dict.fail(fmt::format("the entry of phase '{}' must be a dictionary", name));
  const io::Dictionary& phase = dict.subDict(name);
  phase.getSupported("transportModel", {"Newtonian"});
  return Phase{name, positiveEntry(phase, "nu", io::DimensionSet{{0, 2, -1, 0, 0, 0, 0}}),
               positiveEntry(phase, "rho", io::DimensionSet{{1, -3, 0, 0, 0, 0, 0}})};
}

Scalar readSigma(const io::Dictionary& dict) {
  const io::DimensionSet kSigma{{1, 0, -2, 0, 0, 0, 0}};
  if (!dict.found("sigma")) dict.fail("missing 'sigma' (the surface tension coefficient, N/m)");
  Scalar sigma = 0;
  if (dict.isDict("sigma")) {
    const io::Dictionary& model = dict.subDict("sigma");
    model.getSupported("type", {"constant"});
    sigma = model.getDimensioned("sigma").value;
  } else {
    const io::DimensionedScalar v = dict.getDimensioned("sigma");
    if (v.dimensions && !(*v.dimensions == kSigma))
      dict.fail(fmt::format("sigma has dimensions {}; expected {}", field::formatDimensions(*v.dimensions),
                            field::formatDimensions(kSigma)));
    sigma = v.value;
  }
  if (!(sigma >= 0)) dict.fail(fmt::format("sigma must not be negative, found {}", sigma));
  return sigma;
}

}  // namespace

TwoPhaseMixture TwoPhaseMixture::read(const std::filesystem::path& caseDir) {
  const io::Dictionary dict = io::Dictionary::readFile(caseDir / kFile, kFile);
  if (!dict.found("phases")) dict.fail("missing 'phases' (e.g. phases (water air);)");
  const auto phases = dict.get<std::vector<std::string>>("phases");
  if (phases.size() != 2)
    dict.fail(fmt::format("phases must name exactly two phases, found {}", phases.size()));
  if (phases[0] == phases[1]) dict.fail(fmt::format("phases names '{}' twice", phases[0]));
  TwoPhaseMixture m;
  m.phase1_ = readPhase(dict, phases[0]);
  m.phase2_ = readPhase(dict, phases[1]);
  m.sigma_ = readSigma(dict);
  return m;
}

Scalar TwoPhaseMixture::mu(Scalar alpha) const {
  const Scalar a = std::clamp(alpha, 0.0, 1.0);
  return a * phase1_.rho * phase1_.nu + (1 - a) * phase2_.rho * phase2_.nu;
}

Scalar TwoPhaseMixture::nu(Scalar alpha) const {
  const Scalar a = std::clamp(alpha, 0.0, 1.0);
  return mu(alpha) / (a * phase1_.rho + (1 - a) * phase2_.rho);
}

}  // namespace sluice::vof
