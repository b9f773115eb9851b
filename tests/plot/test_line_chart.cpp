// A chart draws its curves where the axes put them: a straight line passes
// through the pixels worked out by hand, a log panel leaves a gap at a zero,
// and the legend shows each curve's colour.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "plot/png_test_support.hpp"
#include "sluice/plot/line_chart.hpp"
#include "sluice/plot/png_writer.hpp"

namespace sluice::plot {
namespace {

constexpr Rgb kRed{214, 39, 40};
constexpr Rgb kBlue{31, 119, 180};

// Plot area columns 100..500 and rows 50..250: one pixel per 1/40 in x, 1/20 in y.
const Rect kArea{100, 50, 401, 201};

LineChart straightLine() {
  LineChart chart;
  chart.title = "y = x";
  chart.x = Axis::linear(0, 10);
  chart.y = Axis::linear(0, 10);
  chart.curves.push_back({"y = x", {0, 10}, {0, 10}, kRed});
  return chart;
}

TEST(LineChart, StraightLinePassesThroughItsPixels) {
  RasterCanvas canvas(700, 320, kChartBackground);
  const LineChart chart = straightLine();
  ASSERT_DOUBLE_EQ(chart.x.lo(), 0);
  ASSERT_DOUBLE_EQ(chart.x.hi(), 10);
  drawLineChart(canvas, chart, {.plotArea = kArea, .legendX = 530, .lineWidth = 1});
  // Through the PNG and back, so the file shows what the canvas holds.
  const test::DecodedPng png = test::decodePng(encodePng(canvas.image()));
  EXPECT_EQ(png.at(300, 150), kRed);  // (5, 5): x = 100 + 400 / 2, y = 250 - 200 / 2
  EXPECT_EQ(png.at(180, 210), kRed);  // (2, 2)
  EXPECT_EQ(png.at(500, 50), kRed);   // (10, 10): the top right corner
  EXPECT_EQ(png.at(300, 120), kChartBackground);  // (5, 6.5): above the line, not on a grid line
  EXPECT_NE(png.at(300, 180), kRed);              // (5, 3.5): below it
  // Legend: a swatch in the curve's colour to the right of the plot area.
  bool swatch = false;
  for (int y = 50; y < 70; ++y) swatch = swatch || png.at(535, y) == kRed;
  EXPECT_TRUE(swatch);
}

TEST(LineChart, PixelMappingPutsAxisEndsOnTheFrame) {
  const Axis a = Axis::linear(0, 10);
  EXPECT_DOUBLE_EQ(pixelX(kArea, a, 0), 100);
  EXPECT_DOUBLE_EQ(pixelX(kArea, a, 10), 500);
  EXPECT_DOUBLE_EQ(pixelY(kArea, a, 0), 250);
  EXPECT_DOUBLE_EQ(pixelY(kArea, a, 10), 50);
  const Axis log = Axis::logarithmic(1e-6, 1);
  EXPECT_DOUBLE_EQ(pixelY(kArea, log, 1e-3), 150);
}

TEST(LineChart, ZeroOnALogAxisLeavesAGap) {
  RasterCanvas canvas(700, 320, kChartBackground);
  LineChart chart;
  chart.x = Axis::linear(0, 10);
  chart.y = Axis::logarithmic(1e-6, 1);
  // 1e-3 everywhere except a zero at x = 5 and a NaN (N/A) at x = 8.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  chart.curves.push_back({"p", {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
                          {1e-3, 1e-3, 1e-3, 1e-3, 1e-3, 0, 1e-3, 1e-3, nan, 1e-3, 1e-3}, kBlue});
  drawLineChart(canvas, chart, {.plotArea = kArea, .lineWidth = 1});
  const Image& im = canvas.image();
  EXPECT_EQ(im.at(120, 150), kBlue);  // x = 0.5: drawn
  EXPECT_NE(im.at(290, 150), kBlue);  // x = 4.75: the segment towards the zero is not drawn
  EXPECT_NE(im.at(310, 150), kBlue);  // x = 5.25
  EXPECT_EQ(im.at(350, 150), kBlue);  // x = 6.25: drawn again
  EXPECT_NE(im.at(430, 150), kBlue);  // x = 8.25: gap at the NaN
  EXPECT_EQ(im.at(480, 150), kBlue);  // x = 9.5
}

TEST(LineChart, NoCurvesShowsTheNote) {
  RasterCanvas a(700, 320, kChartBackground), b(700, 320, kChartBackground);
  LineChart chart;
  drawLineChart(a, chart, {.plotArea = kArea});
  chart.emptyNote = "no data";
  drawLineChart(b, chart, {.plotArea = kArea});
  int differ = 0;
  for (int y = kArea.y + 1; y < kArea.bottom(); ++y)
    for (int x = kArea.x + 1; x < kArea.right(); ++x) differ += !(a.image().at(x, y) == b.image().at(x, y));
  EXPECT_GT(differ, 20);
}

}  // namespace
}  // namespace sluice::plot
