#include "sluice/mesh/grading.hpp"

#include <cmath>
#include <cstdint>

#include "sluice/core/error.hpp"

namespace sluice::mesh {

namespace {

Scalar correctedRatio(Scalar r) { return r < 0 ? 1.0 / (-r) : r; }

}  // namespace

Grading Grading::ratio(Scalar r) {
  if (r == 0) throw Error("Grading::ratio: expansion ratio must be non-zero");
  Grading g;
  g.sections_ = {GradingSection{1, 1, correctedRatio(r)}};
  return g;
}

Grading Grading::sections(std::vector<GradingSection> sections) {
  if (sections.empty()) throw Error("Grading::sections: no sections");
  Scalar sumLength = 0, sumCells = 0;
  for (const GradingSection& s : sections) {
    if (!(s.lengthFraction > 0) || !(s.cellFraction > 0) || s.expansion == 0)
      throw Error("Grading::sections: fractions must be positive and ratios non-zero");
    sumLength += s.lengthFraction;
    sumCells += s.cellFraction;
  }
  Grading g;
  g.sections_.clear();
  for (const GradingSection& s : sections)
    g.sections_.push_back({s.lengthFraction / sumLength, s.cellFraction / sumCells, correctedRatio(s.expansion)});
  return g;
}

Grading Grading::inverse() const {
  Grading g;
  g.sections_.assign(sections_.rbegin(), sections_.rend());
  for (GradingSection& s : g.sections_) s.expansion = 1.0 / s.expansion;
  return g;
}

std::vector<Label> Grading::sectionCells(Label n) const {
  const auto nSections = static_cast<Label>(sections_.size());
  if (n < nSections) return {};
  // Rounded shares, remainder to the largest section (the first one on
  // ties), independent of the section order otherwise.
  std::vector<Label> cells(nSections);
  std::int64_t sum = 0;
  Label largest = 0;
  for (Label s = 0; s < nSections; ++s) {
    cells[s] = static_cast<Label>(sections_[s].cellFraction * n + 0.5);
    sum += cells[s];
    if (sections_[s].cellFraction > sections_[largest].cellFraction) largest = s;
  }
  cells[largest] = static_cast<Label>(cells[largest] + (n - sum));
  return cells;
}

std::vector<Scalar> Grading::divide(Label n) const {
  if (n < 1) throw Error("Grading::divide: need at least one cell");
  std::vector<Scalar> lambda(static_cast<std::size_t>(n) + 1, 0.0);
  lambda[n] = 1.0;
  const std::vector<Label> cells = sectionCells(n);
  if (cells.empty()) {
    for (Label i = 1; i < n; ++i) lambda[i] = Scalar(i) / n;
    return lambda;
  }
  for (Label m : cells)
    if (m < 0) throw Error("Grading::divide: the cells cannot be shared among the grading sections");
  const auto nSections = static_cast<Label>(sections_.size());

  Scalar start = 0;
  Label first = 1;  // index of the first boundary computed in the section
  for (Label s = 0; s < nSections; ++s) {
    const GradingSection& sec = sections_[s];
    const Label m = cells[s];
    if (sec.expansion == 1.0 || m == 1) {
      for (Label i = 1; i <= m; ++i) lambda[first + i - 1] = start + sec.lengthFraction * Scalar(i) / m;
    } else if (m > 1) {
      // Geometric growth r per cell with r^(m-1) = expansion; the boundary
      // after i cells is at (r^i - 1)/(r^m - 1) of the section.
      const Scalar logR = std::log(sec.expansion) / (m - 1);
      const Scalar denom = std::expm1(m * logR);
      for (Label i = 1; i <= m; ++i) lambda[first + i - 1] = start + sec.lengthFraction * std::expm1(i * logR) / denom;
    }
    start += sec.lengthFraction;
    first += m;
  }
  lambda[n] = 1.0;
  return lambda;
}

}  // namespace sluice::mesh
