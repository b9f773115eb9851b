// The distributed start-up's geometric decompositions (simple, hierarchical)
// at 1-4 ranks, on shares sliced from a mesh every rank can rebuild: the
// blocks' cell centres must be bit for bit those of the whole mesh, and the
// parts gathered from the ranks exactly those decompose() gives the whole
// mesh on one rank, ties between equal keys included.
#include <gtest/gtest.h>
#include <mpi.h>

#include <memory>
#include <string>

#include <fmt/format.h>

#include "parallel/cell_measures.hpp"
#include "parallel/mpi/mesh_share_assembly.hpp"
#include "parallel/mpi/mesh_share_slicing.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/parallel/comm_profile.hpp"
#include "sluice/parallel/communicator.hpp"
#include "sluice/parallel/decomposition.hpp"
#include "sluice/parallel/share_cell_centres.hpp"
#include "sluice/parallel/share_geometric_partition.hpp"
#include "sluice/mesh/case_mesh.hpp"
#include "sluice/parallel/case_startup.hpp"
#include "support/cavity_block_mesh_dict.hpp"
#include "support/box_mesh.hpp"
#include "support/temp_dir.hpp"

namespace sluice::parallel {
namespace {

DecompositionSettings geometric(const std::string& method, std::array<int, 3> n, std::array<int, 3> order = {0, 1, 2},
                                Scalar delta = 0.001) {
  DecompositionSettings s;
  s.method = method;
  s.numberOfSubdomains = n[0] * n[1] * n[2];
  s.n = n;
  s.order = order;
  s.delta = delta;
  return s;
}

// Parts from the shares, gathered in cell order, against decompose() on the whole mesh.
void expectSerialParts(const mesh::PolyMesh& global, const DecompositionSettings& settings) {
  const Communicator world(MPI_COMM_WORLD);
  MeshShare share = test::sliceMesh(global, world.rank(), world.size());
  const std::size_t facesHeld = share.faceIds.size();
  const IdRanges blocks = IdRanges::even(share.nGlobalCells, world.size());
  StartupTraffic traffic;
  const std::vector<int> part = partitionShareGeometric(world, share, blocks, settings, traffic);
  EXPECT_EQ(part.size(), static_cast<std::size_t>(blocks.end(world.rank()) - blocks.first(world.rank())));
  EXPECT_EQ(share.faceIds.size(), facesHeld);  // kept for the migration
  EXPECT_EQ(share.faces.size(), static_cast<Label>(facesHeld));

  const std::vector<Vec3> centres = mesh::MeshGeometry::computeCells(global).cellCentres;
  const std::vector<int> expected = decompose(global, centres, world.size(), settings);
  EXPECT_EQ(test::allGatherv(part), expected);
}

std::array<int, 3> slabs(int axis) {
  std::array<int, 3> n{1, 1, 1};
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  n[static_cast<std::size_t>(axis)] = size;
  return n;
}

mesh::PolyMesh wavyBox(int nx, int ny, int nz) {
  mesh::PolyMesh m = test::boxMesh(nx, ny, nz, test::wavyMap);
  return m;
}

TEST(ShareCellCentres, BitForBitTheWholeMeshCentres) {
  const Communicator world(MPI_COMM_WORLD);
  for (const mesh::PolyMesh& global : {wavyBox(7, 5, 3), wavyBox(9, 6, 1), test::boxMesh(6, 5, 4)}) {
    MeshShare share = test::sliceMesh(global, world.rank(), world.size());
    const IdRanges blocks = IdRanges::even(share.nGlobalCells, world.size());
    StartupTraffic traffic;
    const std::vector<Vec3> mine = blockCellCentres(world.get(), share, blocks, traffic);
    const std::vector<Vec3> all = test::allGatherv(mine);
    const std::vector<Vec3> expected = mesh::MeshGeometry::computeCells(global).cellCentres;
    ASSERT_EQ(all.size(), expected.size());
    for (std::size_t c = 0; c < all.size(); ++c) {
      EXPECT_EQ(all[c].x, expected[c].x) << "cell " << c;
      EXPECT_EQ(all[c].y, expected[c].y) << "cell " << c;
      EXPECT_EQ(all[c].z, expected[c].z) << "cell " << c;
    }
  }
}

TEST(ShareGeometricPartition, SimpleSlabsAlongXAndY) {
  for (int axis : {0, 1}) {
    expectSerialParts(wavyBox(11, 7, 2), geometric("simple", slabs(axis)));
    expectSerialParts(test::boxMesh(10, 9, 3), geometric("simple", slabs(axis)));
  }
}

TEST(ShareGeometricPartition, SimpleTwoByTwo) {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != 4) GTEST_SKIP() << "needs 4 ranks";
  expectSerialParts(wavyBox(9, 7, 2), geometric("simple", {2, 2, 1}));
  expectSerialParts(test::boxMesh(8, 8, 2), geometric("simple", {2, 2, 1}));
}

TEST(ShareGeometricPartition, HierarchicalInOrderYXZ) {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const std::array<int, 3> n = size == 4 ? std::array<int, 3>{2, 2, 1} : slabs(0);
  const std::array<int, 3> yxz{1, 0, 2};
  expectSerialParts(wavyBox(9, 8, 3), geometric("hierarchical", n, yxz));
  expectSerialParts(test::boxMesh(7, 6, 5), geometric("hierarchical", n, yxz));
  expectSerialParts(test::boxMesh(5, 4, 9), geometric("hierarchical", slabs(2), {2, 1, 0}));
}

// delta 0: the key is the coordinate alone, so whole layers of a structured
// box tie exactly and the split inside a layer goes by global cell id.
TEST(ShareGeometricPartition, ExactTiesGoByGlobalCellId) {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  expectSerialParts(test::boxMesh(3, 7, 5), geometric("simple", slabs(0), {0, 1, 2}, 0.0));
  expectSerialParts(test::boxMesh(2, 2, 7), geometric("hierarchical", slabs(1), {1, 2, 0}, 0.0));
  if (size == 4) expectSerialParts(test::boxMesh(3, 3, 3), geometric("hierarchical", {2, 2, 1}, {2, 0, 1}, 0.0));
}

TEST(ShareGeometricPartition, AsManyCellsAsRanks) {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  expectSerialParts(test::boxMesh(size, 1, 1), geometric("simple", slabs(1)));
}

// The selection's reductions: per level that splits, one for the groups' key
// range, at most 64 bisection steps on the keys and one count below the key
// found; where cells tie at that key, at most 63 more steps on their ids. All
// groups of a level share each reduction.
std::uint64_t reductionsOfPartition(const mesh::PolyMesh& global, const DecompositionSettings& settings) {
  CommProfile profile;
  const Communicator world(MPI_COMM_WORLD, &profile);
  MeshShare share = test::sliceMesh(global, world.rank(), world.size());
  const IdRanges blocks = IdRanges::even(share.nGlobalCells, world.size());
  StartupTraffic traffic;
  const std::vector<int> part = partitionShareGeometric(world, share, blocks, settings, traffic);
  const std::vector<Vec3> centres = mesh::MeshGeometry::computeCells(global).cellCentres;
  EXPECT_EQ(test::allGatherv(part), decompose(global, centres, world.size(), settings));
  return profile.op(MpiOp::Allreduce).calls;
}

TEST(ShareGeometricPartition, ReductionRoundsAreBoundedPerLevel) {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const std::uint64_t withoutTies =
      reductionsOfPartition(wavyBox(13, 11, 3), geometric("hierarchical", slabs(1), {1, 0, 2}));
  EXPECT_LE(withoutTies, size > 1 ? 1u + 64u + 1u : 0u);
  const std::uint64_t withTies =
      reductionsOfPartition(test::boxMesh(4, 6, 5), geometric("simple", slabs(0), {0, 1, 2}, 0.0));
  EXPECT_LE(withTies, size > 1 ? 1u + 64u + 1u + 63u : 0u);
}

// startCase with a decomposeParDict saying simple: the distributed start-up,
// each rank owning exactly the cells decompose() gives it on one rank.
TEST(ShareGeometricPartition, StartCaseTakesTheDistributedWay) {
  const Communicator world(MPI_COMM_WORLD);
  std::unique_ptr<test::TempDir> dir;
  std::string path;
  if (world.isRoot()) {
    dir = std::make_unique<test::TempDir>("geometric-startup");
    dir->write("system/blockMeshDict", test::cavityBlockMeshDict(13, 11, "2 0.5 1"));
    dir->write("system/decomposeParDict", fmt::format("numberOfSubdomains {};\nmethod simple;\n"
                                                      "simpleCoeffs {{ n (1 {} 1); delta 0.001; }}\n",
                                                      world.size(), world.size()));
    path = dir->path().string();
  }
  world.broadcast(path);
  const CaseStartup s = startCase(world, path, {.method = "", .renumber = false});
  EXPECT_EQ(s.figures.distributed, world.size() > 1) << s.figures.fallbackReason;
  if (world.size() > 1) {
    EXPECT_EQ(s.settings.method, "simple");  // a serial run reads no decomposeParDict
  }

  const mesh::LoadedMesh global = mesh::loadCaseMesh(path, {.renumber = false});
  const std::vector<int> expected = decompose(
      global.mesh, mesh::MeshGeometry::computeCells(global.mesh).cellCentres, world.size(), s.settings);
  std::vector<GlobalLabel> expectedCells;
  for (std::size_t c = 0; c < expected.size(); ++c)
    if (expected[c] == world.rank()) expectedCells.push_back(static_cast<GlobalLabel>(c));
  const std::vector<GlobalLabel> owned(s.mesh.globalCellIds.begin(),
                                       s.mesh.globalCellIds.begin() + s.mesh.nOwnedCells);
  EXPECT_EQ(owned, expectedCells);
  MPI_Barrier(MPI_COMM_WORLD);  // every rank done with the files before rank 0 removes them
}

}  // namespace
}  // namespace sluice::parallel
