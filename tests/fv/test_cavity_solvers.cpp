#include <cmath>

#include <gtest/gtest.h>

#include "fv/cavity_reference.hpp"

namespace sluice::fv {
namespace {

TEST(Simple, MatchesSimpleFoamOnTheSkewedCavity) {
  fvtest::SerialMesh m(fvtest::boxMesh(fvtest::Box(12, 12).mapped(fvtest::skewedCavityMap)));
  fvtest::SimpleCavity cavity(m.mesh, {});
  for (int i = 0; i < 5; ++i) {
    cavity.iterate();
    EXPECT_LT(cavity.lastContinuity.sumLocal, 1e-12);
  }
  for (const fvtest::ReferenceCell& c : fvtest::simpleReference().cells) {
    EXPECT_NEAR(cavity.U[c.cell].x, c.U.x, 1e-11) << "cell " << c.cell;
    EXPECT_NEAR(cavity.U[c.cell].y, c.U.y, 1e-11) << "cell " << c.cell;
    EXPECT_NEAR(cavity.p[c.cell], c.p, 1e-10) << "cell " << c.cell;
  }
}

}  // namespace
}  // namespace sluice::fv
