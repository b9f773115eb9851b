#pragma once
// Test helper: component-wise EXPECT_NEAR for vectors.
//
//   test::expectNear(centre, Vec3{0.5, 0.5, 0.5}, 1e-15);
#include <gtest/gtest.h>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"

namespace sluice::test {

/// Expects |a.x - b.x|, |a.y - b.y| and |a.z - b.z| each to be at most `tol`.
inline void expectNear(const Vec3& a, const Vec3& b, Scalar tol) {
  EXPECT_NEAR(a.x, b.x, tol);
  EXPECT_NEAR(a.y, b.y, tol);
  EXPECT_NEAR(a.z, b.z, tol);
}

}  // namespace sluice::test
