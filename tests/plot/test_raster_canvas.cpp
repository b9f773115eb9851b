// Lines reach both end points and every column between; the clip rectangle
// holds; thick lines cover their pen.
#include <gtest/gtest.h>

#include "sluice/plot/raster_canvas.hpp"

namespace sluice::plot {
namespace {

constexpr Rgb kCanvasWhite{255, 255, 255};
constexpr Rgb kLineInk{10, 20, 30};

int inked(const RasterCanvas& c) {
  int n = 0;
  for (Rgb p : c.image().pixels()) n += p == kLineInk;
  return n;
}

TEST(RasterCanvas, LineCoversEveryColumnFromEndToEnd) {
  RasterCanvas c(50, 30, kCanvasWhite);
  c.line(2, 3, 40, 20, kLineInk);
  EXPECT_EQ(c.image().at(2, 3), kLineInk);
  EXPECT_EQ(c.image().at(40, 20), kLineInk);
  for (int x = 2; x <= 40; ++x) {
    int inColumn = 0;
    for (int y = 0; y < 30; ++y) inColumn += c.image().at(x, y) == kLineInk;
    EXPECT_EQ(inColumn, 1) << "column " << x;  // x-major: one pixel per column
  }
  EXPECT_EQ(inked(c), 39);
}

TEST(RasterCanvas, ClipKeepsLinesInside) {
  RasterCanvas c(50, 30, kCanvasWhite);
  c.setClip({10, 5, 20, 10});
  c.line(-1000, 10, 1000, 10, kLineInk);  // far-off ends are cut first
  for (int x = 0; x < 50; ++x) EXPECT_EQ(c.image().at(x, 10) == kLineInk, x >= 10 && x <= 29) << x;
  c.resetClip();
  c.point(0, 0, kLineInk);
  c.point(-1, 100, kLineInk);  // outside the image: dropped
  EXPECT_EQ(c.image().at(0, 0), kLineInk);
}

TEST(RasterCanvas, ThickLinesAndRectangles) {
  RasterCanvas c(20, 20, kCanvasWhite);
  c.line(5, 10, 14, 10, kLineInk, 3);
  EXPECT_EQ(inked(c), 12 * 3);  // the 3 x 3 pen reaches one pixel past each end
  EXPECT_EQ(c.image().at(4, 9), kLineInk);
  EXPECT_EQ(c.image().at(15, 11), kLineInk);
  EXPECT_EQ(c.image().at(10, 12), kCanvasWhite);
  RasterCanvas r(20, 20, kCanvasWhite);
  r.strokeRect({2, 3, 5, 4}, kLineInk);
  EXPECT_EQ(inked(r), 2 * 5 + 2 * 2);
  EXPECT_EQ(r.image().at(6, 6), kLineInk);
  EXPECT_EQ(r.image().at(4, 4), kCanvasWhite);
}

}  // namespace
}  // namespace sluice::plot
