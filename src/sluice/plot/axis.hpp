#pragma once
// A chart axis: linear or logarithmic (base 10), its range and its ticks.
// Linear ranges are widened to whole multiples of a "nice" step (1, 2 or 5
// times a power of ten) and labelled with as few decimals as the step needs;
// logarithmic ranges are widened to whole decades and labelled 1e-6, 1e-5,
// ..., 1, 10 (every k-th decade when there are more than fit; 2 and 5 in
// between when the range is one or two decades).
//
//   Axis t = Axis::linear(0.005, 0.5);        // 0 .. 0.5, ticks 0, 0.1, ..., 0.5
//   Axis r = Axis::logarithmic(3e-6, 0.8);    // 1e-6 .. 1
//   double f = r.fraction(1e-3);              // 0.5: half way up
#include <string>
#include <vector>

namespace sluice::plot {

enum class AxisScale { linear, logarithmic };

struct Tick {
  double value = 0;
  std::string label;  ///< empty: a grid line without a label
};

class Axis {
 public:
  /// Covers [min, max] (in any order; equal values get a range around them)
  /// with at most `maxTicks` ticks.
  static Axis linear(double min, double max, int maxTicks = 6);
  /// Covers [min, max], both > 0, with at most `maxTicks` labels.
  static Axis logarithmic(double min, double max, int maxTicks = 8);

  AxisScale scale() const { return scale_; }
  double lo() const { return lo_; }
  double hi() const { return hi_; }
  const std::vector<Tick>& ticks() const { return ticks_; }

  /// Where `v` lies: 0 at lo(), 1 at hi() (outside the range below 0 or above
  /// 1); NaN where it cannot be shown: not finite, or <= 0 on a log axis.
  double fraction(double v) const;

 private:
  Axis(AxisScale scale, double lo, double hi, std::vector<Tick> ticks)
      : scale_(scale), lo_(lo), hi_(hi), ticks_(std::move(ticks)) {}

  AxisScale scale_;
  double lo_;
  double hi_;
  std::vector<Tick> ticks_;
};

/// The label of tick value `v` on a linear axis with tick spacing `step`:
/// just the decimals the step needs (0.05 -> "0.05", 2 -> "2", 0 -> "0"),
/// and a short exponent form for very small or large values (2e-6, 3e7).
std::string tickLabel(double v, double step);

}  // namespace sluice::plot
