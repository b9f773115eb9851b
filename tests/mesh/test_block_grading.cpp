#include <gtest/gtest.h>

#include <cmath>

#include "sluice/mesh/grading.hpp"

using sluice::Label;
using sluice::Scalar;
using sluice::mesh::Grading;
using sluice::mesh::GradingSection;

namespace {

std::vector<Scalar> widths(const std::vector<Scalar>& lambda) {
  std::vector<Scalar> w;
  for (std::size_t i = 1; i < lambda.size(); ++i) w.push_back(lambda[i] - lambda[i - 1]);
  return w;
}

Scalar sum(const std::vector<Scalar>& v) {
  Scalar s = 0;
  for (Scalar x : v) s += x;
  return s;
}

}  // namespace

TEST(BlockGrading, UniformDividesEvenly) {
  const std::vector<Scalar> lambda = Grading().divide(4);
  ASSERT_EQ(lambda.size(), 5u);
  for (int i = 0; i <= 4; ++i) EXPECT_DOUBLE_EQ(lambda[i], 0.25 * i);
}

TEST(BlockGrading, SingleCellIsWholeEdge) {
  const std::vector<Scalar> lambda = Grading::ratio(5).divide(1);
  ASSERT_EQ(lambda.size(), 2u);
  EXPECT_EQ(lambda[0], 0.0);
  EXPECT_EQ(lambda[1], 1.0);
}

TEST(BlockGrading, ExpansionRatioIsLastOverFirstWidth) {
  const std::vector<Scalar> w = widths(Grading::ratio(4).divide(5));
  ASSERT_EQ(w.size(), 5u);
  EXPECT_NEAR(sum(w), 1.0, 1e-14);
  EXPECT_NEAR(w.back() / w.front(), 4.0, 1e-12);
  const Scalar r = std::pow(4.0, 0.25);  // constant cell-to-cell ratio
  for (std::size_t i = 1; i < w.size(); ++i) EXPECT_NEAR(w[i] / w[i - 1], r, 1e-12);
  // first width: (r - 1)/(r^5 - 1)
  EXPECT_NEAR(w[0], (r - 1) / (std::pow(r, 5) - 1), 1e-14);
}

TEST(BlockGrading, ShrinkingAndNegativeRatios) {
  const std::vector<Scalar> w = widths(Grading::ratio(0.1).divide(10));
  EXPECT_NEAR(w.back() / w.front(), 0.1, 1e-12);
  EXPECT_NEAR(sum(w), 1.0, 1e-14);
  // OpenFOAM: a negative ratio -R means 1/R.
  EXPECT_EQ(Grading::ratio(-4), Grading::ratio(0.25));
}

TEST(BlockGrading, MultiSectionFractionsAndRatios) {
  const Grading g = Grading::sections({{0.2, 0.3, 4}, {0.6, 0.4, 1}, {0.2, 0.3, 0.25}});
  const std::vector<Scalar> lambda = g.divide(20);
  ASSERT_EQ(lambda.size(), 21u);
  // 6, 8 and 6 cells: section boundaries at 20% and 80% of the length.
  EXPECT_NEAR(lambda[6], 0.2, 1e-14);
  EXPECT_NEAR(lambda[14], 0.8, 1e-14);
  const std::vector<Scalar> w = widths(lambda);
  EXPECT_NEAR(sum(w), 1.0, 1e-14);
  EXPECT_NEAR(w[5] / w[0], 4.0, 1e-11);
  for (int i = 6; i < 14; ++i) EXPECT_NEAR(w[i], 0.6 / 8, 1e-14);
  EXPECT_NEAR(w[19] / w[14], 0.25, 1e-11);
}

TEST(BlockGrading, SectionFractionsAreNormalised) {
  const Grading a = Grading::sections({{2, 1, 3}, {6, 3, 1}});
  const Grading b = Grading::sections({{0.25, 0.25, 3}, {0.75, 0.75, 1}});
  ASSERT_EQ(a.sectionList().size(), 2u);
  EXPECT_DOUBLE_EQ(a.sectionList()[0].lengthFraction, 0.25);
  EXPECT_DOUBLE_EQ(a.sectionList()[1].cellFraction, 0.75);
  const auto la = a.divide(8), lb = b.divide(8);
  for (int i = 0; i <= 8; ++i) EXPECT_NEAR(la[i], lb[i], 1e-15);
  EXPECT_NEAR(la[2], 0.25, 1e-15);
}

TEST(BlockGrading, RoundingRemainderGoesToFirstLargestSection) {
  // 5 cells over two equal sections: both round to 3, the first gives one back.
  const Grading g = Grading::sections({{1, 1, 1}, {1, 1, 1}});
  const auto lambda = g.divide(5);
  EXPECT_NEAR(lambda[2], 0.5, 1e-15);
  EXPECT_NEAR(lambda[1], 0.25, 1e-15);
  EXPECT_NEAR(lambda[3], 0.5 + 0.5 / 3, 1e-15);
}

TEST(BlockGrading, FewerCellsThanSectionsIsUniform) {
  const Grading g = Grading::sections({{1, 1, 5}, {1, 1, 5}, {1, 1, 5}});
  const auto lambda = g.divide(2);
  ASSERT_EQ(lambda.size(), 3u);
  EXPECT_DOUBLE_EQ(lambda[1], 0.5);
}

TEST(BlockGrading, InverseMirrorsTheDistribution) {
  const Grading g = Grading::sections({{0.3, 0.5, 3}, {0.7, 0.5, 0.5}});
  const Grading inv = g.inverse();
  ASSERT_EQ(inv.sectionList().size(), 2u);
  EXPECT_DOUBLE_EQ(inv.sectionList()[0].lengthFraction, 0.7);
  EXPECT_DOUBLE_EQ(inv.sectionList()[0].expansion, 2.0);
  const auto a = g.divide(10), b = inv.divide(10);
  for (int i = 0; i <= 10; ++i) EXPECT_NEAR(b[i], 1 - a[10 - i], 1e-14);
}
