#include "sluice/plot/raster_canvas.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace sluice::plot {

RasterCanvas::RasterCanvas(int width, int height, Rgb background)
    : image_(width, height, background), clip_{0, 0, width, height} {}

void RasterCanvas::setClip(const Rect& clip) { clip_ = clip; }

void RasterCanvas::resetClip() { clip_ = {0, 0, width(), height()}; }

void RasterCanvas::point(int x, int y, Rgb colour) {
  if (clip_.contains(x, y) && image_.contains(x, y)) image_.set(x, y, colour);
}

void RasterCanvas::fillRect(const Rect& r, Rgb colour) {
  for (int y = r.y; y <= r.bottom(); ++y)
    for (int x = r.x; x <= r.right(); ++x) point(x, y, colour);
}

void RasterCanvas::strokeRect(const Rect& r, Rgb colour) {
  fillRect({r.x, r.y, r.width, 1}, colour);
  fillRect({r.x, r.bottom(), r.width, 1}, colour);
  fillRect({r.x, r.y, 1, r.height}, colour);
  fillRect({r.right(), r.y, 1, r.height}, colour);
}

void RasterCanvas::line(double x0, double y0, double x1, double y1, Rgb colour, int width) {
  if (!std::isfinite(x0) || !std::isfinite(y0) || !std::isfinite(x1) || !std::isfinite(y1)) return;
  // Far-off end points (a steep curve leaving the axis range) are first cut to
  // a margin around the clip rectangle, so the walk below stays short.
  const double lo[2] = {clip_.x - 4.0, clip_.y - 4.0};
  const double hi[2] = {clip_.right() + 4.0, clip_.bottom() + 4.0};
  double t0 = 0.0, t1 = 1.0;
  const double p[2] = {x0, y0}, d[2] = {x1 - x0, y1 - y0};
  for (int k = 0; k < 2; ++k) {  // Liang-Barsky
    if (d[k] == 0.0) {
      if (p[k] < lo[k] || p[k] > hi[k]) return;
      continue;
    }
    double a = (lo[k] - p[k]) / d[k], b = (hi[k] - p[k]) / d[k];
    if (a > b) std::swap(a, b);
    t0 = std::max(t0, a);
    t1 = std::min(t1, b);
    if (t0 > t1) return;
  }
  int xa = static_cast<int>(std::lround(x0 + t0 * d[0])), ya = static_cast<int>(std::lround(y0 + t0 * d[1]));
  const int xb = static_cast<int>(std::lround(x0 + t1 * d[0])), yb = static_cast<int>(std::lround(y0 + t1 * d[1]));
  const int dx = std::abs(xb - xa), dy = -std::abs(yb - ya);
  const int sx = xa < xb ? 1 : -1, sy = ya < yb ? 1 : -1;
  const int before = (width - 1) / 2;
  int err = dx + dy;
  while (true) {
    for (int oy = -before; oy < width - before; ++oy)
      for (int ox = -before; ox < width - before; ++ox) point(xa + ox, ya + oy, colour);
    if (xa == xb && ya == yb) break;
    const int e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      xa += sx;
    }
    if (e2 <= dx) {
      err += dx;
      ya += sy;
    }
  }
}

}  // namespace sluice::plot
