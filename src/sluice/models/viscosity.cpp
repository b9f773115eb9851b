#include "sluice/models/viscosity.hpp"

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/field/field_io.hpp"
#include "sluice/io/dictionary.hpp"

namespace sluice::models {

Scalar readKinematicViscosity(const std::filesystem::path& caseDir, const ViscosityOptions& options) {
  const io::Dictionary dict =
      io::Dictionary::readFile(caseDir / "constant/transportProperties", "constant/transportProperties");
  if (options.requireTransportModel || dict.found("transportModel")) dict.getSupported("transportModel", {"Newtonian"});
  const io::DimensionedScalar nu = dict.getDimensioned("nu");
  if (nu.dimensions && !(*nu.dimensions == io::DimensionSet{{0, 2, -1, 0, 0, 0, 0}}))
    dict.fail(fmt::format("nu has dimensions {}; expected [0 2 -1 0 0 0 0]", field::formatDimensions(*nu.dimensions)));
  if (!(nu.value > 0)) dict.fail(fmt::format("nu must be positive, found {}", nu.value));
  return nu.value;
}

}  // namespace sluice::models
