#include "sluice/plot/history_figure.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/plot/bitmap_font.hpp"
#include "sluice/plot/line_chart.hpp"

namespace sluice::plot {

namespace {

// Ten well-separated colours (the usual "category 10" set), then around again.
constexpr std::array<Rgb, 10> kColours = {{{31, 119, 180},
                                           {255, 127, 14},
                                           {44, 160, 44},
                                           {214, 39, 40},
                                           {148, 103, 189},
                                           {140, 86, 75},
                                           {227, 119, 194},
                                           {127, 127, 127},
                                           {188, 189, 34},
                                           {23, 190, 207}}};

constexpr int kMarginLeft = 70;
constexpr int kLegendWidth = 150;
constexpr int kMarginTop = 44;
constexpr int kPanelTitle = 28;  // room above each plot area for its title
constexpr int kPanelGap = 10;
constexpr int kMarginBottom = 40;

std::vector<Curve> curvesOf(const std::vector<TimeSeries>& series) {
  std::vector<Curve> curves;
  for (std::size_t i = 0; i < series.size(); ++i)
    curves.push_back({series[i].name, series[i].time, series[i].value, curveColour(i)});
  return curves;
}

// The y values a curve list could show; only those > 0 when `positive`.
std::pair<double, double> valueRange(const std::vector<TimeSeries>& series, bool positive) {
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const TimeSeries& s : series)
    for (double v : s.value)
      if (std::isfinite(v) && (!positive || v > 0)) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
  return {lo, hi};
}

LineChart residualChart(const RunHistory& h, const Axis& time) {
  LineChart chart;
  chart.title = "Initial residuals";
  chart.x = time;
  const auto [lo, hi] = valueRange(h.residuals, true);
  chart.y = lo <= hi ? Axis::logarithmic(lo, hi) : Axis::logarithmic(1e-6, 1);
  chart.curves = curvesOf(h.residuals);
  chart.emptyNote = "no solverInfo.dat or residuals.dat in postProcessing/<name>/<time>/";
  return chart;
}

// A linear chart from 0 up (Courant numbers, seconds are never negative).
LineChart fromZeroChart(std::string title, const std::vector<TimeSeries>& series, const Axis& time,
                        std::string emptyNote) {
  LineChart chart;
  chart.title = std::move(title);
  chart.x = time;
  const auto [lo, hi] = valueRange(series, false);
  chart.y = lo <= hi ? Axis::linear(std::min(0.0, lo), hi) : Axis::linear(0, 1);
  chart.curves = curvesOf(series);
  chart.emptyNote = std::move(emptyNote);
  return chart;
}

}  // namespace

Rgb curveColour(std::size_t i) { return kColours[i % kColours.size()]; }

Image drawHistoryFigure(const RunHistory& history, const HistoryFigureOptions& options) {
  RasterCanvas canvas(options.width, options.height, kChartBackground);
  const auto [t0, t1] = history.timeRange();
  const Axis time = Axis::linear(t0, t1, 11);

  std::vector<LineChart> charts;
  charts.push_back(residualChart(history, time));
  charts.push_back(fromZeroChart("Courant number", history.courant, time,
                                 "no CoMean, CoMax in postProcessing/runInfo/<time>/runInfo.dat"));
  charts.push_back(fromZeroChart("Wall-clock seconds per time step", history.stepSeconds, time,
                                 "no stepSeconds in postProcessing/runInfo/<time>/runInfo.dat"));

  drawText(canvas, kMarginLeft, 8, options.title, kChartText, 2);
  if (!history.files.empty()) {
    const std::string latest = fmt::format("last time {:g}", t1);
    drawText(canvas, options.width - kLegendWidth - textWidth(latest) - 10, 12, latest, kChartText);
  }

  const int nPanels = static_cast<int>(charts.size());
  const int plotWidth = options.width - kMarginLeft - kLegendWidth - 10;
  const int available = options.height - kMarginTop - kMarginBottom - nPanels * kPanelTitle - (nPanels - 1) * kPanelGap;
  const int plotHeight = available / nPanels;
  if (plotWidth < 100 || plotHeight < 40)
    throw Error(fmt::format("history figure of {} x {} pixels is too small", options.width, options.height));
  int y = kMarginTop;
  for (int i = 0; i < nPanels; ++i) {
    y += kPanelTitle;
    const ChartLayout layout{.plotArea = {kMarginLeft, y, plotWidth, plotHeight},
                             .xTickLabels = i == nPanels - 1,
                             .legendX = kMarginLeft + plotWidth + 14};
    drawLineChart(canvas, charts[static_cast<std::size_t>(i)], layout);
    y += plotHeight + kPanelGap;
  }
  const std::string xLabel = "simulated time";
  drawText(canvas, kMarginLeft + (plotWidth - textWidth(xLabel)) / 2, options.height - kMarginBottom + 20, xLabel,
           kChartText);
  return canvas.image();
}

}  // namespace sluice::plot
