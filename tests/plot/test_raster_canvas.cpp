// Lines reach both end points and every column between; the clip rectangle
// holds; thick lines cover their pen.
#include <gtest/gtest.h>

#include "sluice/plot/raster_canvas.hpp"

namespace sluice::plot {
namespace {

constexpr Rgb kWhite{255, 255, 255};
constexpr Rgb kInk{10, 20, 30};

int inked(const RasterCanvas& c) {
  int n = 0;
  for (Rgb p : c.image().pixels()) n += p == kInk;
  return n;
}

TEST(RasterCanvas, LineCoversEveryColumnFromEndToEnd) {
  RasterCanvas c(50, 30, kWhite);
  c.line(2, 3, 40, 20, kInk);
  EXPECT_EQ(c.image().at(2, 3), kInk);
  EXPECT_EQ(c.image().at(40, 20), kInk);
  for (int x = 2; x <= 40; ++x) {
    int inColumn = 0;
    for (int y = 0; y < 30; ++y) inColumn += c.image().at(x, y) == kInk;
    EXPECT_EQ(inColumn, 1) << "column " << x;  // x-major: one pixel per column
  }
  EXPECT_EQ(inked(c), 39);
}

TEST(RasterCanvas, ClipKeepsLinesInside) {
  RasterCanvas c(50, 30, kWhite);
  c.setClip({10, 5, 20, 10});
  c.line(-1000, 10, 1000, 10, kInk);  // far-off ends are cut first
  for (int x = 0; x < 50; ++x) EXPECT_EQ(c.image().at(x, 10) == kInk, x >= 10 && x <= 29) << x;
  c.resetClip();
  c.point(0, 0, kInk);
  c.point(-1, 100, kInk);  // outside the image: dropped
  EXPECT_EQ(c.image().at(0, 0), kInk);
}

TEST(RasterCanvas, ThickLinesAndRectangles) {
  RasterCanvas c(20, 20, kWhite);
  c.line(5, 10, 14, 10, kInk, 3);
  EXPECT_EQ(inked(c), 12 * 3);  // the 3 x 3 pen reaches one pixel past each end
  EXPECT_EQ(c.image().at(4, 9), kInk);
  EXPECT_EQ(c.image().at(15, 11), kInk);
  EXPECT_EQ(c.image().at(10, 12), kWhite);
  RasterCanvas r(20, 20, kWhite);
  r.strokeRect({2, 3, 5, 4}, kInk);
  EXPECT_EQ(inked(r), 2 * 5 + 2 * 2);
  EXPECT_EQ(r.image().at(6, 6), kInk);
  EXPECT_EQ(r.image().at(4, 4), kWhite);
}

}  // namespace
}  // namespace sluice::plot
