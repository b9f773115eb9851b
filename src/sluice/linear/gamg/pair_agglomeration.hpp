#pragma once
// One rank's cell-pairing steps of OpenFOAM's pairwise (faceAreaPair)
// agglomeration, and the coarse faces a grouping of cells leaves. Serial and
// local: processor and cyclic faces are never crossed (as OpenFOAM, each rank
// agglomerates its own cells; Agglomeration builds the coarse halos).
//
// pairCells visits the cells in order (`forward`) or in reverse and pairs each
// ungrouped cell with its ungrouped neighbour across the heaviest face; a cell
// without an ungrouped neighbour joins the group across its heaviest face; a
// cell with no faces becomes a group of its own. Ties go to the first face in
// OpenFOAM's per-cell face order (faces where the cell is the upper cell, then
// those where it is the lower), so the groups are the ones OpenFOAM forms.
//
//   CellGroups g = pairCells(addressing, weights, /*forward=*/true);     // g.cellToGroup, g.nGroups
//   CoarseFaces f = coarsenFaces(addressing, g.cellToGroup, g.nGroups);  // coarse lower/upper + face map
#include <span>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/linear/ldu_matrix.hpp"

namespace sluice::linear {

struct CellGroups {
  std::vector<Label> cellToGroup;  ///< per owned cell
  Label nGroups = 0;
};

/// `weights`: one per internal face (addressing.lower/upper).
CellGroups pairCells(const LduAddressing& addressing, std::span<const Scalar> weights, bool forward);

/// The internal faces between groups, as an owner-sorted face list.
struct CoarseFaces {
  std::vector<Label> lower, upper;  ///< per coarse face (lower < upper), grouped by lower in ascending order
  /// Per fine internal face: its coarse face, or -1 - g when both its cells are in group g.
  std::vector<Label> faceMap;
  /// Per fine internal face: true when its lower cell is in the coarse face's upper group.
  std::vector<char> flipped;
};

/// Coarse faces in OpenFOAM's order: grouped by the lower group, and within a
/// group in the order their first fine face appears.
CoarseFaces coarsenFaces(const LduAddressing& fine, std::span<const Label> cellToGroup, Label nGroups);

/// Sums fine face values onto the coarse faces (faces inside a group are dropped).
std::vector<Scalar> restrictFaceValues(const CoarseFaces& faces, std::span<const Scalar> fine);

}  // namespace sluice::linear
