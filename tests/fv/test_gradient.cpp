#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "fv/fv_test_support.hpp"
#include "sluice/fv/fvc_grad.hpp"

namespace sluice::fv {
namespace {

using fvtest::Box;
using fvtest::SerialMesh;

Scalar linearScalar(const Vec3& x) { return 1.0 + 2.0 * x.x - 3.0 * x.y; }

TEST(Gradient, GaussLinearExactForLinearFieldOnUniformMesh) {
  SerialMesh m(fvtest::boxMesh(Box(6, 5)));
  field::VolScalarField f("f", m.mesh, {});
  fvtest::setFixedValue<Scalar>(f, linearScalar);
  fvtest::setCells<Scalar>(f, linearScalar);
  const field::VolVectorField g = fvc::grad(f);
  EXPECT_EQ(g.name(), "grad(f)");
  for (Label c = 0; c < m.mesh.nCells(); ++c) {
    EXPECT_NEAR(g[c].x, 2.0, 1e-11) << "cell " << c;
    EXPECT_NEAR(g[c].y, -3.0, 1e-11) << "cell " << c;
    EXPECT_NEAR(g[c].z, 0.0, 1e-11) << "cell " << c;
  }
  // Boundary values: the cell gradient with the condition's normal gradient (exact here).
  for (Label p = 0; p < 4; ++p)
    for (const Vec3& v : g.patchValues(p)) {
      EXPECT_NEAR(v.x, 2.0, 1e-10);
      EXPECT_NEAR(v.y, -3.0, 1e-10);
    }
}

TEST(Gradient, GaussLinearIsNotExactOnDistortedMesh) {
  // The reason least squares exists: face interpolation is not at the face centre.
  SerialMesh m(fvtest::boxMesh(Box(7, 6).mapped(fvtest::wavy)));
  field::VolScalarField f("f", m.mesh, {});
  fvtest::setFixedValue<Scalar>(f, linearScalar);
  fvtest::setCells<Scalar>(f, linearScalar);
  const field::VolVectorField g = fvc::grad(f);
  Scalar worst = 0;
  for (Label c = 0; c < m.mesh.nCells(); ++c) worst = std::max(worst, mag(g[c] - Vec3{2, -3, 0}));
  EXPECT_GT(worst, 1e-3);
}

TEST(Gradient, LeastSquaresExactForLinearFieldOnDistortedMesh2D) {
  SerialMesh m(fvtest::boxMesh(Box(7, 6).mapped(fvtest::wavy)));
  field::VolScalarField f("f", m.mesh, {});
  fvtest::setFixedValue<Scalar>(f, linearScalar);
  fvtest::setCells<Scalar>(f, linearScalar);
  GradScheme ls;
  ls.kind = GradKind::leastSquares;
  const field::VolVectorField g = fvc::grad(f, ls);
  for (Label c = 0; c < m.mesh.nCells(); ++c) {
    EXPECT_NEAR(g[c].x, 2.0, 1e-10) << "cell " << c;
    EXPECT_NEAR(g[c].y, -3.0, 1e-10) << "cell " << c;
    EXPECT_EQ(g[c].z, 0.0) << "cell " << c;  // the empty direction
  }
}

TEST(Gradient, LeastSquaresExactForLinearFieldOnDistortedMesh3D) {
  auto map = [](const Vec3& p) {
    return Vec3{p.x + 0.1 * std::sin(2 * p.y + p.z), p.y + 0.08 * std::sin(3 * p.x), p.z + 0.1 * p.x * p.y};
  };
  SerialMesh m(fvtest::boxMesh(Box(4, 5, 3).mapped(map).threeD()));
  auto exact = [](const Vec3& x) { return 1.0 + 2.0 * x.x - 3.0 * x.y + 0.5 * x.z; };
  field::VolScalarField f("f", m.mesh, {});
  fvtest::setFixedValue<Scalar>(f, exact);
  fvtest::setCells<Scalar>(f, exact);
  GradScheme ls;
  ls.kind = GradKind::leastSquares;
  const field::VolVectorField g = fvc::grad(f, ls);
  for (Label c = 0; c < m.mesh.nCells(); ++c) {
    EXPECT_NEAR(g[c].x, 2.0, 1e-10);
    EXPECT_NEAR(g[c].y, -3.0, 1e-10);
    EXPECT_NEAR(g[c].z, 0.5, 1e-10);
  }
}

TEST(Gradient, CyclicFacesActLikeInternalFaces) {
  // Periodic in x: f = 2 - 3y + sin(2 pi x) has the same gradient as on an
  // infinite strip; Gauss linear on the uniform mesh gives the central
  // difference of the sine in x and the exact y derivative in every cell,
  // including the cells next to the cyclic patches.
  const int nx = 8;
  SerialMesh m(fvtest::boxMesh(Box(nx, 4).cyclicX()));
  const double pi = 3.14159265358979323846;
  auto exact = [&](const Vec3& x) { return 2.0 - 3.0 * x.y + std::sin(2 * pi * x.x); };
  field::VolScalarField f("f", m.mesh, {});
  fvtest::setFixedValue<Scalar>(f, exact);
  fvtest::setCells<Scalar>(f, exact);
  for (GradKind kind : {GradKind::GaussLinear, GradKind::leastSquares}) {
    GradScheme s;
    s.kind = kind;
    const field::VolVectorField g = fvc::grad(f, s);
    const double h = 1.0 / nx;
    for (Label c = 0; c < m.mesh.nCells(); ++c) {
      const double x = m.mesh.cellCentres()[c].x;
      // central difference of sin over 2h (Gauss: faces at +-h/2 from averages; LS: the neighbours at +-h)
      const double expected = (std::sin(2 * pi * (x + h)) - std::sin(2 * pi * (x - h))) / (2 * h);
      EXPECT_NEAR(g[c].x, expected, 1e-10) << "cell " << c;
      EXPECT_NEAR(g[c].y, -3.0, 1e-10) << "cell " << c;
    }
  }
}

TEST(Gradient, VectorGradientTensorConvention) {
  SerialMesh m(fvtest::boxMesh(Box(5, 4).mapped(fvtest::wavy)));
  auto exact = [](const Vec3& x) { return Vec3{x.x + 2 * x.y, 3 * x.x - x.y, 0.5 * x.x}; };
  field::VolVectorField U("U", m.mesh, {});
  fvtest::setFixedValue<Vec3>(U, exact);
  fvtest::setCells<Vec3>(U, exact);
  GradScheme ls;
  ls.kind = GradKind::leastSquares;
  const std::vector<Tensor> g = fvc::grad(U, ls);
  ASSERT_EQ(static_cast<Label>(g.size()), m.mesh.nLocalCells());
  for (Label c = 0; c < m.mesh.nCells(); ++c) {
    // (grad U)(i, j) = dU_j / dx_i
    EXPECT_NEAR(g[c](0, 0), 1.0, 1e-10);
    EXPECT_NEAR(g[c](1, 0), 2.0, 1e-10);
    EXPECT_NEAR(g[c](0, 1), 3.0, 1e-10);
    EXPECT_NEAR(g[c](1, 1), -1.0, 1e-10);
    EXPECT_NEAR(g[c](0, 2), 0.5, 1e-10);
    EXPECT_NEAR(g[c](1, 2), 0.0, 1e-10);
    EXPECT_NEAR(g[c](2, 0), 0.0, 1e-12);
  }
}

/// Max over cells and faces of how far f_P + g.(Cf - C_P) leaves [min, max] of the cell and its neighbours.
double worstOvershoot(const field::FvMesh& mesh, const field::VolScalarField& f, const field::VolVectorField& g) {
  const auto& geo = mesh.geometry();
  const auto& owner = mesh.poly().owner();
  const auto& neighbour = mesh.poly().neighbour();
  std::vector<double> lo(f.internal().begin(), f.internal().end()), hi(lo);
  for (Label face = 0; face < mesh.nInternalFaces(); ++face) {
    const Label P = owner[face], N = neighbour[face];
    lo[P] = std::min(lo[P], f[N]);
    hi[P] = std::max(hi[P], f[N]);
    lo[N] = std::min(lo[N], f[P]);
    hi[N] = std::max(hi[N], f[P]);
  }
  for (Label face = mesh.nInternalFaces(); face < mesh.nFaces(); ++face) {
    if (mesh.patchKind(mesh.facePatch(face)) == field::PatchKind::Empty) continue;
    lo[owner[face]] = std::min(lo[owner[face]], f.boundaryValue(face));
    hi[owner[face]] = std::max(hi[owner[face]], f.boundaryValue(face));
  }
  double worst = 0;
  auto check = [&](Label c, Label face) {
    const double v = f[c] + dot(g[c], mesh.faceCentres()[face] - geo.cellCentres[c]);
    worst = std::max({worst, v - hi[c], lo[c] - v});
  };
  for (Label face = 0; face < mesh.nInternalFaces(); ++face) {
    check(owner[face], face);
    check(neighbour[face], face);
  }
  return worst;
}

TEST(Gradient, CellLimitedKeepsExtrapolationsWithinNeighbourRange) {
  SerialMesh m(fvtest::boxMesh(Box(12, 9).mapped(fvtest::wavy)));
  auto kink = [](const Vec3& x) { return std::abs(x.x - 0.55) + 0.3 * (x.y > 0.5 ? 1.0 : 0.0); };
  field::VolScalarField f("f", m.mesh, {});
  fvtest::setFixedValue<Scalar>(f, kink);
  fvtest::setCells<Scalar>(f, kink);
  for (GradKind kind : {GradKind::GaussLinear, GradKind::leastSquares}) {
    GradScheme s;
    s.kind = kind;
    EXPECT_GT(worstOvershoot(m.mesh, f, fvc::grad(f, s)), 1e-2);  // unlimited overshoots at the kink
    s.cellLimited = true;
    s.limitCoeff = 1;
    EXPECT_LT(worstOvershoot(m.mesh, f, fvc::grad(f, s)), 1e-12);
  }
}

TEST(Gradient, CellLimitedLeavesLinearFieldsAlone) {
  SerialMesh m(fvtest::boxMesh(Box(6, 5)));
  field::VolScalarField f("f", m.mesh, {});
  fvtest::setFixedValue<Scalar>(f, linearScalar);
  fvtest::setCells<Scalar>(f, linearScalar);
  GradScheme s;
  s.cellLimited = true;
  const field::VolVectorField g = fvc::grad(f, s);
  for (Label c = 0; c < m.mesh.nCells(); ++c) {
    EXPECT_NEAR(g[c].x, 2.0, 1e-11);
    EXPECT_NEAR(g[c].y, -3.0, 1e-11);
  }
}

TEST(Gradient, CellLimitedVectorLimitsPerComponent) {
  SerialMesh m(fvtest::boxMesh(Box(10, 1)));
  // x component has a kink (limited), y component is linear (untouched).
  auto exact = [](const Vec3& x) { return Vec3{std::abs(x.x - 0.55), 2 * x.x, 0}; };
  field::VolVectorField U("U", m.mesh, {});
  fvtest::setFixedValue<Vec3>(U, exact);
  fvtest::setCells<Vec3>(U, exact);
  GradScheme s;
  s.cellLimited = true;
  const std::vector<Tensor> g = fvc::grad(U, s);
  const Label kinkCell = 5;  // centre 0.55
  EXPECT_NEAR(g[kinkCell](0, 0), 0.0, 1e-12);
  for (Label c = 0; c < m.mesh.nCells(); ++c) EXPECT_NEAR(g[c](0, 1), 2.0, 1e-11) << "cell " << c;
}

}  // namespace
}  // namespace sluice::fv
