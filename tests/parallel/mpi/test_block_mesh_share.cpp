// buildBlockMeshShare at 1-4 ranks: the shares of all ranks, put together,
// are the mesh buildBlockMesh builds from the same dict (points bit for bit,
// faces, owner, neighbour, patches), and each rank holds about 1/P of it.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <filesystem>
#include <string>

#include "parallel/mpi/mesh_share_assembly.hpp"
#include "support/cavity_block_mesh_dict.hpp"
#include "sluice/core/error.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/mesh/block_mesh.hpp"
#include "sluice/parallel/block_mesh_share.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::parallel {
namespace {

io::Dictionary dictOf(const std::string& text) { return io::Dictionary::parse(text, "system/blockMeshDict"); }

/// Builds the share on every rank and compares the assembled shares with the serial mesh.
void expectSameAsSerial(const io::Dictionary& dict) {
  const Communicator comm(MPI_COMM_WORLD);
  const std::optional<MeshShare> share = buildBlockMeshShare(comm, dict);
  ASSERT_TRUE(share.has_value());
  const mesh::PolyMesh serial = mesh::buildBlockMesh(dict);

  EXPECT_EQ(share->nGlobalCells, serial.nCells());
  EXPECT_EQ(share->nGlobalFaces, serial.nFaces());
  EXPECT_EQ(share->nGlobalInternalFaces, serial.nInternalFaces());
  EXPECT_EQ(share->nGlobalPoints, serial.nPoints());
  EXPECT_TRUE(std::is_sorted(share->faceIds.begin(), share->faceIds.end()));

  // Each rank holds the faces of its own cells (owner in its range) and its point range.
  const GlobalLabel r = comm.rank(), p = comm.size();
  const GlobalLabel cellBegin = share->nGlobalCells * r / p, cellEnd = share->nGlobalCells * (r + 1) / p;
  for (GlobalLabel owner : share->owner) {
    EXPECT_GE(owner, cellBegin);
    EXPECT_LT(owner, cellEnd);
  }
  EXPECT_EQ(share->firstPoint, share->nGlobalPoints * r / p);
  EXPECT_EQ(static_cast<GlobalLabel>(share->points.size()), share->nGlobalPoints * (r + 1) / p - share->firstPoint);
  // About 1/P of the faces: at most three faces per cell plus the boundary faces of its cells.
  EXPECT_LE(static_cast<GlobalLabel>(share->faceIds.size()), 6 * (cellEnd - cellBegin));

  const mesh::PolyMesh whole = test::assembleShares(*share);
  ASSERT_EQ(whole.points().size(), serial.points().size());
  std::size_t pointsDiffering = 0;
  for (std::size_t i = 0; i < serial.points().size(); ++i)
    pointsDiffering += !(whole.points()[i] == serial.points()[i]);  // bit for bit
  EXPECT_EQ(pointsDiffering, 0u);
  EXPECT_TRUE(whole.faces() == serial.faces());
  EXPECT_EQ(whole.owner(), serial.owner());
  EXPECT_EQ(whole.neighbour(), serial.neighbour());
  EXPECT_EQ(whole.patches(), serial.patches());
}

void expectSameAsSerial(const std::string& text) { expectSameAsSerial(dictOf(text)); }

const std::string kCavity = test::cavityBlockMeshDict(20, 20);

TEST(BlockMeshShare, Cavity) { expectSameAsSerial(kCavity); }

TEST(BlockMeshShare, GradedBlockWithArcSimpleGrading) {
  expectSameAsSerial(R"(
scale 0.5;
vertices ( (0 0 0) (2 0 0) (2.2 1.5 0) (0 1 0.1) (0 0 1) (2 0 1.2) (2 1.4 1) (0.1 1 1) );
blocks ( hex (0 1 2 3 4 5 6 7) (7 5 3) simpleGrading ( ((0.3 0.4 2) (0.7 0.6 0.5)) 3 -2 ) );
edges ( arc 1 2 (2.4 0.8 0) arc 7 6 (1 1.3 1) );
boundary
(
    inlet { type patch; faces ( (0 4 7 3) ); }
    outlet { type patch; faces ( (1 2 6 5) ); }
    walls { type wall; faces ( (0 1 5 4) (3 7 6 2) ); }
    sides { type symmetryPlane; faces ( (0 3 2 1) (4 5 6 7) ); }
);
)");
}

TEST(BlockMeshShare, EdgeGradingWithSectionsAndReversedArc) {
  expectSameAsSerial(R"(
convertToMeters 2;
vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1) );
blocks ( hex (0 1 2 3 4 5 6 7) (7 5 3) edgeGrading (
    ((0.2 0.3 4) (0.6 0.4 1) (0.2 0.3 0.25)) 2 2 ((0.5 0.5 3) (0.5 0.5 0.3))
    1 2 3 4
    0.5 1 1 ((1 2 2) (1 1 1)) ) );
edges ( arc 5 1 (1.2 0 0.5) arc 3 7 origin (-1 1 0.5) );
boundary
(
    bottom { type wall; faces ( (0 3 2 1) ); }
    top { type wall; faces ( (4 5 6 7) ); }
    rest { type patch; faces ( (0 4 7 3) (1 2 6 5) (0 1 5 4) (3 7 6 2) ); }
);
)");
}

TEST(BlockMeshShare, DefaultPatchTakesUnlistedFaces) {
  expectSameAsSerial(R"(
vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1) );
blocks ( hex (0 1 2 3 4 5 6 7) (4 3 5) simpleGrading (1 2 1) );
boundary
(
    lid { type wall; faces ( (3 7 6 2) ); }
    side { type patch; faces ( (1 2 6 5) ); }
);
defaultPatch { name walls; type wall; }
)");
}

TEST(BlockMeshShare, DefaultFacesAppendedToListedPatchOfThatName) {
  expectSameAsSerial(R"(
vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1) );
blocks ( hex (0 1 2 3 4 5 6 7) (3 4 2) simpleGrading (1 1 1) );
boundary
(
    defaultFaces { type wall; faces ( (0 4 7 3) ); }
    outlet { type patch; faces ( (1 2 6 5) ); }
);
)");
}

TEST(BlockMeshShare, NoPatchesAtAllAndOneCellThick) {
  // Every face to the default patch (empty); one cell in x: both x faces of each cell are default faces.
  expectSameAsSerial(R"(
vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1) );
blocks ( hex (0 1 2 3 4 5 6 7) (1 6 5) simpleGrading (1 1 1) );
)");
}

TEST(BlockMeshShare, CellCountNotDivisibleByRanks) {
  // 7 x 11 x 1 = 77 cells, 8 x 12 x 2 = 192 points: not a multiple of 3 or 4 cells per rank.
  expectSameAsSerial(R"(
vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1) );
blocks ( hex (0 1 2 3 4 5 6 7) (7 11 1) simpleGrading (1 1 1) );
boundary
(
    walls { type wall; faces ( (0 4 7 3) (1 2 6 5) (0 1 5 4) (3 7 6 2) ); }
    frontAndBack { type empty; faces ( (0 3 2 1) (4 5 6 7) ); }
);
)");
}

TEST(BlockMeshShare, FewerCellsThanRanks) {
  expectSameAsSerial(R"(
vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1) );
blocks ( hex (0 1 2 3 4 5 6 7) (1 1 1) simpleGrading (1 1 1) );
boundary ( all { type wall; faces ( (0 4 7 3) (1 2 6 5) (0 1 5 4) (3 7 6 2) (0 3 2 1) (4 5 6 7) ); } );
)");
}

TEST(BlockMeshShare, HoldsAboutItsShare) {
  const io::Dictionary dict = dictOf(R"(
vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1) );
blocks ( hex (0 1 2 3 4 5 6 7) (30 20 10) simpleGrading (1 1 1) );
)");
  const Communicator comm(MPI_COMM_WORLD);
  const std::optional<MeshShare> share = buildBlockMeshShare(comm, dict);
  ASSERT_TRUE(share.has_value());
  const double p = comm.size();
  const double faces = static_cast<double>(share->faceIds.size());
  const double points = static_cast<double>(share->points.size());
  EXPECT_LE(faces, share->nGlobalFaces / p * 1.25 + 1000);
  EXPECT_GE(faces, share->nGlobalFaces / p * 0.75 - 1000);
  EXPECT_LE(points, share->nGlobalPoints / p + 1);
  EXPECT_EQ(comm.sum(static_cast<long long>(share->faceIds.size())), share->nGlobalFaces);
}

TEST(BlockMeshShare, TwoBlocksSideBySideWithGrading) {
  expectSameAsSerial(R"(
convertToMeters 0.01;
vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1)
           (3 0 0) (3 1.2 0) (3 0 1) (3 1.2 1) );
blocks ( hex (0 1 2 3 4 5 6 7) (3 4 2) simpleGrading (2 ((0.5 0.5 3) (0.5 0.5 0.5)) 1)
         hex (1 8 9 2 5 10 11 6) (5 4 2) simpleGrading (0.5 ((0.5 0.5 3) (0.5 0.5 0.5)) 1) );
edges ( arc 8 9 (3.3 0.6 0) arc 10 11 (3.3 0.6 1) );
boundary
(
    inlet { type patch; faces ( (0 4 7 3) ); }
    outlet { type patch; faces ( (8 9 11 10) ); }
    walls { type wall; faces ( (0 1 5 4) (1 8 10 5) (3 7 6 2) (2 6 11 9) ); }
);
)");
}

/// 2 x 2 x 2 blocks on a 3 x 3 x 3 vertex grid (a point shared by 8 blocks,
/// edges by 4); the last block lists its vertices rotated a quarter turn.
std::string eightBlocks() {
  auto v = [](int i, int j, int k) { return std::to_string(i + 3 * j + 9 * k); };
  std::string text = "vertices (\n";
  for (int k = 0; k < 3; ++k)
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 3; ++i) text += fmt::format("({} {} {})\n", i * 1.5 + 0.1 * j, j, k * 0.7);
  text += ");\nblocks (\n";
  const int nx[2] = {2, 3}, ny[2] = {3, 2}, nz[2] = {2, 1};
  for (int bk = 0; bk < 2; ++bk)
    for (int bj = 0; bj < 2; ++bj)
      for (int bi = 0; bi < 2; ++bi) {
        std::string c[8] = {v(bi, bj, bk),     v(bi + 1, bj, bk),     v(bi + 1, bj + 1, bk),     v(bi, bj + 1, bk),
                            v(bi, bj, bk + 1), v(bi + 1, bj, bk + 1), v(bi + 1, bj + 1, bk + 1), v(bi, bj + 1, bk + 1)};
        const bool rotated = bi == 1 && bj == 1 && bk == 1;
        const int order[8] = {1, 2, 3, 0, 5, 6, 7, 4};
        text += "hex (";
        for (int m = 0; m < 8; ++m) text += c[rotated ? order[m] : m] + " ";
        const int cx = rotated ? ny[bj] : nx[bi], cy = rotated ? nx[bi] : ny[bj];
        text += fmt::format(") ({} {} {}) simpleGrading (1 1 1)\n", cx, cy, nz[bk]);
      }
  text += ");\n";
  text +=
      "boundary ( bottom { type wall; faces ( (0 3 4 1) (1 4 5 2) (3 6 7 4) (4 7 8 5) ); }\n"
      "           left { type patch; faces ( (0 9 12 3) (3 12 15 6) ); } );\n";
  text += "defaultPatch { name rest; type patch; }\n";
  return text;
}

TEST(BlockMeshShare, EightBlocksOneRotated) { expectSameAsSerial(eightBlocks()); }

TEST(BlockMeshShare, LShapeOfThreeBlocksListedOutOfOrder) {
  // Blocks listed so that a block's lower neighbour comes later; a shared edge carries an arc.
  expectSameAsSerial(R"(
vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (2 0 0) (2 1 0) (1 2 0) (0 2 0)
           (0 0 1) (1 0 1) (1 1 1) (0 1 1) (2 0 1) (2 1 1) (1 2 1) (0 2 1) );
blocks ( hex (3 2 6 7 11 10 14 15) (4 3 2) simpleGrading (1 1 1)
         hex (1 4 5 2 9 12 13 10) (5 2 2) simpleGrading (1 2 1)
         hex (0 1 2 3 8 9 10 11) (4 2 2) simpleGrading (1 2 1) );
edges ( arc 2 3 (0.5 1.1 0) );
boundary
(
    walls { type wall; faces ( (0 8 11 3) (3 11 15 7) (0 1 9 8) (1 4 12 9) ); }
    outlet { type patch; faces ( (4 5 13 12) ); }
    frontAndBack { type empty; faces ( (0 3 2 1) (1 2 5 4) (3 7 6 2) (8 9 10 11) (9 12 13 10) (11 10 14 15) ); }
);
)");
}

TEST(BlockMeshShare, ExampleCases) {
  for (const char* name : {"cavity", "damBreak", "damBreakColumn"}) {
    SCOPED_TRACE(name);
    const std::filesystem::path dir = std::filesystem::path(SLUICE_SOURCE_DIR) / "cases" / name;
    expectSameAsSerial(io::Dictionary::readFile(dir / "system/blockMeshDict", "system/blockMeshDict"));
  }
}

TEST(BlockMeshShare, OpenFoamTutorials) {
  // OpenFOAM's tutorial blockMeshDicts (read where openfoam-examples installed
  // them): many blocks, arcs, graded blocks.
  const std::filesystem::path tutorials = "/usr/share/doc/openfoam-examples/examples";
  if (!std::filesystem::exists(tutorials)) GTEST_SKIP() << tutorials << " not found (openfoam-examples not installed)";
  for (const char* name : {"incompressible/simpleFoam/pitzDaily", "incompressible/simpleFoam/T3A",
                           "lagrangian/reactingParcelFoam/cylinder", "stressAnalysis/solidDisplacementFoam/plateHole",
                           "incompressible/simpleFoam/squareBend", "incompressible/pimpleFoam/RAS/ellipsekkLOmega",
                           "multiphase/interFoam/laminar/damBreak/damBreak"}) {
    SCOPED_TRACE(name);
    const std::filesystem::path file = tutorials / name / "system/blockMeshDict";
    ASSERT_TRUE(std::filesystem::exists(file));
    expectSameAsSerial(io::Dictionary::readFile(file, "system/blockMeshDict"));
  }
}

std::string shareError(const io::Dictionary& dict) {
  try {
    (void)buildBlockMeshShare(Communicator(MPI_COMM_WORLD), dict);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

std::string serialError(const io::Dictionary& dict) {
  try {
    (void)mesh::buildBlockMesh(dict);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(BlockMeshShare, BlocksNotMeetingOnASharedFaceGiveTheSerialErrorOnEveryRank) {
  // The second block grades its y edges, the first does not: their shared face's points differ.
  const io::Dictionary dict = dictOf(R"(
vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1)
           (2 0 0) (2 1 0) (2 0 1) (2 1 1) );
blocks ( hex (0 1 2 3 4 5 6 7) (3 6 2) simpleGrading (1 1 1)
         hex (1 8 9 2 5 10 11 6) (5 6 2) simpleGrading (1 3 1) );
)");
  const std::string expected = serialError(dict);
  EXPECT_NE(expected.find("do not match on their shared face"), std::string::npos) << expected;
  EXPECT_EQ(shareError(dict), expected);
}

TEST(BlockMeshShare, BadPatchFaceGivesTheSerialErrorOnEveryRank) {
  const io::Dictionary dict = dictOf(R"(
vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1) );
blocks ( hex (0 1 2 3 4 5 6 7) (3 6 2) simpleGrading (1 1 1) );
boundary ( lid { type wall; faces ( (0 1 2 4) ); } );
)");
  const std::string expected = serialError(dict);
  EXPECT_NE(expected.find("is not a block face"), std::string::npos) << expected;
  EXPECT_EQ(shareError(dict), expected);
}

TEST(BlockMeshShare, UncoveredDictGivesNulloptOnEveryRank) {
  // No blocks: the caller's serial mesher reports the error.
  const io::Dictionary dict = dictOf(R"(
vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1) );
blocks ( );
)");
  const Communicator comm(MPI_COMM_WORLD);
  const bool covered = buildBlockMeshShare(comm, dict).has_value();
  EXPECT_FALSE(covered);
  EXPECT_FALSE(comm.anyTrue(covered));
  EXPECT_FALSE(blockMeshShareCovers(dict));
}

}  // namespace
}  // namespace sluice::parallel
