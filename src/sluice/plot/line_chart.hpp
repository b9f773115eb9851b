#pragma once
// One chart panel: a framed plot area with grid lines at the axes' ticks,
// tick labels (y on the left; x below, unless panels stacked above others
// share the bottom one's), a title above, a legend of the curves to the
// right, and the curves as polylines clipped to the frame. A point that the
// axis cannot show (NaN, or <= 0 on a log axis) leaves a gap in its curve.
//
// Data point (x, y) lands on pixel column plotArea.x + fx * (plotArea.width - 1)
// and row plotArea.bottom() - fy * (plotArea.height - 1), where fx, fy are
// the axes' fraction()s: the frame's pixels are the axes' ends.
//
//   LineChart chart;
//   chart.title = "Courant number"; chart.x = Axis::linear(0, 0.5); chart.y = Axis::linear(0, 1.2);
//   chart.curves.push_back({"Co max", time, coMax, kBlue});
//   drawLineChart(canvas, chart, {.plotArea = {60, 40, 700, 200}, .legendX = 780});
#include <string>
#include <vector>

#include "sluice/plot/axis.hpp"
#include "sluice/plot/raster_canvas.hpp"

namespace sluice::plot {

struct Curve {
  std::string name;
  std::vector<double> x;
  std::vector<double> y;
  Rgb colour;
};

struct LineChart {
  std::string title;
  Axis x = Axis::linear(0, 1);
  Axis y = Axis::linear(0, 1);
  std::vector<Curve> curves;
  /// Shown in the middle of the plot area when there are no curves.
  std::string emptyNote;
};

struct ChartLayout {
  Rect plotArea;
  bool xTickLabels = true;
  /// Left edge of the legend column; the legend is not drawn when <= 0.
  int legendX = 0;
  int lineWidth = 2;
};

/// The colours charts are drawn with.
inline constexpr Rgb kChartBackground{255, 255, 255};
inline constexpr Rgb kChartText{25, 25, 25};
inline constexpr Rgb kChartFrame{90, 90, 90};
inline constexpr Rgb kChartGrid{222, 222, 222};

/// Pixel column and row of a data value (see the header comment).
double pixelX(const Rect& plotArea, const Axis& x, double value);
double pixelY(const Rect& plotArea, const Axis& y, double value);

void drawLineChart(RasterCanvas& canvas, const LineChart& chart, const ChartLayout& layout);

}  // namespace sluice::plot
