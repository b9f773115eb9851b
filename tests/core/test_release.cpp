// release(): an array done with before the end of its scope gives its memory
// back (assigning {} or clear() keep a std::vector's capacity).
#include <vector>

#include <gtest/gtest.h>

#include "sluice/core/release.hpp"

namespace sluice {
namespace {

TEST(Release, TheStorageGoesBackNotOnlyTheElements) {
  std::vector<double> v(1000, 1.0);
  std::vector<std::vector<int>> nested(4, std::vector<int>(100, 2));
  release(v);
  release(nested);
  EXPECT_TRUE(v.empty());
  EXPECT_EQ(v.capacity(), 0u);
  EXPECT_EQ(nested.capacity(), 0u);
  v.push_back(3.0);  // usable again
  EXPECT_EQ(v.front(), 3.0);
}

}  // namespace
}  // namespace sluice
