// Axis ranges and ticks: decades on a log axis (1e-6 .. 1 and wider), nice
// linear steps and their labels, and where values fall.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "sluice/core/error.hpp"
#include "sluice/plot/axis.hpp"

namespace sluice::plot {
namespace {

std::vector<std::string> labels(const Axis& a) {
  std::vector<std::string> out;
  for (const Tick& t : a.ticks()) out.push_back(t.label);
  return out;
}

std::vector<double> values(const Axis& a) {
  std::vector<double> out;
  for (const Tick& t : a.ticks()) out.push_back(t.value);
  return out;
}

TEST(Axis, LogTicksFromOneMillionthToOne) {
  const Axis a = Axis::logarithmic(1e-6, 1);
  EXPECT_EQ(a.scale(), AxisScale::logarithmic);
  EXPECT_DOUBLE_EQ(a.lo(), 1e-6);
  EXPECT_DOUBLE_EQ(a.hi(), 1);
  EXPECT_EQ(labels(a), (std::vector<std::string>{"1e-6", "1e-5", "1e-4", "1e-3", "1e-2", "1e-1", "1"}));
  const std::vector<double> v = values(a);
  ASSERT_EQ(v.size(), 7u);
  for (int k = 0; k < 7; ++k) EXPECT_NEAR(std::log10(v[static_cast<std::size_t>(k)]), k - 6, 1e-12) << k;
  EXPECT_NEAR(a.fraction(1e-3), 0.5, 1e-12);
  EXPECT_NEAR(a.fraction(1e-6), 0.0, 1e-12);
  EXPECT_TRUE(std::isnan(a.fraction(0.0)));  // zero residuals leave gaps
  EXPECT_TRUE(std::isnan(a.fraction(-1.0)));
}

TEST(Axis, LogRangeWidensToWholeDecades) {
  const Axis a = Axis::logarithmic(3.2e-6, 0.8);
  EXPECT_DOUBLE_EQ(a.lo(), 1e-6);
  EXPECT_DOUBLE_EQ(a.hi(), 1);
  EXPECT_EQ(Axis::logarithmic(1e-6, 1).ticks().size(), a.ticks().size());
}

TEST(Axis, ManyDecadesLabelEveryKthAndKeepOne) {
  const Axis a = Axis::logarithmic(1e-20, 10, 8);
  int labelled = 0;
  for (const Tick& t : a.ticks()) {
    labelled += !t.label.empty();
    if (std::abs(t.value - 1) < 1e-12) {
      EXPECT_EQ(t.label, "1");
    }
  }
  EXPECT_LE(labelled, 8);
  EXPECT_GE(labelled, 4);
  EXPECT_EQ(a.ticks().size(), 22u);  // a grid line per decade
}

TEST(Axis, NarrowLogRangeAddsTwoAndFive) {
  EXPECT_EQ(labels(Axis::logarithmic(0.15, 0.9)), (std::vector<std::string>{"0.1", "0.2", "0.5", "1"}));
  EXPECT_EQ(labels(Axis::logarithmic(2e-6, 9e-5)),
            (std::vector<std::string>{"1e-6", "2e-6", "5e-6", "1e-5", "2e-5", "5e-5", "1e-4"}));
}

TEST(Axis, LinearNiceSteps) {
  const Axis t = Axis::linear(0.005, 0.5, 11);
  EXPECT_DOUBLE_EQ(t.lo(), 0);
  EXPECT_DOUBLE_EQ(t.hi(), 0.5);
  EXPECT_EQ(labels(t), (std::vector<std::string>{"0", "0.05", "0.10", "0.15", "0.20", "0.25", "0.30", "0.35", "0.40",
                                                 "0.45", "0.50"}));
  const Axis c = Axis::linear(0, 1.1);
  EXPECT_EQ(labels(c), (std::vector<std::string>{"0", "0.5", "1.0", "1.5"}));
  const Axis big = Axis::linear(120, 980);
  EXPECT_EQ(labels(big), (std::vector<std::string>{"0", "200", "400", "600", "800", "1000"}));
  EXPECT_NEAR(big.fraction(500), 0.5, 1e-12);
}

TEST(Axis, LinearLabelsTellNeighboursApart) {
  // A restart at t = 1000 with small steps: labels keep the digits that differ.
  const Axis a = Axis::linear(1000.00001, 1000.00009, 5);
  const std::vector<std::string> l = labels(a);
  for (std::size_t i = 1; i < l.size(); ++i) EXPECT_NE(l[i], l[i - 1]) << l[i];
  EXPECT_EQ(tickLabel(2e-6, 1e-6), "2e-6");
  EXPECT_EQ(tickLabel(3e7, 1e7), "3e7");
  EXPECT_EQ(tickLabel(-0.5, 0.5), "-0.5");
  EXPECT_EQ(tickLabel(1e-17, 0.1), "0");
}

TEST(Axis, DegenerateRangesStillHaveTicks) {
  const Axis one = Axis::linear(0.3, 0.3);
  EXPECT_LT(one.lo(), 0.3);
  EXPECT_GT(one.hi(), 0.3);
  const Axis zero = Axis::linear(0, 0);
  EXPECT_GE(zero.ticks().size(), 2u);
  const Axis log = Axis::logarithmic(1, 1);
  EXPECT_LT(log.lo(), log.hi());
  EXPECT_THROW(Axis::logarithmic(0, 1), Error);
}

}  // namespace
}  // namespace sluice::plot
