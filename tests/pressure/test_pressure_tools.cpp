// The pressure tools on hand-checked values: a 4 x 3 box of unit-thickness
// cells (test::boxMesh; left and right are `patch`, bottom and top walls,
// front and back empty).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <vector>

#include "fv/fv_test_support.hpp"
#include "sluice/core/error.hpp"
#include "sluice/field/boundary_conditions.hpp"
#include "sluice/field/field_registry.hpp"
#include "sluice/parallel/parallel_error.hpp"
#include "sluice/pressure/adjust_phi.hpp"
#include "sluice/pressure/constrain_hbya.hpp"
#include "sluice/pressure/constrain_pressure.hpp"

namespace sluice::pressure {
namespace {

using fvtest::Box;
using fvtest::SerialMesh;

constexpr Label kLeft = 0, kRight = 1, kBottom = 2, kTop = 3;

TEST(ConstrainHbyA, CopiesTheVelocityWhereItIsNotAssignable) {
  SerialMesh m(fvtest::boxMesh(Box(4, 3)));
  field::VolVectorField U("U", m.mesh, {});
  U.setBoundaryCondition(kLeft, std::make_unique<field::FixedValueBC<Vec3>>(kLeft, std::vector<Vec3>(3, {1, 0, 0})));
  U.setBoundaryCondition(kRight, std::make_unique<field::ZeroGradientBC<Vec3>>(kRight));
  U.setBoundaryCondition(kBottom, std::make_unique<field::SlipBC<Vec3>>(kBottom, "slip"));
  U.setBoundaryCondition(kTop, std::make_unique<field::InletOutletBC<Vec3>>(kTop, std::vector<Vec3>(4)));
  for (Label c = 0; c < m.mesh.nCells(); ++c) U[c] = Vec3{2, 1, 0};
  U.evaluateBoundaryConditions();  // inletOutlet keeps its (zero) face values: not linked
  field::VolVectorField HbyA("H", m.mesh, {}, Vec3{7, 7, 0});
  constrainHbyA(HbyA, U);
  EXPECT_EQ(HbyA.name(), "HbyA");
  EXPECT_EQ(HbyA.patchValues(kLeft)[0], (Vec3{1, 0, 0}));    // fixedValue
  EXPECT_EQ(HbyA.patchValues(kBottom)[2], (Vec3{2, 0, 0}));  // slip: U's tangential face value
  EXPECT_EQ(HbyA.patchValues(kRight)[1], (Vec3{7, 7, 0}));   // zeroGradient: assignable, kept
  EXPECT_EQ(HbyA.patchValues(kTop)[1], (Vec3{7, 7, 0}));     // inletOutlet: assignable, kept
}

TEST(ConstrainPressure, SetsTheFixedFluxPressureGradient) {
  SerialMesh m(fvtest::boxMesh(Box(4, 3)));
  const auto& geo = m.mesh.geometry();
  field::VolScalarField p("p", m.mesh, {});
  p.setBoundaryCondition(kLeft, std::make_unique<field::FixedFluxPressureBC>(kLeft, 3));
  field::VolVectorField U("U", m.mesh, {});
  U.patchValues(kLeft)[1] = Vec3{-2, 0, 0};  // face 1 of the left patch: 2 m/s into the domain
  field::SurfaceScalarField phiHbyA("phiHbyA", m.mesh, {});
  field::SurfaceScalarField rAUf("rAUf", m.mesh, {}, 0.5);
  const Label f = m.mesh.patches()[kLeft].start + 1;
  phiHbyA[f] = 0.1;
  constrainPressure(p, U, phiHbyA, rAUf);
  const auto& ffp = dynamic_cast<const field::FixedFluxPressureBC&>(*p.boundaryCondition(kLeft));
  // (phiHbyA - Sf . U) / (|Sf| rAU): Sf = (-1/3, 0, 0) for a 1/3-high face of unit depth.
  const double expected = (0.1 - dot(geo.faceAreas[f], Vec3{-2, 0, 0})) / (geo.faceAreaMag(f) * 0.5);
  EXPECT_NEAR(ffp.gradient()[1], expected, 1e-14);
  EXPECT_NEAR(expected, (0.1 - 2.0 / 3.0) * 6.0, 1e-12);
  EXPECT_EQ(ffp.gradient()[0], 0.0);
  // A density on the faces scales the velocity's flux (a pressure in Pa).
  field::SurfaceScalarField rhof("rhof", m.mesh, {}, 2.0);
  constrainPressure(p, U, phiHbyA, rAUf, &rhof);
  EXPECT_NEAR(ffp.gradient()[1], (0.1 - 2 * dot(geo.faceAreas[f], Vec3{-2, 0, 0})) / (geo.faceAreaMag(f) * 0.5),
              1e-14);
}

/// A flux field with `in` entering through every left face and `out` leaving
/// through every right face.
field::SurfaceScalarField throughFlow(const field::FvMesh& mesh, double in, double out) {
  field::SurfaceScalarField phi("phi", mesh, {});
  for (Scalar& f : phi.patchValues(kLeft)) f = -in;
  for (Scalar& f : phi.patchValues(kRight)) f = out;
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) phi[f] = 0.3;
  return phi;
}

TEST(AdjustPhi, ScalesTheAdjustableOutflowToTheInflow) {
  SerialMesh m(fvtest::boxMesh(Box(4, 3)));
  field::VolVectorField U("U", m.mesh, {});
  fvtest::setZeroGradient(U);
  U.setBoundaryCondition(kLeft, std::make_unique<field::FixedValueBC<Vec3>>(kLeft, std::vector<Vec3>(3, {1, 0, 0})));
  field::SurfaceScalarField phi = throughFlow(m.mesh, 1.0, 0.5);  // 3 in, 1.5 out
  adjustPhi(phi, U);
  for (Scalar f : phi.patchValues(kRight)) EXPECT_NEAR(f, 1.0, 1e-15);
  for (Scalar f : phi.patchValues(kLeft)) EXPECT_EQ(f, -1.0);  // inflow is never scaled
  // An inletOutlet outlet counts as adjustable too.
  U.setBoundaryCondition(kRight, std::make_unique<field::InletOutletBC<Vec3>>(kRight, std::vector<Vec3>(3)));
  phi = throughFlow(m.mesh, 1.0, 0.25);
  adjustPhi(phi, U);
  for (Scalar f : phi.patchValues(kRight)) EXPECT_NEAR(f, 1.0, 1e-15);
}

TEST(AdjustPhi, RefusesAnImbalanceNothingCanTakeUp) {
  SerialMesh m(fvtest::boxMesh(Box(4, 3)));
  field::VolVectorField U("U", m.mesh, {});
  fvtest::setZeroGradient(U);
  for (Label patch : {kLeft, kRight})
    U.setBoundaryCondition(patch,
                           std::make_unique<field::FixedValueBC<Vec3>>(patch, std::vector<Vec3>(3, {1, 0, 0})));
  field::SurfaceScalarField balanced = throughFlow(m.mesh, 1.0, 1.0);
  EXPECT_NO_THROW(adjustPhi(balanced, U));
  field::SurfaceScalarField phi = throughFlow(m.mesh, 1.0, 0.5);
  try {
    adjustPhi(phi, U);
    FAIL();
  } catch (const parallel::CollectiveError& e) {
    EXPECT_THAT(std::string(e.what()),
                ::testing::HasSubstr("the continuity error cannot be removed by adjusting the outflow"));
    EXPECT_THAT(std::string(e.what()), ::testing::HasSubstr("specified inflow 3, specified outflow 1.5"));
  }
}

}  // namespace
}  // namespace sluice::pressure
