#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/parallel/decomposition_methods.hpp"

namespace sluice::parallel {

std::vector<int> decomposeSimple(const mesh::PolyMesh& /*mesh*/, std::span<const Vec3> cellCentres, int nParts,
                                 const DecompositionSettings& settings) {
  const auto& n = settings.n;
  if (n[0] * n[1] * n[2] != nParts)
    throw Error(fmt::format("simple decomposition: n ({} {} {}) does not give {} parts", n[0], n[1], n[2], nParts));
  return splitByCoordinates(cellCentres, n, {0, 1, 2}, settings.delta);
}

}  // namespace sluice::parallel
