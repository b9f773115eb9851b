#pragma once
// Row-by-row (compressed sparse row) view of the LDU face structure, with the
// rows in a dependency-level schedule. Built once per mesh
// (LduAddressing::rows()); matrices keep face-ordered coefficients and copy
// them into this layout for the solver kernels (RowMatrix, the incomplete
// factors).
//
// Why rows: a face loop scatters into two rows, a read-modify-write of memory
// the previous update may have just written; a row loop gathers into a
// register and writes each row once.
//
// Why a schedule: the triangular sweeps (Gauss-Seidel, DIC/DILU) compute row
// i from its lower neighbours (forward) or upper neighbours (backward), so in
// cell order every row waits for the one before it (the i-1 neighbour) and
// the sweep runs at the latency of a multiply-add plus a store-to-load
// forward per row. The level of a row is 1 + the highest level of its lower
// neighbours in the same block of consecutive cells (0 without any; an
// earlier block is finished before a block starts); rows of one level do not
// depend on each other.
// Visiting rows level by level (ascending cells within a level) computes every
// row from exactly the same operand values and in the same arithmetic order
// as the cell-order sweep, so results are bit-identical, while consecutive
// rows are independent and overlap in the pipeline. The backward sweeps visit
// the schedule in reverse, which respects the upper-neighbour dependences for
// the same reason.
//
// Entry e of scheduled row k belongs to cell cell[k]; the lower part
// (columns below the cell, ascending) comes before the upper part.
//
//   const RowPattern& p = addressing.rows();
//   for (Label k = 0; k < p.nRows(); ++k) {
//     const Label i = p.cell[k];
//     for (Label e = p.start[k]; e < p.upperStart[k]; ++e) useLower(i, p.column[e]);
//     for (Label e = p.upperStart[k]; e < p.start[k + 1]; ++e) useUpper(i, p.column[e]);
//   }
#include <span>
#include <vector>

#include "sluice/core/types.hpp"

namespace sluice::linear {

struct LduAddressing;

struct RowPattern {
  std::vector<Label> cell;        ///< nRows: the cell of each scheduled row
  std::vector<Label> start;       ///< nRows + 1: scheduled row k holds entries start[k] .. start[k+1]-1
  std::vector<Label> upperStart;  ///< nRows: first entry of row k with column > cell[k]
  std::vector<Label> column;      ///< per entry: the other cell (owned, < nCells)
  std::vector<Label> levelStart;  ///< nLevels + 1: level j is scheduled rows levelStart[j] .. levelStart[j+1]-1
  /// Bandwidth of the schedule: the largest distance |k - k'| between the
  /// scheduled positions of two neighbouring rows. A sweep in either
  /// direction has visited every neighbour of row k once it is this many
  /// rows past k, so k's residual can be taken that far behind the sweep.
  Label bandwidth = 0;
  /// The rows with coupled faces (processor or cyclic): per coupled face of
  /// the addressing, the index of its row in coupledRowPosition (rows in the
  /// order their first coupled face comes); per such row, its scheduled
  /// position. Lets a kernel revisit those few rows after a sweep.
  std::vector<Label> coupledFaceRow;
  std::vector<Label> coupledRowPosition;

  Label nRows() const { return static_cast<Label>(cell.size()); }
  Label nEntries() const { return static_cast<Label>(column.size()); }
  Label nLevels() const { return levelStart.empty() ? 0 : static_cast<Label>(levelStart.size()) - 1; }

  /// Calls visit(entry, face, isUpper) for every entry in entry order: the
  /// face whose `upper` (isUpper) or `lower` coefficient the entry holds.
  /// `ownerStart` is the addressing's (linear::ownerStart: cell c owns faces
  /// ownerStart[c] .. ownerStart[c+1]-1), made by the caller for the call
  /// rather than kept with the pattern (4 B per cell); `upperCells` is the
  /// addressing's upper list. Found from the rows instead of stored per face
  /// (8 B per face less): a row's upper entries are its cell's owned faces in
  /// order, and a lower entry's face is among the faces its column owns
  /// (faces between the same two cells in face order).
  template <class Visit>
  void forEachEntryFace(std::span<const Label> ownerStart, std::span<const Label> upperCells, Visit&& visit) const {
    for (std::size_t k = 0; k < cell.size(); ++k) {
      const Label i = cell[k];
      Label f = -1;
      for (Label e = start[k]; e < upperStart[k]; ++e) {
        const Label l = column[static_cast<std::size_t>(e)];
        // The next face of l's with neighbour i: after the previous entry's
        // face when both entries are faces between l and i.
        if (e == start[k] || column[static_cast<std::size_t>(e) - 1] != l) f = ownerStart[static_cast<std::size_t>(l)];
        else ++f;
        while (upperCells[static_cast<std::size_t>(f)] != i) ++f;
        visit(e, f, false);
      }
      f = ownerStart[static_cast<std::size_t>(i)];
      for (Label e = upperStart[k]; e < start[k + 1]; ++e) visit(e, f++, true);
    }
  }
};

/// Builds the pattern of an addressing whose faces are sorted by owner (see
/// checkAddressing).
RowPattern buildRowPattern(const LduAddressing& addressing);

}  // namespace sluice::linear
