#include <gtest/gtest.h>

#include "sluice/core/error.hpp"
#include "sluice/core/vec3.hpp"

using sluice::Vec3;

TEST(Vec3, CrossProductFollowsRightHandRule) {
  Vec3 z = sluice::cross(Vec3{1, 0, 0}, Vec3{0, 1, 0});
  EXPECT_EQ(z, (Vec3{0, 0, 1}));
  EXPECT_DOUBLE_EQ(sluice::mag(Vec3{3, 4, 12}), 13.0);
  EXPECT_DOUBLE_EQ(sluice::dot(Vec3{1, 2, 3}, Vec3{4, -5, 6}), 12.0);
}

TEST(Error, LocatedMessageNamesFileLineAndColumn) {
  EXPECT_EQ(sluice::locatedMessage("system/controlDict", 12, 5, "bad number"), "system/controlDict:12:5: bad number");
  EXPECT_EQ(sluice::locatedMessage("system/controlDict", 0, 0, "cannot open file"),
            "system/controlDict: cannot open file");
}
