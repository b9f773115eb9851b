#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "sluice/mesh/hex_block.hpp"
#include "support/vec3_near.hpp"

using sluice::Label;
using sluice::Scalar;
using sluice::Vec3;
using sluice::mesh::BlockEdge;
using sluice::mesh::Grading;
using sluice::mesh::HexBlock;
using sluice::test::expectNear;

namespace {

const std::array<Vec3, 8> kUnitCube = {
    {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}}};

Vec3 trilinear(const std::array<Vec3, 8>& c, Scalar s, Scalar t, Scalar u) {
  return (1 - s) * (1 - t) * (1 - u) * c[0] + s * (1 - t) * (1 - u) * c[1] + s * t * (1 - u) * c[2] +
         (1 - s) * t * (1 - u) * c[3] + (1 - s) * (1 - t) * u * c[4] + s * (1 - t) * u * c[5] + s * t * u * c[6] +
         (1 - s) * t * u * c[7];
}

}  // namespace

TEST(BlockHex, UnitCubeLatticeIsRegular) {
  const HexBlock b(kUnitCube, {2, 3, 4}, {}, {});
  EXPECT_EQ(b.nPoints(), 60);
  EXPECT_EQ(b.nCells(), 24);
  for (Label k = 0; k <= 4; ++k)
    for (Label j = 0; j <= 3; ++j)
      for (Label i = 0; i <= 2; ++i) expectNear(b.point(i, j, k), {i / 2.0, j / 3.0, k / 4.0}, 1e-15);
  EXPECT_EQ(b.pointIndex(2, 3, 4), 59);
  EXPECT_EQ(b.cellIndex(1, 2, 3), 1 + 2 * (2 + 3 * 3));
}

TEST(BlockHex, StraightDistortedBlockIsTrilinear) {
  const std::array<Vec3, 8> c = {{{0, 0, 0},
                                  {2, 0.2, 0},
                                  {2.5, 1.5, 0.3},
                                  {-0.2, 1, 0},
                                  {0.1, 0, 1},
                                  {2, 0.1, 1.4},
                                  {2.2, 1.8, 1.2},
                                  {0, 1.2, 1}}};
  const HexBlock b(c, {3, 4, 5}, {}, {});
  for (Label k = 0; k <= 5; ++k)
    for (Label j = 0; j <= 4; ++j)
      for (Label i = 0; i <= 3; ++i) expectNear(b.point(i, j, k), trilinear(c, i / 3.0, j / 4.0, k / 5.0), 1e-14);
}

TEST(BlockHex, GradedDirectionFollowsTheGrading) {
  std::array<Grading, 12> g;
  for (int e = 0; e < 4; ++e) g[e] = Grading::ratio(3);
  const HexBlock b(kUnitCube, {5, 2, 1}, g, {});
  const std::vector<Scalar> lambda = Grading::ratio(3).divide(5);
  for (Label j = 0; j <= 2; ++j)
    for (Label k = 0; k <= 1; ++k)
      for (Label i = 0; i <= 5; ++i) expectNear(b.point(i, j, k), {lambda[i], j / 2.0, Scalar(k)}, 1e-14);
  const Scalar first = b.point(1, 0, 0).x - b.point(0, 0, 0).x;
  const Scalar last = b.point(5, 0, 0).x - b.point(4, 0, 0).x;
  EXPECT_NEAR(last / first, 3.0, 1e-12);
}

TEST(BlockHex, CurvedEdgePointsLieOnTheArcAndFacesFollow) {
  // Quarter annulus 1 <= r <= 2 in the xy plane, 0 <= z <= 1: local x radial,
  // local y around, local z up.
  const std::array<Vec3, 8> c = {
      {{1, 0, 0}, {2, 0, 0}, {0, 2, 0}, {0, 1, 0}, {1, 0, 1}, {2, 0, 1}, {0, 2, 1}, {0, 1, 1}}};
  const BlockEdge inner0 = BlockEdge::arcAboutOrigin(0, 3, c[0], c[3], {0, 0, 0}, 1, "arc");
  const BlockEdge outer0 = BlockEdge::arcAboutOrigin(2, 1, c[2], c[1], {0, 0, 0}, 1, "arc");  // backwards
  const BlockEdge inner1 = BlockEdge::arcAboutOrigin(4, 7, c[4], c[7], {0, 0, 1}, 1, "arc");
  const BlockEdge outer1 = BlockEdge::arcAboutOrigin(5, 6, c[5], c[6], {0, 0, 1}, 1, "arc");
  std::array<HexBlock::EdgeShape, 12> shapes{};
  shapes[4] = {&inner0, false};
  shapes[5] = {&outer0, true};
  shapes[6] = {&outer1, false};
  shapes[7] = {&inner1, false};
  std::array<Grading, 12> g;
  for (int e = 4; e < 8; ++e) g[e] = Grading::ratio(2);  // graded around the annulus
  const HexBlock b(c, {3, 6, 2}, g, shapes);
  const std::vector<Scalar> lambda = Grading::ratio(2).divide(6);
  for (Label k = 0; k <= 2; ++k)
    for (Label j = 0; j <= 6; ++j) {
      const Scalar phi = lambda[j] * std::numbers::pi / 2;
      // On the inner and outer cylinders, at the graded angle (arc length parameter).
      expectNear(b.point(0, j, k), {std::cos(phi), std::sin(phi), k / 2.0}, 1e-13);
      expectNear(b.point(3, j, k), {2 * std::cos(phi), 2 * std::sin(phi), k / 2.0}, 1e-13);
      // Radial lines in between stay at the same angle.
      for (Label i = 1; i < 3; ++i) {
        const Vec3 p = b.point(i, j, k);
        EXPECT_NEAR(std::atan2(p.y, p.x), phi, 1e-12);
        EXPECT_NEAR(p.z, k / 2.0, 1e-14);
      }
    }
}

TEST(BlockHex, BoundaryFacesPointOutwards) {
  const HexBlock b(kUnitCube, {2, 3, 4}, {}, {});
  const std::array<Vec3, 6> normal = {{{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}}};
  const std::array<std::size_t, 6> count = {12, 12, 8, 8, 6, 6};
  for (int f = 0; f < 6; ++f) {
    const auto faces = b.boundaryFaces(f);
    ASSERT_EQ(faces.size(), count[f]);
    Vec3 area{};
    for (const auto& lf : faces) {
      const auto& p = b.points();
      area += 0.5 * cross(p[lf.points[2]] - p[lf.points[0]], p[lf.points[3]] - p[lf.points[1]]);
    }
    expectNear(area, normal[f], 1e-14);
  }
  // x-max faces: k outer, j inner, owned by cells at i = ni-1.
  const auto xMax = b.boundaryFaces(HexBlock::xMax);
  EXPECT_EQ(xMax[1].cell, b.cellIndex(1, 1, 0));
  EXPECT_EQ(xMax[3].cell, b.cellIndex(1, 0, 1));
}
