// METIS partitioning of the cell graph.
#include <metis.h>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/mesh/cell_graph.hpp"
#include "sluice/parallel/decomposition_methods.hpp"

namespace sluice::parallel {

namespace {

constexpr idx_t metisSeed = 7;
// Allowed imbalance in thousandths (1 + ufactor/1000 times the mean).
constexpr idx_t metisUFactor = 10;
// Up to this many parts recursive bisection balances better than k-way.
constexpr int metisRecursiveMaxParts = 8;

}  // namespace

std::vector<int> decomposeMetis(const mesh::PolyMesh& mesh, std::span<const Vec3> /*cellCentres*/, int nParts,
                                const DecompositionSettings& /*settings*/) {
  const mesh::CellGraph cells = mesh::cellGraph(mesh);
  idx_t nVertices = mesh.nCells();
  idx_t nConstraints = 1;
  idx_t parts = nParts;
  std::vector<idx_t> offsets(cells.offsets.begin(), cells.offsets.end());
  std::vector<idx_t> adjacency(cells.adjacency.begin(), cells.adjacency.end());
  if (adjacency.empty()) adjacency.push_back(0);

  idx_t options[METIS_NOPTIONS];
  METIS_SetDefaultOptions(options);
  options[METIS_OPTION_SEED] = metisSeed;
  options[METIS_OPTION_UFACTOR] = metisUFactor;
  options[METIS_OPTION_NUMBERING] = 0;

  idx_t edgeCut = 0;
  std::vector<idx_t> part(static_cast<std::size_t>(nVertices));
  const bool recursive = nParts <= metisRecursiveMaxParts;
  const int status = recursive
                         ? METIS_PartGraphRecursive(&nVertices, &nConstraints, offsets.data(), adjacency.data(),
                                                    nullptr, nullptr, nullptr, &parts, nullptr, nullptr, options,
                                                    &edgeCut, part.data())
                         : METIS_PartGraphKway(&nVertices, &nConstraints, offsets.data(), adjacency.data(), nullptr,
                                               nullptr, nullptr, &parts, nullptr, nullptr, options, &edgeCut,
                                               part.data());
  if (status != METIS_OK)
    throw Error(fmt::format("metis decomposition: {} failed (status {})",
                            recursive ? "METIS_PartGraphRecursive" : "METIS_PartGraphKway", status));
  return std::vector<int>(part.begin(), part.end());
}

}  // namespace sluice::parallel
