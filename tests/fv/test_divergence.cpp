#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "fv/fv_test_support.hpp"
#include "sluice/fv/flux_reconstruction.hpp"
#include "sluice/fv/fvc_div.hpp"
#include "sluice/fv/fvc_interpolate.hpp"

namespace sluice::fv {
namespace {

using fvtest::Box;
using fvtest::SerialMesh;

TEST(Divergence, UniformFluxIsDivergenceFree) {
  for (bool cyclic : {false, true}) {
    SerialMesh m(fvtest::boxMesh(cyclic ? Box(8, 6).cyclicX() : Box(8, 6).mapped(fvtest::wavy)));
    const Vec3 u0{1.0, 0.5, 0.0};
    field::VolVectorField U("U", m.mesh, {}, u0);
    fvtest::setFixedValue<Vec3>(U, [&](const Vec3&) { return u0; });
    U.correctBoundaryConditions();
    const field::SurfaceScalarField phi = fvc::flux(U);
    EXPECT_EQ(phi.name(), "flux(U)");
    const field::VolScalarField d = fvc::div(phi);
    EXPECT_EQ(d.name(), "div(flux(U))");
    for (Label c = 0; c < m.mesh.nCells(); ++c) EXPECT_NEAR(d[c], 0.0, 1e-11) << "cell " << c;
    // ... and so is the convection of a uniform field by it.
    const field::VolVectorField conv = fvc::div(phi, U, DivScheme{});
    for (Label c = 0; c < m.mesh.nCells(); ++c) EXPECT_NEAR(mag(conv[c]), 0.0, 1e-11);
  }
}

TEST(Divergence, SumOverCellsEqualsNetBoundaryFlux) {
  SerialMesh m(fvtest::boxMesh(Box(7, 5).mapped(fvtest::wavy)));
  field::SurfaceScalarField phi("phi", m.mesh, {});
  double boundaryFlux = 0;
  for (Label f = 0; f < m.mesh.nFaces(); ++f) {
    phi[f] = std::sin(1.7 * f) + 0.3;  // arbitrary, nonzero on every face (empty ones too)
    if (f >= m.mesh.nInternalFaces() && m.mesh.patchKind(m.mesh.facePatch(f)) != field::PatchKind::Empty)
      boundaryFlux += phi[f];
  }
  const field::VolScalarField d = fvc::div(phi);
  double total = 0;
  for (Label c = 0; c < m.mesh.nCells(); ++c) total += d[c] * m.mesh.cellVolumes()[c];
  EXPECT_NEAR(total, boundaryFlux, 1e-12 * m.mesh.nFaces());
  EXPECT_GT(std::abs(boundaryFlux), 0.1);
}

TEST(Divergence, LinearVelocityHasUnitDivergence) {
  SerialMesh m(fvtest::boxMesh(Box(6, 4).mapped(fvtest::wavy)));
  auto exact = [](const Vec3& x) { return Vec3{x.x, 0.0, 0.0}; };
  field::VolVectorField U("U", m.mesh, {});
  fvtest::setFixedValue<Vec3>(U, exact);
  fvtest::setCells<Vec3>(U, exact);
  // Face values are exact only where faces are halfway between the centres; use the exact face flux instead.
  field::SurfaceScalarField phi("phi", m.mesh, {});
  for (Label f = 0; f < m.mesh.nFaces(); ++f)
    if (f < m.mesh.nInternalFaces() || m.mesh.patchKind(m.mesh.facePatch(f)) != field::PatchKind::Empty)
      phi[f] = dot(exact(m.mesh.faceCentres()[f]), m.mesh.geometry().faceAreas[f]);
  const field::VolScalarField d = fvc::div(phi);
  for (Label c = 0; c < m.mesh.nCells(); ++c) EXPECT_NEAR(d[c], 1.0, 1e-10) << "cell " << c;
}

TEST(Divergence, ConvectionOfLinearFieldByUniformVelocityIsExactOnUniformMesh) {
  SerialMesh m(fvtest::boxMesh(Box(6, 5)));
  const Vec3 u0{0.7, -0.4, 0.0};
  field::VolVectorField U("U", m.mesh, {}, u0);
  fvtest::setFixedValue<Vec3>(U, [&](const Vec3&) { return u0; });
  U.correctBoundaryConditions();
  field::SurfaceScalarField phi("phi", m.mesh, {});
  phi.values() = fvc::flux(U).values();
  auto exact = [](const Vec3& x) { return 1.0 + 2.0 * x.x - 3.0 * x.y; };
  field::VolScalarField f("f", m.mesh, {});
  fvtest::setFixedValue<Scalar>(f, exact);
  fvtest::setCells<Scalar>(f, exact);
  for (DivKind kind : {DivKind::linear, DivKind::linearUpwind}) {
    DivScheme s;
    s.kind = kind;
    const field::VolScalarField d = fvc::div(phi, f, s);
    EXPECT_EQ(d.name(), "div(phi,f)");
    for (Label c = 0; c < m.mesh.nCells(); ++c)
      EXPECT_NEAR(d[c], 0.7 * 2.0 - 0.4 * -3.0, 1e-10) << "cell " << c << " scheme " << static_cast<int>(kind);
  }
}

TEST(Divergence, SurfaceIntegrateOfVectors) {
  SerialMesh m(fvtest::boxMesh(Box(3, 3)));
  std::vector<Vec3> faces(m.mesh.nFaces());
  const auto& Sf = m.mesh.geometry().faceAreas;
  for (Label f = 0; f < m.mesh.nFaces(); ++f) faces[f] = Sf[f] * 2.0;  // sum of Sf over a closed cell is zero
  const std::vector<Vec3> s = surfaceIntegrate<Vec3>(m.mesh, faces);
  // Empty faces are skipped: the x-y components still vanish, z too (the two empty faces would cancel anyway).
  for (Label c = 0; c < m.mesh.nCells(); ++c) EXPECT_NEAR(mag(s[c]), 0.0, 1e-12);
}

TEST(Reconstruct, UniformVelocityFromItsFluxes) {
  for (bool threeD : {false, true}) {
    Box box = Box(5, 4, threeD ? 3 : 1).mapped(fvtest::wavy);
    if (threeD) box.threeD();
    SerialMesh m(fvtest::boxMesh(box));
    const Vec3 u0{0.3, -1.2, threeD ? 0.7 : 0.0};
    field::SurfaceScalarField phi("phi", m.mesh, {});
    for (Label f = 0; f < m.mesh.nFaces(); ++f) phi[f] = dot(u0, m.mesh.geometry().faceAreas[f]);
    const field::VolVectorField U = fvc::reconstruct(phi);
    EXPECT_EQ(U.name(), "reconstruct(phi)");
    for (Label c = 0; c < m.mesh.nCells(); ++c) EXPECT_NEAR(mag(U[c] - u0), 0.0, 1e-12) << "cell " << c;
  }
}

// A kept FluxReconstruction (the mesh part made once) gives for each flux
// what fvc::reconstruct gives, bit for bit, and a uniform field's fluxes back
// as that field on a distorted mesh.
TEST(FluxReconstruction, KeptMeshPartGivesFreshReconstructsBits) {
  SerialMesh m(fvtest::boxMesh(Box(7, 6).mapped(fvtest::wavy)));
  const FluxReconstruction kept(m.mesh);
  for (const Vec3 u0 : {Vec3{0.3, -1.2, 0.0}, Vec3{-2.0, 0.5, 0.0}}) {
    field::SurfaceScalarField phi("phi", m.mesh, {});
    for (Label f = 0; f < m.mesh.nFaces(); ++f) phi[f] = dot(u0, m.mesh.geometry().faceAreas[f]);
    const field::VolVectorField a = kept.reconstruct(phi), b = fvc::reconstruct(phi);
    EXPECT_EQ(a.name(), b.name());
    for (Label c = 0; c < m.mesh.nCells(); ++c) {
      EXPECT_EQ(a[c].x, b[c].x);
      EXPECT_EQ(a[c].y, b[c].y);
      EXPECT_EQ(a[c].z, b[c].z);
      EXPECT_NEAR(mag(a[c] - u0), 0.0, 1e-12) << "cell " << c;
    }
    const auto sameBits = [](const Vec3& p, const Vec3& q) { return p.x == q.x && p.y == q.y && p.z == q.z; };
    EXPECT_TRUE(std::ranges::equal(a.boundaryValues(), b.boundaryValues(), sameBits));
  }
}

}  // namespace
}  // namespace sluice::fv
