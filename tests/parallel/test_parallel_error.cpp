// Error lines and CollectiveError (no MPI needed).
#include <gtest/gtest.h>

#include "sluice/parallel/parallel_error.hpp"

namespace sluice::parallel {
namespace {

TEST(ParallelError, ErrorLines) {
  EXPECT_EQ(errorLine("0/U:3: bad"), "error: 0/U:3: bad");
  EXPECT_EQ(errorLine("0/U:3: bad", 2), "error (rank 2): 0/U:3: bad");
}

TEST(ParallelError, CollectiveErrorKinds) {
  const CollectiveError all("5 ranks but the mesh has 4 cells");
  EXPECT_TRUE(all.allRanksFailed());
  EXPECT_EQ(all.failingRank(), -1);
  EXPECT_STREQ(all.what(), "5 ranks but the mesh has 4 cells");
  const CollectiveError one("bad face", 3);
  EXPECT_FALSE(one.allRanksFailed());
  EXPECT_EQ(one.failingRank(), 3);
  const Error& base = one;  // caught as sluice::Error by generic handlers
  EXPECT_STREQ(base.what(), "bad face");
}

}  // namespace
}  // namespace sluice::parallel
