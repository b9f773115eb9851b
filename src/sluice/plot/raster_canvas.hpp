#pragma once
// Drawing on an Image with whole pixels: filled rectangles, lines
// (Bresenham, optionally thicker) and a clip rectangle that keeps curves
// inside a chart's plot area. No anti-aliasing, so a plot keeps a handful of
// colours and stays a small palette PNG.
//
//   RasterCanvas canvas(800, 600, kWhite);
//   canvas.fillRect({10, 10, 100, 20}, kBlack);
//   canvas.setClip({50, 50, 400, 300});
//   canvas.line(40.0, 60.0, 500.5, 200.0, kBlue, 2);   // cut at the clip rectangle
//   writePng(file, canvas.image());
#include "sluice/plot/image.hpp"

namespace sluice::plot {

/// Pixels x .. x + width - 1, y .. y + height - 1.
struct Rect {
  int x = 0, y = 0, width = 0, height = 0;
  int right() const { return x + width - 1; }
  int bottom() const { return y + height - 1; }
  bool contains(int px, int py) const { return px >= x && py >= y && px <= right() && py <= bottom(); }
};

class RasterCanvas {
 public:
  RasterCanvas(int width, int height, Rgb background);

  int width() const { return image_.width(); }
  int height() const { return image_.height(); }
  const Image& image() const { return image_; }

  /// Drawing outside `clip` (and outside the image) is dropped.
  void setClip(const Rect& clip);
  void resetClip();

  void point(int x, int y, Rgb colour);
  void fillRect(const Rect& r, Rgb colour);
  /// The outline of `r`, one pixel wide, inside it.
  void strokeRect(const Rect& r, Rgb colour);
  /// From (x0, y0) to (x1, y1), pixel centres at integer coordinates; `width`
  /// > 1 draws a square pen of that size around each pixel of the line.
  void line(double x0, double y0, double x1, double y1, Rgb colour, int width = 1);

 private:
  Image image_;
  Rect clip_;
};

}  // namespace sluice::plot
