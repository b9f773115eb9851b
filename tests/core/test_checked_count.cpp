#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "sluice/core/checked_count.hpp"

using namespace sluice;

namespace {
constexpr std::int64_t kMax64 = std::numeric_limits<std::int64_t>::max();
}

TEST(CheckedCount, SmallProductsAndSumsAreExact) {
  EXPECT_EQ(checkedMultiply(46340, 46340), 2147395600);
  EXPECT_EQ(checkedProduct({46341, 46341, 2}), 4294976562);
  EXPECT_EQ(checkedAdd(kMaxLabel, 1), kMaxLabel + 1);
  EXPECT_EQ(checkedSum({1, 2, 3}), 6);
}

TEST(CheckedCount, OverflowIsReportedNotWrapped) {
  EXPECT_FALSE(checkedMultiply(kMax64 / 2 + 1, 2).has_value());
  EXPECT_FALSE(checkedProduct({65537, 65537, 65537, 65537}).has_value());
  EXPECT_FALSE(checkedAdd(kMax64, 1).has_value());
  EXPECT_FALSE(checkedSum({kMax64, 1}).has_value());
  EXPECT_FALSE(checkedSum({1, std::nullopt}).has_value());
}

TEST(CheckedCount, TheMeshLimitIsTheLabelRange) { EXPECT_EQ(kMaxLabel, 2147483647); }
