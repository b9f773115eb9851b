#pragma once
// The built-in decomposition methods (one per source file), each with the
// DecompositionFunction signature, for nParts >= 2. Use them through
// DecompositionRegistry / decompose(); they are declared here for
// registerDecompositionMethods and for tests of a single method.
//
//   std::vector<int> part = decomposeMetis(mesh, centres, 4, settings);
#include <array>
#include <span>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/mesh/poly_mesh.hpp"
#include "sluice/parallel/decomposition_settings.hpp"

namespace sluice::parallel {

/// Scotch graph partitioning of the cell graph (balance strategy, 1% imbalance, deterministic).
std::vector<int> decomposeScotch(const mesh::PolyMesh& mesh, std::span<const Vec3> cellCentres, int nParts,
                                 const DecompositionSettings& settings);
/// METIS partitioning of the cell graph (recursive bisection up to 8 parts, k-way above; fixed seed).
std::vector<int> decomposeMetis(const mesh::PolyMesh& mesh, std::span<const Vec3> cellCentres, int nParts,
                                const DecompositionSettings& settings);
/// Equal-count slabs along x, then y, then z: part = ix + nx*(iy + ny*iz) with settings.n.
std::vector<int> decomposeSimple(const mesh::PolyMesh& mesh, std::span<const Vec3> cellCentres, int nParts,
                                 const DecompositionSettings& settings);
/// As simple, splitting the axes in settings.order.
std::vector<int> decomposeHierarchical(const mesh::PolyMesh& mesh, std::span<const Vec3> cellCentres, int nParts,
                                       const DecompositionSettings& settings);

/// Shared by simple and hierarchical: nested equal-count splitting of the
/// cells by coordinate, axis order[0] first into n[order[0]] groups, each of
/// those along order[1], and so on. Ties between equal coordinates are broken
/// by a skew of size `delta` towards the other axes, then by cell index.
std::vector<int> splitByCoordinates(std::span<const Vec3> cellCentres, const std::array<int, 3>& n,
                                    const std::array<int, 3>& order, Scalar delta);

}  // namespace sluice::parallel
