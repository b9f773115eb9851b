#include "sluice/plot/axis.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "sluice/core/error.hpp"

namespace sluice::plot {

namespace {

// The smallest of 1, 2, 5, 10 times a power of ten that is >= raw (> 0).
double niceStepAtLeast(double raw) {
  const double decade = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * decade >= raw * (1 - 1e-9)) return m * decade;
  return 10.0 * decade;
}

// "3e-06" -> "3e-6", "1e+07" -> "1e7".
std::string compactExponent(std::string s) {
  const std::size_t e = s.find('e');
  if (e == std::string::npos) return s;
  std::string mantissa = s.substr(0, e);
  std::string exponent = s.substr(e + 1);
  const bool negative = !exponent.empty() && exponent[0] == '-';
  if (!exponent.empty() && (exponent[0] == '-' || exponent[0] == '+')) exponent.erase(0, 1);
  exponent.erase(0, std::min(exponent.find_first_not_of('0'), exponent.size() - 1));
  return mantissa + "e" + (negative ? "-" : "") + exponent;
}

// m * 10^d: plain for 1 .. 1000 (and down to 0.001 when `plainFractions`), else 1e-6, 2e-5, 1e4.
std::string logLabel(int m, int d, bool plainFractions) {
  if ((d >= 0 && d <= 3) || (plainFractions && d >= -3 && d < 0)) return fmt::format("{:g}", m * std::pow(10.0, d));
  return fmt::format("{}e{}", m, d);
}

}  // namespace

std::string tickLabel(double v, double step) {
  if (std::abs(v) < step * 1e-6) return "0";
  const int decimals = std::max(0, -static_cast<int>(std::floor(std::log10(step) + 1e-9)));
  if (decimals > 4 || std::abs(v) >= 1e6) {
    // As many significant digits as tell v from its neighbours k * step.
    const int digits = static_cast<int>(std::floor(std::log10(std::abs(v)) + 1e-9)) -
                       static_cast<int>(std::floor(std::log10(step) + 1e-9)) + 1;
    return compactExponent(fmt::format("{:.{}g}", v, std::max(1, digits)));
  }
  return fmt::format("{:.{}f}", v, decimals);
}

Axis Axis::linear(double min, double max, int maxTicks) {
  if (!std::isfinite(min) || !std::isfinite(max)) throw Error("linear axis: range not finite");
  if (min > max) std::swap(min, max);
  if (max - min <= 1e-12 * std::max(std::abs(min), std::abs(max))) {
    const double pad = min != 0 ? 0.1 * std::abs(min) : 1.0;
    min -= pad;
    max += pad;
  }
  maxTicks = std::max(maxTicks, 2);
  double step = niceStepAtLeast((max - min) / (maxTicks - 1));
  long first = 0, last = 0;
  while (true) {
    first = static_cast<long>(std::floor(min / step + 1e-9));
    last = static_cast<long>(std::ceil(max / step - 1e-9));
    if (last - first + 1 <= maxTicks) break;
    step = niceStepAtLeast(step * 1.5);  // the next nice step up
  }
  std::vector<Tick> ticks;
  for (long k = first; k <= last; ++k) {
    const double v = static_cast<double>(k) * step;
    ticks.push_back({v, tickLabel(v, step)});
  }
  return Axis(AxisScale::linear, static_cast<double>(first) * step, static_cast<double>(last) * step, ticks);
}

Axis Axis::logarithmic(double min, double max, int maxTicks) {
  if (!(min > 0) || !(max > 0) || !std::isfinite(min) || !std::isfinite(max))
    throw Error("logarithmic axis: range not positive and finite");
  if (min > max) std::swap(min, max);
  const int a = static_cast<int>(std::floor(std::log10(min) + 1e-9));
  int b = static_cast<int>(std::ceil(std::log10(max) - 1e-9));
  if (b <= a) b = a + 1;
  const int decades = b - a;
  const int every = std::max(1, (decades + std::max(maxTicks, 2) - 2) / (std::max(maxTicks, 2) - 1));
  std::vector<Tick> ticks;
  for (int d = a; d <= b; ++d) {
    // Labels on multiples of `every` (so 1 keeps its label when in range).
    // A narrow range shows 0.1, 0.2, 0.5, 1 plainly; a wide one keeps the decades' 1e-k alike.
    const bool narrow = decades <= 2;
    const bool labelled = ((d % every) + every) % every == 0;
    ticks.push_back({std::pow(10.0, d), labelled ? logLabel(1, d, narrow) : std::string()});
    if (narrow && d < b)
      for (int m : {2, 5}) ticks.push_back({m * std::pow(10.0, d), logLabel(m, d, narrow)});
  }
  return Axis(AxisScale::logarithmic, std::pow(10.0, a), std::pow(10.0, b), ticks);
}

double Axis::fraction(double v) const {
  if (!std::isfinite(v)) return std::numeric_limits<double>::quiet_NaN();
  if (scale_ == AxisScale::linear) return (v - lo_) / (hi_ - lo_);
  if (v <= 0) return std::numeric_limits<double>::quiet_NaN();
  return (std::log10(v) - std::log10(lo_)) / (std::log10(hi_) - std::log10(lo_));
}

}  // namespace sluice::plot
