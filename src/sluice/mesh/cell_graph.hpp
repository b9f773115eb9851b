#pragma once
// The cell adjacency graph of a mesh: two cells are neighbours when they
// share an internal face. CSR storage, symmetric (each edge listed from both
// ends), each list sorted without duplicates (two cells may share several
// faces) and without self loops (PolyMesh rejects owner == neighbour): the
// form Scotch and METIS take directly, and what renumbering walks.
//
//   const CellGraph g = cellGraph(mesh);
//   for (Label n : g.neighbours(c)) ...;          // or adjacency[offsets[c] .. offsets[c+1])
//   Label d = g.degree(c);
#include <cstddef>
#include <span>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/mesh/poly_mesh.hpp"

namespace sluice::mesh {

struct CellGraph {
  std::vector<Label> offsets;    ///< nCells + 1 entries
  std::vector<Label> adjacency;  ///< neighbours of cell c at [offsets[c], offsets[c+1])

  Label degree(Label c) const { return offsets[c + 1] - offsets[c]; }
  std::span<const Label> neighbours(Label c) const {
    return {adjacency.data() + offsets[c], static_cast<std::size_t>(degree(c))};
  }
};

/// The cell graph of `mesh` through its internal faces.
CellGraph cellGraph(const PolyMesh& mesh);

}  // namespace sluice::mesh
