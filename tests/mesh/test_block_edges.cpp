#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "sluice/core/error.hpp"
#include "sluice/mesh/block_edges.hpp"
#include "support/vec3_near.hpp"

using sluice::InputError;
using sluice::Scalar;
using sluice::Vec3;
using sluice::mesh::BlockEdge;
using sluice::test::expectNear;

namespace {

constexpr Scalar kPi = std::numbers::pi;

}  // namespace

TEST(BlockEdges, LineIsStraight) {
  const BlockEdge e = BlockEdge::line(0, 1, {0, 0, 0}, {2, 4, 6});
  EXPECT_FALSE(e.isCurved());
  expectNear(e.position(0.25), {0.5, 1, 1.5}, 1e-15);
  EXPECT_NEAR(e.length(), std::sqrt(56.0), 1e-14);
}

TEST(BlockEdges, ArcThroughPointQuarterCircle) {
  const Scalar h = std::sqrt(0.5);
  const BlockEdge e = BlockEdge::arcThroughPoint(0, 1, {1, 0, 0}, {0, 1, 0}, {h, h, 0}, "arc 0 1");
  EXPECT_TRUE(e.isCurved());
  expectNear(e.centre(), {0, 0, 0}, 1e-14);
  EXPECT_NEAR(e.radius(), 1.0, 1e-14);
  EXPECT_NEAR(e.angle(), kPi / 2, 1e-14);
  EXPECT_NEAR(e.length(), kPi / 2, 1e-14);
  for (Scalar l : {0.1, 0.3, 0.5, 0.9}) {
    const Vec3 p = e.position(l);
    expectNear(p, {std::cos(l * kPi / 2), std::sin(l * kPi / 2), 0}, 1e-14);
  }
  EXPECT_EQ(e.position(0), (Vec3{1, 0, 0}));
  EXPECT_EQ(e.position(1), (Vec3{0, 1, 0}));
}

TEST(BlockEdges, ArcThroughPointTakesTheLongWayWhenTheMidPointSaysSo) {
  // From (1,0) through (-1,0) to (0,1): clockwise, three quarters of a circle.
  const BlockEdge e = BlockEdge::arcThroughPoint(0, 1, {1, 0, 0}, {0, 1, 0}, {-1, 0, 0}, "arc 0 1");
  EXPECT_NEAR(e.angle(), 1.5 * kPi, 1e-14);
  expectNear(e.position(1.0 / 3), {0, -1, 0}, 1e-14);
  expectNear(e.position(2.0 / 3), {-1, 0, 0}, 1e-14);
}

TEST(BlockEdges, ArcIn3DStaysOnItsCircle) {
  // Circle of radius 2 about c in the plane with normal n.
  const Vec3 c{1, -2, 0.5};
  const Vec3 u = Vec3{1, 1, 0} / std::sqrt(2.0);
  const Vec3 v = Vec3{-1, 1, 2} / std::sqrt(6.0);
  auto at = [&](Scalar a) { return c + 2.0 * (std::cos(a) * u + std::sin(a) * v); };
  const BlockEdge e = BlockEdge::arcThroughPoint(3, 7, at(0.2), at(1.7), at(0.5), "arc 3 7");
  expectNear(e.centre(), c, 1e-12);
  EXPECT_NEAR(e.angle(), 1.5, 1e-12);
  for (Scalar l : {0.2, 0.5, 0.8}) expectNear(e.position(l), at(0.2 + 1.5 * l), 1e-12);
}

TEST(BlockEdges, ArcAboutOrigin) {
  const BlockEdge e = BlockEdge::arcAboutOrigin(0, 1, {2, 0, 0}, {0, 2, 0}, {0, 0, 0}, 1.0, "arc 0 1");
  EXPECT_NEAR(e.radius(), 2.0, 1e-14);
  EXPECT_NEAR(e.angle(), kPi / 2, 1e-14);
  expectNear(e.position(0.5), {std::sqrt(2.0), std::sqrt(2.0), 0}, 1e-14);
}

TEST(BlockEdges, ArcAboutOriginWithUnequalRadiiUsesTheMeanRadius) {
  const Vec3 p0{1, 0, 0}, p1{0, 1.2, 0};
  const BlockEdge e = BlockEdge::arcAboutOrigin(0, 1, p0, p1, {0, 0, 0}, 1.0, "arc 0 1");
  EXPECT_NEAR(e.radius(), 1.1, 1e-14);
  EXPECT_NEAR(mag(p0 - e.centre()), 1.1, 1e-14);
  EXPECT_NEAR(mag(p1 - e.centre()), 1.1, 1e-14);
  for (Scalar l : {0.25, 0.5, 0.75}) EXPECT_NEAR(mag(e.position(l) - e.centre()), 1.1, 1e-14);
  EXPECT_LT(e.angle(), kPi);
}

TEST(BlockEdges, ReversedRunsBackwards) {
  const BlockEdge e = BlockEdge::arcAboutOrigin(4, 9, {2, 0, 0}, {0, 2, 0}, {0, 0, 0}, 1.0, "arc");
  const BlockEdge r = e.reversed();
  EXPECT_EQ(r.start(), 9);
  EXPECT_EQ(r.end(), 4);
  for (Scalar l : {0.0, 0.2, 0.7, 1.0}) expectNear(r.position(l), e.position(1 - l), 1e-14);
}

TEST(BlockEdges, CollinearArcPointsAreAnError) {
  try {
    BlockEdge::arcThroughPoint(0, 1, {0, 0, 0}, {2, 0, 0}, {1, 0, 0}, "system/blockMeshDict:20:5: arc 0 1");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "system/blockMeshDict:20:5: arc 0 1: the end points and the arc point are collinear (no circle "
                 "through them)");
  }
  try {
    BlockEdge::arcAboutOrigin(0, 1, {1, 0, 0}, {-1, 0, 0}, {0, 0, 0}, 1.0, "system/blockMeshDict:21:5: arc 0 1");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "system/blockMeshDict:21:5: arc 0 1: the end points and the origin are collinear (arc plane "
                 "undefined)");
  }
}
