#pragma once
// Splitting a mesh's cells into parts (one per rank), by the method named in
// the DecompositionSettings (see decomposition_registry.hpp for the methods).
// Runs on one rank (rank 0 holds the undecomposed mesh); no MPI.
//
//   DecompositionSettings settings = DecompositionSettings::readCase(caseDir, nRanks);
//   std::vector<int> cellToRank = decompose(mesh, geometry.cellCentres, nRanks, settings);
//   double imbalance = loadImbalance(cellToRank, nRanks);   // max/mean - 1
#include <span>
#include <vector>

#include "sluice/core/vec3.hpp"
#include "sluice/mesh/poly_mesh.hpp"
#include "sluice/parallel/decomposition_registry.hpp"
#include "sluice/parallel/decomposition_settings.hpp"

namespace sluice::parallel {

/// Cell -> part in [0, nParts), every part non-empty. nParts == 1 gives all
/// zeros without calling a partitioner. Throws InputError if nParts exceeds
/// the number of cells, sluice::Error if the method is not registered.
std::vector<int> decompose(const mesh::PolyMesh& mesh, std::span<const Vec3> cellCentres, int nParts,
                           const DecompositionSettings& settings);

/// As above with an explicit method registry.
std::vector<int> decompose(const DecompositionRegistry& registry, const mesh::PolyMesh& mesh,
                           std::span<const Vec3> cellCentres, int nParts, const DecompositionSettings& settings);

/// Cells per part.
std::vector<Label> partSizes(std::span<const int> cellToPart, int nParts);

/// Load imbalance max/mean - 1 of the part sizes (0 = perfect balance).
double loadImbalance(std::span<const int> cellToPart, int nParts);

}  // namespace sluice::parallel
