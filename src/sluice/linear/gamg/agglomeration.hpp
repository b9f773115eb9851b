#pragma once
// The multigrid hierarchy of one mesh: the finest level is the mesh's cells;
// each coarse level groups the cells of the level above by pairwise
// agglomeration (pair_agglomeration.hpp), mergeLevels pairing steps per
// level, until one more level would leave fewer than ranks x
// nCellsInCoarsestLevel cells in total (OpenFOAM's rule). Built once per mesh
// and settings; per solve only coefficients are summed (CoarseMatrixBuilder).
//
// Parallel: every rank groups only its own cells. A coarse level's ghosts are
// the coarse cells of the neighbours next to this rank's coarse cells. They
// are found by sending each fine cell's group number through the fine level's
// halo once (a neighbour exchange, no global step): the ghosts from a
// neighbour are its distinct groups seen across the boundary, in ascending
// order, and the neighbour sends exactly those groups in that order, so both
// sides agree without further messages. Each level fills its ghosts with its
// own HaloExchange (tag 24400 + level).
//
// The coarsest level is gathered: its matrix rows and, per V-cycle, its
// right-hand side reach every rank (MPI_Allgatherv), and every rank solves the
// same small system (CoarsestSolver). Its size is about ranks x
// nCellsInCoarsestLevel.
//
//   const Agglomeration& a = multigridMesh.agglomeration({10, 1});
//   for (int k = 1; k < a.nLevels(); ++k) a.level(k).addressing->nCells ...
#include <memory>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/linear/gamg/gamg_settings.hpp"
#include "sluice/linear/gamg/ghost_layout.hpp"
#include "sluice/linear/ldu_matrix.hpp"

namespace sluice::linear {

class MultigridMesh;

/// Level k (k >= 1) and how it is formed from level k - 1.
struct CoarseLevel {
  std::vector<Label> restrictMap;  ///< per owned cell of level k - 1: its cell on level k
  std::shared_ptr<const LduAddressing> addressing;
  std::vector<Label> faceMap;      ///< per internal face of level k - 1: coarse face, or -1 - cell (inside a cell)
  std::vector<char> faceFlipped;   ///< per internal face of level k - 1: orientation reversed on level k
  std::vector<Label> coupleMap;    ///< per coupled face of level k - 1: coupled face of level k
  GhostLayout ghostLayout;
};

/// How the coarsest level's rows are gathered into one system on every rank.
struct GatheredCoarsest {
  std::vector<int> cellCounts, cellDispls;    ///< per rank: coarsest owned cells, offsets (global numbering)
  std::vector<int> coeffCounts, coeffDispls;  ///< per rank: coefficient contributions, offsets
  std::shared_ptr<const LduAddressing> addressing;  ///< the whole coarsest level, no ghosts
  /// Per gathered contribution: -1 - cell (diagonal) or 2 * face (upper) / 2 * face + 1 (lower).
  std::vector<Label> slot;
};

class Agglomeration {
 public:
  /// Collective over mesh.comm().
  Agglomeration(const MultigridMesh& mesh, const AgglomerationSettings& settings);

  /// Levels including the finest (1: no coarse level).
  int nLevels() const { return static_cast<int>(coarse_.size()) + 1; }
  /// Coarse level k, 1 <= k < nLevels().
  const CoarseLevel& level(int k) const { return coarse_[static_cast<std::size_t>(k) - 1]; }
  /// Addressing of level k (0: the mesh's).
  const LduAddressing& addressing(int k) const;
  /// Ghost updater of level k (own HaloExchange; 0: the mesh's layout).
  GhostUpdater& ghosts(int k) const { return *ghosts_[static_cast<std::size_t>(k)]; }
  const GatheredCoarsest& gathered() const { return gathered_; }
  const MultigridMesh& mesh() const { return *mesh_; }
  /// Total cells of each level over all ranks (for reports).
  const std::vector<GlobalLabel>& globalCells() const { return globalCells_; }

 private:
  void gatherCoarsest();

  const MultigridMesh* mesh_;
  std::vector<CoarseLevel> coarse_;
  std::vector<std::unique_ptr<LayoutGhosts>> ghosts_;
  GatheredCoarsest gathered_;
  std::vector<GlobalLabel> globalCells_;
};

}  // namespace sluice::linear
