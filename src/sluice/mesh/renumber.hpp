#pragma once
// Cell renumbering to reduce matrix bandwidth (reverse Cuthill-McKee).
//
//   std::vector<Label> order = reverseCuthillMcKee(mesh);   // order[new] = old
//   Label before = bandwidth(mesh);
//   PolyMesh renumbered = renumberCells(mesh, order);        // faces re-sorted upper-triangular
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/mesh/poly_mesh.hpp"

namespace sluice::mesh {

/// Largest |owner - neighbour| over internal faces.
Label bandwidth(const PolyMesh& mesh);

/// RCM ordering of the cell graph, order[newCell] = oldCell. Each connected
/// component starts from a pseudo-peripheral cell of minimum degree.
std::vector<Label> reverseCuthillMcKee(const PolyMesh& mesh);

/// The same mesh with cells renumbered (order[newCell] = oldCell), internal
/// faces re-sorted into upper-triangular order, boundary faces unchanged.
PolyMesh renumberCells(const PolyMesh& mesh, const std::vector<Label>& order);

}  // namespace sluice::mesh
