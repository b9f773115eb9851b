#include "sluice/plot/line_chart.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "sluice/plot/bitmap_font.hpp"

namespace sluice::plot {

namespace {

constexpr int kTickLength = 4;
constexpr int kGap = 4;  // between a tick and its label, a label and the frame
constexpr int kLegendSwatch = 16;
constexpr int kLegendRow = 13;

void drawGridAndTicks(RasterCanvas& canvas, const LineChart& chart, const ChartLayout& layout) {
  const Rect& r = layout.plotArea;
  int lastLabelRight = -1000000;
  for (const Tick& t : chart.x.ticks()) {
    const double f = chart.x.fraction(t.value);
    if (!(f >= -1e-9 && f <= 1 + 1e-9)) continue;
    const int px = static_cast<int>(std::lround(pixelX(r, chart.x, t.value)));
    canvas.fillRect({px, r.y + 1, 1, r.height - 2}, kChartGrid);
    canvas.fillRect({px, r.bottom() + 1, 1, kTickLength}, kChartFrame);
    if (layout.xTickLabels && !t.label.empty()) {
      const int w = textWidth(t.label);
      const int left = std::clamp(px - w / 2, 0, canvas.width() - w);
      if (left > lastLabelRight + 2 * kGap) {  // never let two labels touch
        drawText(canvas, left, r.bottom() + kTickLength + kGap, t.label, kChartText);
        lastLabelRight = left + w;
      }
    }
  }
  int lastLabelTop = 1000000;
  for (const Tick& t : chart.y.ticks()) {
    const double f = chart.y.fraction(t.value);
    if (!(f >= -1e-9 && f <= 1 + 1e-9)) continue;
    const int py = static_cast<int>(std::lround(pixelY(r, chart.y, t.value)));
    canvas.fillRect({r.x + 1, py, r.width - 2, 1}, kChartGrid);
    canvas.fillRect({r.x - kTickLength, py, kTickLength, 1}, kChartFrame);
    if (!t.label.empty()) {
      const int top = py - kCapHeight / 2;
      if (top + textHeight() + 1 < lastLabelTop) {  // ticks go bottom to top
        drawText(canvas, r.x - kTickLength - kGap - textWidth(t.label), top, t.label, kChartText);
        lastLabelTop = top;
      }
    }
  }
}

void drawCurve(RasterCanvas& canvas, const Curve& curve, const LineChart& chart, const ChartLayout& layout) {
  const Rect& r = layout.plotArea;
  const std::size_t n = std::min(curve.x.size(), curve.y.size());
  auto shown = [&](std::size_t i) {
    return i < n && std::isfinite(chart.x.fraction(curve.x[i])) && std::isfinite(chart.y.fraction(curve.y[i]));
  };
  for (std::size_t i = 0; i < n; ++i) {
    if (!shown(i)) continue;
    const double px = pixelX(r, chart.x, curve.x[i]), py = pixelY(r, chart.y, curve.y[i]);
    if (shown(i + 1)) {
      canvas.line(px, py, pixelX(r, chart.x, curve.x[i + 1]), pixelY(r, chart.y, curve.y[i + 1]), curve.colour,
                  layout.lineWidth);
    } else if (i == 0 || !shown(i - 1)) {  // a point alone between gaps: a dot
      canvas.line(px, py, px, py, curve.colour, layout.lineWidth + 1);
    }
  }
}

void drawLegend(RasterCanvas& canvas, const LineChart& chart, const ChartLayout& layout) {
  const Rect& r = layout.plotArea;
  const int rows = std::max(1, (r.height - 2) / kLegendRow);
  const std::size_t n = chart.curves.size();
  const std::size_t shown = n <= static_cast<std::size_t>(rows) ? n : static_cast<std::size_t>(rows - 1);
  int y = r.y + 2;
  for (std::size_t i = 0; i < shown; ++i, y += kLegendRow) {
    const Curve& c = chart.curves[i];
    const int mid = y + kCapHeight / 2;
    canvas.line(layout.legendX, mid, layout.legendX + kLegendSwatch - 1, mid, c.colour, layout.lineWidth);
    drawText(canvas, layout.legendX + kLegendSwatch + kGap, y, c.name, kChartText);
  }
  if (shown < n)
    drawText(canvas, layout.legendX, y, fmt::format("and {} more", n - shown), kChartText);
}

}  // namespace

double pixelX(const Rect& plotArea, const Axis& x, double value) {
  return plotArea.x + x.fraction(value) * (plotArea.width - 1);
}

double pixelY(const Rect& plotArea, const Axis& y, double value) {
  return plotArea.bottom() - y.fraction(value) * (plotArea.height - 1);
}

void drawLineChart(RasterCanvas& canvas, const LineChart& chart, const ChartLayout& layout) {
  const Rect& r = layout.plotArea;
  canvas.resetClip();
  drawText(canvas, r.x, r.y - textHeight(2) - kGap, chart.title, kChartText, 2);
  drawGridAndTicks(canvas, chart, layout);
  canvas.strokeRect(r, kChartFrame);
  if (chart.curves.empty() && !chart.emptyNote.empty()) {
    const int x = r.x + (r.width - textWidth(chart.emptyNote)) / 2, y = r.y + (r.height - kCapHeight) / 2;
    canvas.fillRect({x - kGap, y - kGap, textWidth(chart.emptyNote) + 2 * kGap, textHeight() + 2 * kGap},
                    kChartBackground);  // no grid line through the note
    drawText(canvas, x, y, chart.emptyNote, kChartFrame);
  }
  canvas.setClip(r);
  for (const Curve& c : chart.curves) drawCurve(canvas, c, chart, layout);
  canvas.resetClip();
  if (layout.legendX > 0) drawLegend(canvas, chart, layout);
}

}  // namespace sluice::plot
