// The three-panel figure: each panel's curves in their rows of the picture,
// and a figure with no data drawn all the same.
#include <gtest/gtest.h>

#include "sluice/core/error.hpp"
#include "sluice/plot/history_figure.hpp"

namespace sluice::plot {
namespace {

// Rows of `image` (from, to) holding at least one pixel of `colour`.
int rowsWith(const Image& image, Rgb colour, int from, int to) {
  int rows = 0;
  for (int y = from; y < to; ++y) {
    bool any = false;
    for (int x = 0; x < image.width() && !any; ++x) any = image.at(x, y) == colour;
    rows += any;
  }
  return rows;
}

TEST(HistoryFigure, EachPanelHoldsItsCurves) {
  RunHistory h;
  h.residuals.push_back({"Ux", {0, 1, 2}, {1, 1e-2, 1e-4}});
  h.courant.push_back({"Co mean", {0, 1, 2}, {0.1, 0.1, 0.1}});
  h.courant.push_back({"Co max", {0, 1, 2}, {0.5, 0.9, 0.7}});
  h.stepSeconds.push_back({"seconds per step", {1, 2}, {0.02, 0.03}});
  h.files.emplace_back("runInfo.dat");
  const Image image = drawHistoryFigure(h, {.title = "case"});
  ASSERT_EQ(image.width(), 1000);
  ASSERT_EQ(image.height(), 900);
  const int third = image.height() / 3;
  // Ux is the first curve of the top panel; the Courant panel's first curve
  // has the same colour, so the colours are looked for panel by panel.
  EXPECT_GT(rowsWith(image, curveColour(0), 60, third), 100);     // 1 .. 1e-4: most of the panel's height
  EXPECT_GT(rowsWith(image, curveColour(1), third, 2 * third), 50);  // Co max
  EXPECT_EQ(rowsWith(image, curveColour(1), 0, third), 0);
  EXPECT_EQ(rowsWith(image, curveColour(1), 2 * third, image.height()), 0);
  EXPECT_GT(rowsWith(image, curveColour(0), 2 * third + 30, image.height()), 20);  // seconds per step
  EXPECT_NE(curveColour(0), curveColour(1));
}

TEST(HistoryFigure, NoDataStillDraws) {
  const Image image = drawHistoryFigure(RunHistory{}, {.title = "empty"});
  EXPECT_EQ(rowsWith(image, curveColour(0), 0, image.height()), 0);
  EXPECT_THROW(drawHistoryFigure(RunHistory{}, {.title = "tiny", .width = 200, .height = 100}), Error);
}

}  // namespace
}  // namespace sluice::plot
