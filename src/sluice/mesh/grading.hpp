#pragma once
// One-dimensional cell distribution along a block edge (blockMesh grading).
// A grading is a list of sections; each covers a fraction of the edge length
// and a fraction of the cells and has an expansion ratio (last cell width /
// first cell width within the section). A single number R is one section
// (1, 1, R). Fractions are normalised to sum to 1; a negative ratio -R means
// 1/R, as in OpenFOAM.
//
//   Grading g = Grading::sections({{0.2, 0.3, 4}, {0.6, 0.4, 1}, {0.2, 0.3, 0.25}});
//   std::vector<Scalar> lambda = g.divide(20);   // 21 values, 0 ... 1
//   Grading back = g.inverse();                   // same distribution seen from the other end
#include <vector>

#include "sluice/core/types.hpp"

namespace sluice::mesh {

struct GradingSection {
  Scalar lengthFraction = 1;  ///< share of the edge length
  Scalar cellFraction = 1;    ///< share of the cells
  Scalar expansion = 1;       ///< last cell width / first cell width (> 0)

  friend bool operator==(const GradingSection&, const GradingSection&) = default;
};

class Grading {
 public:
  /// Uniform spacing.
  Grading() = default;
  /// One section with expansion ratio `ratio` (negative: 1/|ratio|); ratio must be non-zero.
  static Grading ratio(Scalar ratio);
  /// Multi-section grading; fractions are normalised. Fractions must be
  /// positive and ratios non-zero (callers validate input and report errors).
  static Grading sections(std::vector<GradingSection> sections);

  const std::vector<GradingSection>& sectionList() const { return sections_; }

  /// The same distribution seen from the other end: sections reversed, ratios inverted.
  Grading inverse() const;

  /// Parameter values 0 = lambda_0 < lambda_1 < ... < lambda_n = 1 of the n
  /// cell boundaries along the edge (n >= 1). Cells are shared among sections
  /// by rounding; the section with the largest cell fraction takes the
  /// remainder. With fewer cells than sections the division is uniform.
  std::vector<Scalar> divide(Label n) const;

  /// How divide(n) shares n cells among the sections (empty when n is below
  /// the number of sections: uniform division). A share can come out
  /// negative when many sections round up; divide refuses such an n, and
  /// blockMeshDict readers check it first to name the block.
  std::vector<Label> sectionCells(Label n) const;

  friend bool operator==(const Grading&, const Grading&) = default;

 private:
  std::vector<GradingSection> sections_{GradingSection{}};
};

}  // namespace sluice::mesh
