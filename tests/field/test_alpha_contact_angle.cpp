// constantAlphaContactAngle's `limit` choices when the condition is
// evaluated (as OpenFOAM v1912's alphaContactAngle): `gradient` cuts the
// gradient so that the face value stays in [0, 1], `zeroGradient` zeroes
// it, `alpha` clips the face value, `none` keeps the gradient as set.
#include <gtest/gtest.h>

#include <vector>

#include "fv/fv_test_support.hpp"
#include "sluice/field/boundary/alpha_contact_angle.hpp"
#include "sluice/field/boundary_condition.hpp"

namespace sluice {
namespace {

using Limit = field::AlphaContactAngleBC::Limit;

/// The bottom face values of a 4x4 box with alpha = 0.9 in every cell after
/// setting gradient `g` and evaluating twice (as the solver's updates do).
struct Result {
  std::vector<double> values, gradient;
};
Result evaluate(Limit limit, double g) {
  fvtest::SerialMesh m(fvtest::boxMesh(fvtest::Box(4, 4, 1)));
  Label bottom = -1;
  for (Label p = 0; p < m.mesh.nPatches(); ++p)
    if (m.mesh.patches()[p].name == "bottom") bottom = p;
  const mesh::Patch& patch = m.mesh.patches()[bottom];
  field::AlphaContactAngleBC bc(bottom, 45, limit, std::vector<Scalar>(patch.size, 0.0));
  const std::vector<Scalar> cells(m.mesh.nLocalCells(), 0.9);
  std::vector<Scalar> faces(patch.size, 0.9);
  bc.setGradient(std::vector<Scalar>(patch.size, g));
  bc.evaluate(m.mesh, cells, faces);
  return {faces, bc.gradient()};
}

TEST(AlphaContactAngle, GradientLimitKeepsTheFaceValueInZeroToOne) {
  // d = 1/(half a cell) = 8: g = 8 would give 0.9 + 1 = 1.9 unlimited.
  const Result r = evaluate(Limit::gradient, 8.0);
  for (std::size_t i = 0; i < r.values.size(); ++i) {
    EXPECT_NEAR(r.values[i], 1.0, 1e-12);
    EXPECT_NEAR(r.gradient[i], 8.0 * (1.0 - 0.9), 1e-12);  // d (min(a_b + g/d, 1) - a_b)
  }
}

TEST(AlphaContactAngle, OtherLimits) {
  for (double v : evaluate(Limit::none, 8.0).values) EXPECT_NEAR(v, 1.9, 1e-12);
  for (double v : evaluate(Limit::zeroGradient, 8.0).values) EXPECT_NEAR(v, 0.9, 1e-12);
  const Result clipped = evaluate(Limit::alpha, 8.0);
  for (std::size_t i = 0; i < clipped.values.size(); ++i) {
    EXPECT_NEAR(clipped.values[i], 1.0, 1e-12);
    EXPECT_NEAR(clipped.gradient[i], 8.0, 1e-12);  // the gradient itself is not clipped
  }
}

}  // namespace
}  // namespace sluice
