// Block cell counts whose cells, points or faces do not fit a Label are
// refused with one message naming the block, before anything is allocated
// (they used to overflow: a crash in HexBlock or "vector::_M_default_append").
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "mesh/block_test_support.hpp"

using sluice::mesh::test_support::meshError;  // mesh/block_test_support.hpp
using ::testing::HasSubstr;
using ::testing::StartsWith;

namespace {

const std::string kVertices = R"(
vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 0.1) (1 0 0.1) (1 1 0.1) (0 1 0.1)
           (2 0 0) (2 1 0) (2 0 0.1) (2 1 0.1) );
)";

std::string oneBlock(const std::string& counts, const std::string& grading = "simpleGrading (1 1 1)") {
  return kVertices + "blocks (hex (0 1 2 3 4 5 6 7) (" + counts + ") " + grading + ");\n";
}

}  // namespace

TEST(BlockCounts, TooManyPointsInOneBlockIsRefused) {
  // 46340^2 cells fit a 32-bit label, their 46341^2 * 2 points do not.
  const std::string e = meshError(oneBlock("46340 46340 1"));
  EXPECT_THAT(e, StartsWith("system/blockMeshDict:"));
  EXPECT_THAT(e, HasSubstr(": block 0 (46340 x 46340 x 1 cells) has 4294976562 points, more than the 2147483647 "
                           "points a mesh may have"));
  EXPECT_THAT(meshError(oneBlock("33000 33000 1")),
              HasSubstr("block 0 (33000 x 33000 x 1 cells) has 2178132002 points, more than the 2147483647 points"));
  EXPECT_THAT(meshError(oneBlock("46341 46341 1")), HasSubstr("block 0 (46341 x 46341 x 1 cells) has 2147488281 cells, "
                                                            "more than the 2147483647 cells a mesh may have"));
}

TEST(BlockCounts, CountsWhoseProductWrapsAroundAreRefused) {
  for (const char* n : {"65535", "65536", "65537"})
    EXPECT_THAT(meshError(oneBlock(std::string(n) + " " + n + " 1")),
                HasSubstr(std::string("block 0 (") + n + " x " + n + " x 1 cells) has "))
        << n;
  EXPECT_THAT(meshError(oneBlock("65536 65536 1")), HasSubstr("has 4294967296 cells, more than the 2147483647 cells"));
  EXPECT_THAT(meshError(oneBlock("2147483647 2147483647 2147483647")),
              HasSubstr("has more than 9223372036854775807 cells, more than the 2147483647 cells"));
}

TEST(BlockCounts, TooManyFacesIsRefused) {
  // 1024^3 cells: a label each, but about 3.2e9 faces with 4 points each.
  EXPECT_THAT(meshError(oneBlock("1024 1024 1024")),
              HasSubstr("block 0 (1024 x 1024 x 1024 cells) has 3224371200 faces, more than the 536870911 faces"));
}

TEST(BlockCounts, TheBlocksTogetherMustFit) {
  const std::string dict = kVertices + R"(
blocks
(
    hex (0 1 2 3 4 5 6 7) (10000 10000 1) simpleGrading (1 1 1)
    hex (1 8 9 2 5 10 11 6) (10000 10000 1) simpleGrading (1 1 1)
);
)";
  // Each block has 400020000 faces, below the limit; both have twice that.
  EXPECT_EQ(meshError(dict), "system/blockMeshDict: the mesh (all blocks together) has 800040000 faces, more than the "
                           "536870911 faces a mesh may have");
}

TEST(BlockCounts, ZeroAndNegativeCountsAreRefused) {
  EXPECT_EQ(meshError(oneBlock("0 4 1")), "system/blockMeshDict: block 0 has 0 cells in direction x");
  EXPECT_EQ(meshError(oneBlock("4 -3 1")), "system/blockMeshDict: block 0 has -3 cells in direction y");
  EXPECT_EQ(meshError(oneBlock("4 4 -1", "simpleGrading (1 1 ((0.5 0.5 2) (0.5 0.5 0.5)))")),
            "system/blockMeshDict: block 0 has -1 cells in direction z");
  EXPECT_EQ(meshError(oneBlock("-2147483648 4 1", "simpleGrading (((0.5 0.5 2) (0.5 0.5 0.5)) 1 1)")),
            "system/blockMeshDict: block 0 has -2147483648 cells in direction x");
}

TEST(BlockCounts, GradingSectionsThatCannotShareTheCellsAreRefused) {
  // 8 cells over 4 sections of 3/16 (1.5 cells: 2 each) and 4 of 1/16 (0.5: 1
  // each) round to 12; the largest section would be left -2 cells.
  const std::string sections =
      "((0.1875 0.1875 1) (0.1875 0.1875 1) (0.1875 0.1875 1) (0.1875 0.1875 1) "
      "(0.0625 0.0625 1) (0.0625 0.0625 1) (0.0625 0.0625 1) (0.0625 0.0625 1))";
  const std::string e = meshError(oneBlock("8 2 1", "simpleGrading (" + sections + " 1 1)"));
  EXPECT_THAT(e, StartsWith("system/blockMeshDict:"));
  EXPECT_THAT(e, HasSubstr("block 0: the 8 cells in direction x cannot be shared among the 8 grading sections of "
                           "edge 0 (their rounded shares add up to more than 8)"));
  // The same sections with enough cells are fine.
  EXPECT_EQ(meshError(oneBlock("16 2 1", "simpleGrading (" + sections + " 1 1)")), "(no error)");
}
