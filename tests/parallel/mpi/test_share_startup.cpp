// The distributed start-up's partitioning (PT-Scotch on the cell blocks) and
// migration (faces and points to their cells' ranks) at 1-4 ranks, on shares
// sliced from a mesh every rank can rebuild: the part each rank builds must be
// exactly the part extractRankMesh (the rank-0 start-up) gives for the same
// cell-to-rank map; then each rank's local renumbering.
#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <numeric>

#include "parallel/cell_measures.hpp"
#include "parallel/mpi/mesh_share_assembly.hpp"
#include "parallel/mpi/mesh_share_slicing.hpp"
#include "sluice/mesh/renumber.hpp"
#include "sluice/parallel/distribute.hpp"
#include "sluice/parallel/local_renumbering.hpp"
#include "sluice/parallel/share_migration.hpp"
#include "sluice/parallel/share_partition.hpp"
#include "support/box_mesh.hpp"
#include "support/mpi_world.hpp"

namespace sluice::parallel {
namespace {

using test::commRank;  // support/mpi_world.hpp
using test::commSize;

// Every rank's part of the cell blocks put together: cell -> rank on every rank.
std::vector<int> wholeMap(const std::vector<int>& blockPart) { return test::allGatherv(blockPart); }

void expectSameMesh(const DistributedMesh& a, const DistributedMesh& b) {
  EXPECT_EQ(a.mesh.points(), b.mesh.points());
  EXPECT_EQ(a.mesh.faces(), b.mesh.faces());
  EXPECT_EQ(a.mesh.owner(), b.mesh.owner());
  EXPECT_EQ(a.mesh.neighbour(), b.mesh.neighbour());
  ASSERT_EQ(a.mesh.patches().size(), b.mesh.patches().size());
  for (std::size_t p = 0; p < a.mesh.patches().size(); ++p) {
    const mesh::Patch& x = a.mesh.patches()[p];
    const mesh::Patch& y = b.mesh.patches()[p];
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.type, y.type);
    EXPECT_EQ(x.start, y.start) << x.name;
    EXPECT_EQ(x.size, y.size) << x.name;
    EXPECT_EQ(x.neighbourRank, y.neighbourRank) << x.name;
    EXPECT_EQ(x.inGroups, y.inGroups) << x.name;
  }
  EXPECT_EQ(a.mesh.name(), b.mesh.name());
  EXPECT_EQ(a.nOwnedCells, b.nOwnedCells);
  EXPECT_EQ(a.nGhostCells, b.nGhostCells);
  EXPECT_EQ(a.nGlobalCells, b.nGlobalCells);
  EXPECT_EQ(a.globalCellIds, b.globalCellIds);
  EXPECT_EQ(a.globalFaceIds, b.globalFaceIds);
  EXPECT_EQ(a.globalPointIds, b.globalPointIds);
  EXPECT_EQ(a.processorFaceGhost, b.processorFaceGhost);
  EXPECT_EQ(a.firstProcessorFace, b.firstProcessorFace);
  EXPECT_EQ(a.halo.neighbours, b.halo.neighbours);
  EXPECT_EQ(a.halo.sendCells, b.halo.sendCells);
  EXPECT_EQ(a.halo.recvCells, b.halo.recvCells);
}

struct Migrated {
  std::vector<int> cellToRank;  // whole map, every rank
  std::vector<int> neighbourParts;
  DistributedMesh local;
};

// Migrates the slices of `global` with the given block parts (identity rank numbering).
Migrated migrate(const mesh::PolyMesh& global, const std::vector<int>& blockPart, StartupTraffic& traffic) {
  MeshShare share = test::sliceMesh(global, commRank(), commSize());
  const IdRanges blocks = IdRanges::even(share.nGlobalCells, commSize());
  Migrated m;
  m.cellToRank = wholeMap(blockPart);
  ShareMigration migration(MPI_COMM_WORLD, share, blocks, blockPart, traffic);
  m.neighbourParts = migration.neighbourParts();
  std::vector<int> identity(static_cast<std::size_t>(commSize()));
  std::iota(identity.begin(), identity.end(), 0);
  m.local = migration.build(identity);
  return m;
}

std::vector<int> blockPartOf(GlobalLabel nCells, const std::function<int(GlobalLabel)>& rankOf) {
  const IdRanges blocks = IdRanges::even(nCells, commSize());
  std::vector<int> part;
  for (GlobalLabel c = blocks.first(commRank()); c < blocks.end(commRank()); ++c) part.push_back(rankOf(c));
  return part;
}

TEST(ShareMigration, BuildsTheSamePartAsTheRankZeroStartUpForAScatteredMap) {
  // Every cell to rank (7c mod P): many processor faces, ghosts from every side.
  const mesh::PolyMesh global = test::boxMesh(12, 9, 2, test::wavyMap);
  StartupTraffic traffic;
  const Migrated m =
      migrate(global, blockPartOf(global.nCells(), [](GlobalLabel c) { return static_cast<int>(7 * c % commSize()); }),
              traffic);
  expectSameMesh(m.local, extractRankMesh(global, m.cellToRank, commSize(), commRank()));
  EXPECT_EQ(m.neighbourParts, m.local.halo.neighbours);
  EXPECT_GE(traffic.exchanges, 5);
}

TEST(ShareMigration, BuildsTheSamePartAsTheRankZeroStartUpForPtScotchParts) {
  const mesh::PolyMesh global = test::boxMesh(16, 11, 1, test::wavyMap);
  const MeshShare share = test::sliceMesh(global, commRank(), commSize());
  StartupTraffic traffic;
  const std::vector<int> part =
      partitionShare(MPI_COMM_WORLD, share, IdRanges::even(share.nGlobalCells, commSize()), traffic);
  const Migrated m = migrate(global, part, traffic);
  expectSameMesh(m.local, extractRankMesh(global, m.cellToRank, commSize(), commRank()));
  EXPECT_EQ(m.neighbourParts, m.local.halo.neighbours);
}

TEST(SharePartition, PtScotchUsesEveryRankWithBalancedParts) {
  const mesh::PolyMesh global = test::boxMesh(40, 30, 1);
  const MeshShare share = test::sliceMesh(global, commRank(), commSize());
  StartupTraffic traffic;
  const std::vector<int> part =
      partitionShare(MPI_COMM_WORLD, share, IdRanges::even(share.nGlobalCells, commSize()), traffic);
  const std::vector<int> all = wholeMap(part);
  ASSERT_EQ(all.size(), 1200u);
  std::vector<int> sizes(static_cast<std::size_t>(commSize()), 0);
  for (int p : all) {
    ASSERT_GE(p, 0);
    ASSERT_LT(p, commSize());
    ++sizes[p];
  }
  const double mean = 1200.0 / commSize();
  for (int s : sizes) EXPECT_LE(s, 1.05 * mean + 1) << "part sizes unbalanced";
  for (int s : sizes) EXPECT_GT(s, 0);
}

TEST(SharePartition, TheSameMeshGivesTheSamePartsEveryTime) {
  // Restarts continue bit for bit only if a run's decomposition is reproducible.
  const mesh::PolyMesh global = test::boxMesh(23, 17, 3, test::wavyMap);
  const MeshShare share = test::sliceMesh(global, commRank(), commSize());
  StartupTraffic traffic;
  const IdRanges blocks = IdRanges::even(share.nGlobalCells, commSize());
  const std::vector<int> first = partitionShare(MPI_COMM_WORLD, share, blocks, traffic);
  for (int run = 0; run < 3; ++run) EXPECT_EQ(partitionShare(MPI_COMM_WORLD, share, blocks, traffic), first);
}

TEST(SharePartition, MoreRanksThanScotchCanFillGivesTheCellBlocks) {
  // 1 x 1 x P cells: every part must still get a cell.
  const mesh::PolyMesh global = test::boxMesh(1, 1, commSize());
  const MeshShare share = test::sliceMesh(global, commRank(), commSize());
  StartupTraffic traffic;
  const std::vector<int> part =
      partitionShare(MPI_COMM_WORLD, share, IdRanges::even(share.nGlobalCells, commSize()), traffic);
  std::vector<int> all = wholeMap(part);
  std::sort(all.begin(), all.end());
  std::vector<int> expected(static_cast<std::size_t>(commSize()));
  std::iota(expected.begin(), expected.end(), 0);
  EXPECT_EQ(all, expected);
}

TEST(LocalRenumbering, NarrowsTheBandAndKeepsEveryCellsFacesAndHalo) {
  // Rows of cells to ranks in turn, numbered along x: RCM narrows each rank's band.
  const mesh::PolyMesh global = test::boxMesh(30, 8, 1, test::wavyMap);
  StartupTraffic traffic;
  Migrated m = migrate(global, blockPartOf(global.nCells(), [](GlobalLabel c) { return static_cast<int>(c / 30 % commSize()); }),
                       traffic);
  const DistributedMesh before = m.local;
  const LocalRenumbering r = renumberOwnedCells(m.local);
  const DistributedMesh& after = m.local;
  EXPECT_EQ(r.bandwidthBefore, mesh::bandwidth(before.mesh));
  EXPECT_EQ(r.bandwidthAfter, mesh::bandwidth(after.mesh));
  if (r.renumbered) {
    EXPECT_LT(r.bandwidthAfter, r.bandwidthBefore);
  }
  if (commSize() == 1) {
    EXPECT_TRUE(r.renumbered);
  }
  EXPECT_TRUE(after.mesh.isUpperTriangular());
  // The same global cells, faces and halo cells (by global id) as before.
  auto sorted = [](std::vector<GlobalLabel> v) {
    std::sort(v.begin(), v.end());
    return v;
  };
  EXPECT_EQ(sorted(after.globalCellIds), sorted(before.globalCellIds));
  EXPECT_EQ(sorted(after.globalFaceIds), sorted(before.globalFaceIds));
  for (std::size_t i = 0; i < after.halo.sendCells.size(); ++i)
    for (std::size_t k = 0; k < after.halo.sendCells[i].size(); ++k)
      EXPECT_EQ(after.globalCellIds[after.halo.sendCells[i][k]], before.globalCellIds[before.halo.sendCells[i][k]]);
  // Each face keeps its cells (by global id) and its vertices, turned when the owner changed.
  std::vector<Label> faceBefore(static_cast<std::size_t>(global.nFaces()), -1);
  for (Label f = 0; f < before.mesh.nFaces(); ++f) faceBefore[before.globalFaceIds[f]] = f;
  for (Label f = 0; f < after.mesh.nFaces(); ++f) {
    const Label b = faceBefore[after.globalFaceIds[f]];
    const GlobalLabel ownerNow = after.globalCellIds[after.mesh.owner()[f]];
    const GlobalLabel ownerThen = before.globalCellIds[before.mesh.owner()[b]];
    const auto now = after.mesh.faces()[f];
    const auto then = before.mesh.faces()[b];
    ASSERT_EQ(now.size(), then.size());
    if (ownerNow == ownerThen) {
      EXPECT_TRUE(std::equal(now.begin(), now.end(), then.begin())) << "face " << f;
    } else {
      ASSERT_LT(f, after.mesh.nInternalFaces());
      EXPECT_EQ(ownerNow, before.globalCellIds[before.mesh.neighbour()[b]]);
      EXPECT_EQ(now[0], then[0]);
      EXPECT_TRUE(std::equal(now.begin() + 1, now.end(), then.rbegin())) << "face " << f;
    }
  }
  EXPECT_EQ(after.processorFaceGhost, before.processorFaceGhost);
  EXPECT_EQ(after.firstProcessorFace, before.firstProcessorFace);
}

}  // namespace
}  // namespace sluice::parallel
