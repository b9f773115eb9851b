#include <cmath>

#include <gtest/gtest.h>

#include "fv/cavity_reference.hpp"

namespace sluice::fv {
namespace {

TEST(Piso, CavityStepsConserveMass) {
  fvtest::SerialMesh m(fvtest::boxMesh(fvtest::Box(12, 12).mapped(fvtest::cavityMap)));
  fvtest::PisoCavity cavity(m.mesh, {});
  for (int step = 0; step < 5; ++step) {
    cavity.step();
    EXPECT_LT(cavity.lastContinuity.sumLocal, 1e-12) << "step " << step;
  }
  // The lid drags the fluid: positive x velocity under the lid, a return flow below.
  double maxU = 0, minU = 0;
  for (Label c = 0; c < m.mesh.nCells(); ++c) {
    maxU = std::max(maxU, cavity.U[c].x);
    minU = std::min(minU, cavity.U[c].x);
    EXPECT_LT(mag(cavity.U[c]), 1.0);
  }
  EXPECT_GT(maxU, 0.3);
  EXPECT_LT(minU, -0.01);
  EXPECT_GT(cavity.iterations["p"], 0);
  EXPECT_EQ(cavity.iterations.count("Uz"), 0u);
}

TEST(Piso, MatchesIcoFoamOnTheCavity) {
  for (const fvtest::PisoReference& ref : fvtest::pisoReferences()) {
    fvtest::SerialMesh m(fvtest::boxMesh(fvtest::Box(12, 12).mapped(ref.map)));
    fvtest::PisoCavity cavity(m.mesh, ref.settings);
    for (int step = 0; step < 5; ++step) cavity.step();
    EXPECT_NEAR(cavity.lastCourant.mean, ref.courantMean, 1e-12) << ref.name;
    EXPECT_NEAR(cavity.lastCourant.max, ref.courantMax, 1e-12) << ref.name;
    for (const fvtest::PisoReference::Cell& c : ref.cells) {
      EXPECT_NEAR(cavity.U[c.cell].x, c.U.x, 1e-11) << ref.name << " cell " << c.cell;
      EXPECT_NEAR(cavity.U[c.cell].y, c.U.y, 1e-11) << ref.name << " cell " << c.cell;
      EXPECT_NEAR(cavity.p[c.cell], c.p, 1e-10) << ref.name << " cell " << c.cell;
    }
  }
}

TEST(Simple, MatchesSimpleFoamOnTheSkewedCavity) {
  fvtest::SerialMesh m(fvtest::boxMesh(fvtest::Box(12, 12).mapped(fvtest::skewedCavityMap)));
  fvtest::SimpleCavity cavity(m.mesh, {});
  for (int i = 0; i < 5; ++i) {
    cavity.iterate();
    EXPECT_LT(cavity.lastContinuity.sumLocal, 1e-12);
  }
  for (const fvtest::PisoReference::Cell& c : fvtest::simpleReference().cells) {
    EXPECT_NEAR(cavity.U[c.cell].x, c.U.x, 1e-11) << "cell " << c.cell;
    EXPECT_NEAR(cavity.U[c.cell].y, c.U.y, 1e-11) << "cell " << c.cell;
    EXPECT_NEAR(cavity.p[c.cell], c.p, 1e-10) << "cell " << c.cell;
  }
}

}  // namespace
}  // namespace sluice::fv
