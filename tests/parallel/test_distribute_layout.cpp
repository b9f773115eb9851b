// The exact layout of one rank's part (extractRankMesh, the serial core of
// distributeMesh) on a hand-checked 3x2 example:
//
//   cells  3 4 5      ranks  0 1 1
//          0 1 2             0 0 1
#include <gtest/gtest.h>

#include "parallel/cell_measures.hpp"
#include "sluice/parallel/distribute.hpp"
#include "support/box_mesh.hpp"
#include "support/vec3_near.hpp"

namespace sluice::parallel {
namespace {

const std::vector<int> cellToRank{0, 0, 1, 0, 1, 1};

std::vector<Label> patchSizes(const mesh::PolyMesh& m) {
  std::vector<Label> out;
  for (const auto& p : m.patches()) out.push_back(p.size);
  return out;
}

TEST(DistributeLayout, RankZeroOfAThreeByTwoBox) {
  const mesh::PolyMesh global = test::boxMesh(3, 2, 1);
  const DistributedMesh d = extractRankMesh(global, cellToRank, 2, 0);
  EXPECT_EQ(d.nOwnedCells, 3);
  EXPECT_EQ(d.nGhostCells, 2);
  EXPECT_EQ(d.nGlobalCells, 6);
  EXPECT_EQ(d.globalCellIds, (std::vector<GlobalLabel>{0, 1, 3, 2, 4}));
  EXPECT_EQ(d.mesh.nCells(), 3);
  EXPECT_EQ(d.mesh.owner(), (std::vector<Label>{0, 0, /*xMin*/ 0, 2, /*yMin*/ 0, 1, /*yMax*/ 2, /*zMin*/ 0, 1, 2,
                                                /*zMax*/ 0, 1, 2, /*proc*/ 1, 1, 2}));
  EXPECT_EQ(d.mesh.neighbour(), (std::vector<Label>{1, 2}));
  EXPECT_EQ(patchSizes(d.mesh), (std::vector<Label>{2, 0, 2, 1, 3, 3, 3}));
  const auto& proc = d.mesh.patches().back();
  EXPECT_EQ(proc.name, "procBoundary0to1");
  EXPECT_EQ(proc.type, "processor");
  EXPECT_EQ(proc.neighbourRank, 1);
  EXPECT_EQ(proc.start, 13);
  EXPECT_EQ(d.firstProcessorFace, 13);
  EXPECT_EQ(d.processorFaceGhost, (std::vector<Label>{3, 4, 4}));
  // Global faces: internal 0 (0-1), 1 (0-3), 2 (1-2), 3 (1-4), 5 (3-4); xMin 7, 8; yMin 11, 12; yMax 14; ...
  EXPECT_EQ(d.globalFaceIds,
            (std::vector<GlobalLabel>{0, 1, 7, 8, 11, 12, 14, 17, 18, 20, 23, 24, 26, 2, 3, 5}));
  EXPECT_EQ(d.halo.neighbours, (std::vector<int>{1}));
  EXPECT_EQ(d.halo.sendCells, (std::vector<std::vector<Label>>{{1, 2}}));
  EXPECT_EQ(d.halo.recvCells, (std::vector<std::vector<Label>>{{3, 4}}));
  // Points of the 4x3 grid, both layers, less (3,0) (3,1) (2,2) (3,2).
  EXPECT_EQ(d.globalPointIds,
            (std::vector<GlobalLabel>{0, 1, 2, 4, 5, 6, 8, 9, 12, 13, 14, 16, 17, 18, 20, 21}));
  for (Label p = 0; p < d.mesh.nPoints(); ++p) EXPECT_EQ(d.mesh.points()[p], global.points()[d.globalPointIds[p]]);
  // Processor faces keep the global orientation here (the owner is on rank 0).
  // Cells are 1/3 x 1/2 x 1: x faces have area 1/2, y faces 1/3.
  test::expectNear(test::faceAreaVector(d.mesh, 13), {0.5, 0, 0}, 1e-15);
  test::expectNear(test::faceAreaVector(d.mesh, 14), {0, 1.0 / 3.0, 0}, 1e-15);
  test::expectNear(test::faceAreaVector(d.mesh, 15), {0.5, 0, 0}, 1e-15);
}

TEST(DistributeLayout, RankOneFlipsFacesItDoesNotOwnGlobally) {
  const mesh::PolyMesh global = test::boxMesh(3, 2, 1);
  const DistributedMesh d = extractRankMesh(global, cellToRank, 2, 1);
  EXPECT_EQ(d.globalCellIds, (std::vector<GlobalLabel>{2, 4, 5, 1, 3}));
  EXPECT_EQ(d.mesh.neighbour(), (std::vector<Label>{2, 2}));
  EXPECT_EQ(d.mesh.owner().front(), 0);
  EXPECT_EQ(d.mesh.owner()[1], 1);
  EXPECT_EQ(patchSizes(d.mesh), (std::vector<Label>{0, 2, 1, 2, 3, 3, 3}));
  EXPECT_EQ(d.mesh.patches().back().name, "procBoundary1to0");
  EXPECT_EQ(d.mesh.patches().back().neighbourRank, 0);
  EXPECT_EQ(d.processorFaceGhost, (std::vector<Label>{3, 3, 4}));
  EXPECT_EQ(d.halo.sendCells, (std::vector<std::vector<Label>>{{0, 1}}));
  EXPECT_EQ(d.halo.recvCells, (std::vector<std::vector<Label>>{{3, 4}}));
  const Label first = d.firstProcessorFace;
  EXPECT_EQ(std::vector<Label>(d.mesh.owner().begin() + first, d.mesh.owner().end()), (std::vector<Label>{0, 1, 1}));
  // Normals point out of rank 1: -x, -y, -x.
  test::expectNear(test::faceAreaVector(d.mesh, first), {-0.5, 0, 0}, 1e-15);
  test::expectNear(test::faceAreaVector(d.mesh, first + 1), {0, -1.0 / 3.0, 0}, 1e-15);
  test::expectNear(test::faceAreaVector(d.mesh, first + 2), {-0.5, 0, 0}, 1e-15);
  // Same vertices as the global face, vertex 0 kept, the rest reversed.
  const auto global2 = global.faces()[2];
  const auto local = d.mesh.faces()[first];
  ASSERT_EQ(local.size(), 4u);
  EXPECT_EQ(d.globalPointIds[local[0]], global2[0]);
  EXPECT_EQ(d.globalPointIds[local[1]], global2[3]);
  EXPECT_EQ(d.globalPointIds[local[2]], global2[2]);
  EXPECT_EQ(d.globalPointIds[local[3]], global2[1]);
}

TEST(DistributeLayout, OneRankKeepsTheWholeMesh) {
  const mesh::PolyMesh global = test::boxMesh(3, 2, 2);
  const DistributedMesh d = extractRankMesh(global, std::vector<int>(12, 0), 1, 0);
  EXPECT_EQ(d.mesh.points(), global.points());
  EXPECT_EQ(d.mesh.faces(), global.faces());
  EXPECT_EQ(d.mesh.owner(), global.owner());
  EXPECT_EQ(d.mesh.neighbour(), global.neighbour());
  EXPECT_EQ(d.mesh.patches(), global.patches());
  EXPECT_EQ(d.mesh.name(), "box");
  EXPECT_EQ(d.nGhostCells, 0);
  EXPECT_TRUE(d.halo.neighbours.empty());
  EXPECT_EQ(d.firstProcessorFace, global.nFaces());
  EXPECT_TRUE(d.globalPointIds.empty());  // every point is its own
  EXPECT_EQ(d.globalPointId(5), 5);
}

}  // namespace
}  // namespace sluice::parallel
