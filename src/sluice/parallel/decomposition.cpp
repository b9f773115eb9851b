#include "sluice/parallel/decomposition.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "sluice/core/error.hpp"

namespace sluice::parallel {

namespace {

// Partitioners may leave a part empty on awkward graphs (several components,
// tiny meshes). Every rank needs cells, so move the highest-numbered cell of
// the largest part into each empty part.
void fillEmptyParts(std::vector<int>& part, int nParts) {
  std::vector<Label> size = partSizes(part, nParts);
  for (int p = 0; p < nParts; ++p) {
    if (size[p] > 0) continue;
    const int largest = static_cast<int>(std::max_element(size.begin(), size.end()) - size.begin());
    for (auto c = static_cast<std::ptrdiff_t>(part.size()) - 1; c >= 0; --c) {
      if (part[c] == largest) {
        part[c] = p;
        --size[largest];
        ++size[p];
        break;
      }
    }
  }
}

}  // namespace

std::vector<int> decompose(const mesh::PolyMesh& mesh, std::span<const Vec3> cellCentres, int nParts,
                           const DecompositionSettings& settings) {
  DecompositionRegistry registry;
  registerDecompositionMethods(registry);
  return decompose(registry, mesh, cellCentres, nParts, settings);
}

std::vector<int> decompose(const DecompositionRegistry& registry, const mesh::PolyMesh& mesh,
                           std::span<const Vec3> cellCentres, int nParts, const DecompositionSettings& settings) {
  const Label nCells = mesh.nCells();
  if (nParts < 1) throw Error(fmt::format("decompose: {} parts requested", nParts));
  if (static_cast<Label>(cellCentres.size()) != nCells)
    throw Error(fmt::format("decompose: {} cell centres for {} cells", cellCentres.size(), nCells));
  if (nParts > nCells)
    throw InputError(fmt::format("{}: cannot decompose {} cells over {} ranks", mesh.name(), nCells, nParts));
  if (nParts == 1) return std::vector<int>(static_cast<std::size_t>(nCells), 0);

  const DecompositionFunction* method = registry.find(settings.method);
  if (method == nullptr) throw Error(fmt::format("decompose: no decomposition method '{}'", settings.method));
  std::vector<int> part = (*method)(mesh, cellCentres, nParts, settings);
  if (static_cast<Label>(part.size()) != nCells)
    throw Error(fmt::format("{} decomposition returned {} entries for {} cells", settings.method, part.size(), nCells));
  for (Label c = 0; c < nCells; ++c)
    if (part[c] < 0 || part[c] >= nParts)
      throw Error(fmt::format("{} decomposition put cell {} in part {} of {}", settings.method, c, part[c], nParts));
  fillEmptyParts(part, nParts);
  return part;
}

std::vector<Label> partSizes(std::span<const int> cellToPart, int nParts) {
  std::vector<Label> size(static_cast<std::size_t>(std::max(nParts, 0)), 0);
  for (int p : cellToPart)
    if (p >= 0 && p < nParts) ++size[p];
  return size;
}

double loadImbalance(std::span<const int> cellToPart, int nParts) {
  if (nParts < 1 || cellToPart.empty()) return 0.0;
  const std::vector<Label> size = partSizes(cellToPart, nParts);
  const double mean = static_cast<double>(cellToPart.size()) / nParts;
  return *std::max_element(size.begin(), size.end()) / mean - 1.0;
}

}  // namespace sluice::parallel
