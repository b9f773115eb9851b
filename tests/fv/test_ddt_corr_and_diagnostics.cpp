#include <cmath>

#include <gtest/gtest.h>

#include "fv/fv_test_support.hpp"
#include "sluice/fv/flow_diagnostics.hpp"
#include "sluice/fv/fvc_ddt_corr.hpp"
#include "sluice/fv/fvc_interpolate.hpp"

namespace sluice::fv {
namespace {

using fvtest::Box;
using fvtest::ddtScheme;  // fv/fv_test_support.hpp
using fvtest::SerialMesh;

bool isEmptyFace(const field::FvMesh& mesh, Label f) {
  return f >= mesh.nInternalFaces() && mesh.patchKind(mesh.facePatch(f)) == field::PatchKind::Empty;
}

/// U = (1 + x, y, 0) with fixedValue on left/right and zeroGradient on bottom/top.
struct Flow {
  explicit Flow(const field::FvMesh& mesh) : U("U", mesh, {}) {
    auto exact = [](const Vec3& x) { return Vec3{1 + x.x, x.y, 0}; };
    fvtest::setFixedValue<Vec3>(U, exact);
    U.setBoundaryCondition(2, std::make_unique<field::ZeroGradientBC<Vec3>>(2));
    U.setBoundaryCondition(3, std::make_unique<field::ZeroGradientBC<Vec3>>(3));
    fvtest::setCells<Vec3>(U, exact);
    U.storeOldTime();
  }
  field::VolVectorField U;
};

TEST(Flux, StreamedFluxIsInterpolateDotSfBitForBit) {
  SerialMesh m(fvtest::boxMesh(Box(5, 4)));
  Flow flow(m.mesh);
  const field::SurfaceScalarField phi = fvc::flux(flow.U);
  const field::SurfaceVectorField Uf = fvc::interpolate(flow.U);
  const auto& Sf = m.mesh.geometry().faceAreas;
  ASSERT_EQ(phi.values().size(), static_cast<std::size_t>(m.mesh.nFaces()));
  for (Label f = 0; f < m.mesh.nFaces(); ++f) EXPECT_EQ(phi[f], dot(Uf[f], Sf[f])) << "face " << f;
  EXPECT_GT(std::abs(phi[0]), 0.0);
}

TEST(DdtCorr, ZeroWhenTheOldFluxMatchesTheOldVelocity) {
  SerialMesh m(fvtest::boxMesh(Box(5, 4).mapped(fvtest::wavy)));
  Flow flow(m.mesh);
  field::SurfaceScalarField phi0("phi", m.mesh, {});
  phi0.values() = fvc::flux(flow.U).values();
  const field::SurfaceScalarField c = fvc::ddtCorr(flow.U, phi0, ddtScheme(DdtKind::Euler), TimeStep{0.1});
  EXPECT_EQ(c.name(), "ddtCorr(U,phi)");
  for (Label f = 0; f < m.mesh.nFaces(); ++f) EXPECT_NEAR(c[f], 0.0, 1e-14);
}

TEST(DdtCorr, EulerValueAndCouplingCoefficient) {
  SerialMesh m(fvtest::boxMesh(Box(5, 4)));
  Flow flow(m.mesh);
  const field::SurfaceScalarField flux0 = fvc::flux(flow.U);
  field::SurfaceScalarField phi0("phi", m.mesh, {});
  for (Label f = 0; f < m.mesh.nFaces(); ++f) phi0[f] = 1.1 * flux0[f];  // 10% off everywhere
  const double dt = 0.05;
  const field::SurfaceScalarField c = fvc::ddtCorr(flow.U, phi0, ddtScheme(DdtKind::Euler), TimeStep{dt});
  for (Label f = 0; f < m.mesh.nFaces(); ++f) {
    const Label patch = m.mesh.facePatch(f);
    if (isEmptyFace(m.mesh, f) || patch == 0 || patch == 1) {  // empty, and fixedValue U: no correction
      EXPECT_EQ(c[f], 0.0) << "face " << f;
      continue;
    }
    if (std::abs(phi0[f]) < 1e-12) continue;
    // k = 1 - |0.1 flux0| / |1.1 flux0| = 1 - 1/11
    const double k = 1.0 - 0.1 / 1.1;
    EXPECT_NEAR(c[f], k * 0.1 * flux0[f] / dt, 1e-12) << "face " << f;
  }
  // The correction is limited: a flux far from the velocity's gets no coupling.
  for (Label f = 0; f < m.mesh.nFaces(); ++f) phi0[f] = -flux0[f];
  const field::SurfaceScalarField none =
      fvc::ddtCorr(flow.U, phi0, ddtScheme(DdtKind::Euler), TimeStep{dt});
  for (Label f = 0; f < m.mesh.nFaces(); ++f) EXPECT_NEAR(none[f], 0.0, 1e-12);
  const field::SurfaceScalarField steady =
      fvc::ddtCorr(flow.U, phi0, ddtScheme(DdtKind::steadyState), TimeStep{dt});
  for (Label f = 0; f < m.mesh.nFaces(); ++f) EXPECT_EQ(steady[f], 0.0);
}

TEST(DdtCorr, BackwardCombinesTwoOldLevels) {
  SerialMesh m(fvtest::boxMesh(Box(4, 3)));
  Flow flow(m.mesh);  // oldTime = current
  flow.U.keepOldOldTime();  // as the backward scheme's first use does
  flow.U.storeOldTime();  // oldOldTime = oldTime = U
  ASSERT_EQ(flow.U.nOldTimes(), 2);
  const field::SurfaceScalarField flux0 = fvc::flux(flow.U);
  // The flux's two old levels: 1.1 flux0 one step back, 1.3 flux0 two steps back.
  field::SurfaceScalarField phi("phi", m.mesh, {});
  phi.keepOldOldTime();
  for (Label f = 0; f < m.mesh.nFaces(); ++f) phi[f] = 1.3 * flux0[f];
  phi.storeOldTime();
  for (Label f = 0; f < m.mesh.nFaces(); ++f) phi[f] = 1.1 * flux0[f];
  phi.storeOldTime();
  for (Label f = 0; f < m.mesh.nFaces(); ++f) phi[f] = 99.0;  // the current flux is not used
  const TimeStep ts{0.1, 0.2};
  const BackwardCoeffs b = backwardCoeffs(ts, 2);
  EXPECT_NEAR(b.c, 1 + 0.1 / 0.3, 1e-15);
  EXPECT_NEAR(b.c00, 0.01 / (0.2 * 0.3), 1e-15);
  const field::SurfaceScalarField c = fvc::ddtCorr(flow.U, phi, ddtScheme(DdtKind::backward), ts);
  const double k = 1.0 - 0.1 / 1.1;
  for (Label f = 0; f < m.mesh.nInternalFaces(); ++f) {
    const double expected = k / 0.1 * ((b.c0 * 1.1 - b.c00 * 1.3) - (b.c0 - b.c00)) * flux0[f];
    EXPECT_NEAR(c[f], expected, 1e-12);
  }
}

TEST(FlowDiagnostics, CourantNumberOfUniformFlow) {
  SerialMesh m(fvtest::boxMesh(Box(10, 4)));
  field::SurfaceScalarField phi("phi", m.mesh, {});
  const auto& Sf = m.mesh.geometry().faceAreas;
  for (Label f = 0; f < m.mesh.nFaces(); ++f)
    if (!isEmptyFace(m.mesh, f)) phi[f] = dot(Vec3{2.0, 0.0, 0.0}, Sf[f]);
  const CourantNumber co = courantNumber(phi, 0.01);
  // Co = U dt / dx = 2 * 0.01 * 10 in every cell
  EXPECT_NEAR(co.max, 0.2, 1e-12);
  EXPECT_NEAR(co.mean, 0.2, 1e-12);
  // One internal face (cells 0 and 1, area 0.25) with flux 10 instead of 0.5:
  // sum |phi| of those cells 1 -> 10 + 0.5, max Co = 0.5 * 0.01 * 10.5 / 0.025;
  // total sum 40 -> 59, mean Co = 0.5 * 0.01 * 59 / 1.
  phi[0] = 10.0;
  const CourantNumber co2 = courantNumber(phi, 0.01);
  EXPECT_NEAR(co2.max, 2.1, 1e-12);
  EXPECT_NEAR(co2.mean, 0.295, 1e-12);
}

TEST(FlowDiagnostics, ContinuityErrors) {
  SerialMesh m(fvtest::boxMesh(Box(5, 5).mapped(fvtest::wavy)));
  field::SurfaceScalarField phi("phi", m.mesh, {});
  const auto& geo = m.mesh.geometry();
  auto velocity = [](const Vec3& x) { return Vec3{x.x, 0.0, 0.0}; };  // div = 1
  for (Label f = 0; f < m.mesh.nFaces(); ++f)
    if (!isEmptyFace(m.mesh, f)) phi[f] = dot(velocity(m.mesh.faceCentres()[f]), geo.faceAreas[f]);
  const ContinuityErrors e = continuityErrors(phi, 0.1);
  EXPECT_NEAR(e.sumLocal, 0.1, 1e-12);
  EXPECT_NEAR(e.global, 0.1, 1e-12);
  for (Label f = 0; f < m.mesh.nFaces(); ++f) phi[f] = -phi[f];
  const ContinuityErrors n = continuityErrors(phi, 0.1);
  EXPECT_NEAR(n.sumLocal, 0.1, 1e-12);
  EXPECT_NEAR(n.global, -0.1, 1e-12);
}

}  // namespace
}  // namespace sluice::fv
