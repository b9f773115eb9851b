#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "fv/fv_test_support.hpp"
#include "sluice/fv/convection_scheme.hpp"
#include "sluice/fv/fvc_div.hpp"
#include "sluice/fv/fvc_interpolate.hpp"
#include "sluice/fv/fvm_div.hpp"

namespace sluice::fv {
namespace {

using fvtest::Box;
using fvtest::SerialMesh;

DivScheme scheme(DivKind kind, Scalar k = 1, bool bounded = false) {
  DivScheme s;
  s.kind = kind;
  s.coeff = k;
  s.bounded = bounded;
  s.gradTerm = "grad(f)";
  return s;
}

field::SurfaceScalarField namedFlux(const field::FvMesh& mesh, const field::VolVectorField& U) {
  field::SurfaceScalarField phi("phi", mesh, {});
  phi.values() = fvc::flux(U).values();
  return phi;
}

TEST(Convection, LimiterFunctions) {
  EXPECT_DOUBLE_EQ(limitedLinearLimiter(0.25, 1), 0.5);
  EXPECT_DOUBLE_EQ(limitedLinearLimiter(0.7, 1), 1.0);
  EXPECT_DOUBLE_EQ(limitedLinearLimiter(-0.3, 1), 0.0);
  EXPECT_DOUBLE_EQ(limitedLinearLimiter(0.1, 0.5), 0.4);
  EXPECT_DOUBLE_EQ(vanLeerLimiter(1.0), 1.0);
  EXPECT_DOUBLE_EQ(vanLeerLimiter(3.0), 1.5);
  EXPECT_DOUBLE_EQ(vanLeerLimiter(-2.0), 0.0);
}

TEST(Convection, UpwindMatrixIsAnMMatrixForDivergenceFreeFlux) {
  SerialMesh m(fvtest::boxMesh(Box(7, 5).mapped(fvtest::wavy)));
  const Vec3 u0{1.0, 0.4, 0.0};
  field::VolVectorField U("U", m.mesh, {}, u0);
  fvtest::setFixedValue<Vec3>(U, [&](const Vec3&) { return u0; });
  U.correctBoundaryConditions();
  const field::SurfaceScalarField phi = namedFlux(m.mesh, U);
  field::VolScalarField f("f", m.mesh, {});
  fvtest::setZeroGradient(f);
  const FvMatrix<Scalar> M = fvm::div(phi, f, scheme(DivKind::upwind));
  const linear::LduMatrix& A = M.ldu();
  std::vector<double> off(m.mesh.nCells(), 0.0);
  for (std::size_t face = 0; face < A.upper().size(); ++face) {
    EXPECT_LE(A.upper()[face], 0.0);
    EXPECT_LE(A.lower()[face], 0.0);
    off[A.addressing().lower[face]] += -A.upper()[face];
    off[A.addressing().upper[face]] += -A.lower()[face];
  }
  const auto system = M.componentSystem(0);  // the diagonal with the boundary faces' parts
  for (Label c = 0; c < m.mesh.nCells(); ++c) EXPECT_GE(system.diag[c], off[c] - 1e-12) << "cell " << c;
}

/// Matrix and explicit operator agree: A f - source = V fvc::div(phi, f).
TEST(Convection, ImplicitAndExplicitFormsAgreeForEveryScheme) {
  for (bool cyclic : {false, true}) {
    SerialMesh m(fvtest::boxMesh(cyclic ? Box(8, 6).cyclicX() : Box(8, 6).mapped(fvtest::wavy)));
    // A velocity with divergence, so `bounded` changes something.
    auto velocity = [](const Vec3& x) { return Vec3{1.0 + 0.5 * std::sin(6.28318530718 * x.x), 0.3 - x.y, 0.0}; };
    field::VolVectorField U("U", m.mesh, {});
    fvtest::setFixedValue<Vec3>(U, velocity);
    fvtest::setCells<Vec3>(U, velocity);
    const field::SurfaceScalarField phi = namedFlux(m.mesh, U);
    auto profile = [](const Vec3& x) { return std::tanh(8 * (x.x - 0.4)) + 0.5 * x.y * x.y; };
    field::VolScalarField f("f", m.mesh, {});
    fvtest::setFixedValue<Scalar>(f, profile);
    fvtest::setCells<Scalar>(f, profile);
    for (DivScheme s : {scheme(DivKind::linear), scheme(DivKind::upwind), scheme(DivKind::linearUpwind),
                        scheme(DivKind::limitedLinear, 1), scheme(DivKind::limitedLinear, 0.3),
                        scheme(DivKind::vanLeer), scheme(DivKind::upwind, 1, true),
                        scheme(DivKind::limitedLinear, 1, true)}) {
      const FvMatrix<Scalar> M = fvm::div(phi, f, s);
      const field::VolScalarField d = fvc::div(phi, f, s);
      const std::vector<Scalar> r = M.residual();  // source - A f
      for (Label c = 0; c < m.mesh.nCells(); ++c)
        EXPECT_NEAR(-r[c] / m.mesh.cellVolumes()[c], d[c], 1e-10)
            << "cell " << c << " scheme " << static_cast<int>(s.kind) << " cyclic " << cyclic;
    }
    // Vector fields: limitedLinear (on |U|^2) and limitedLinearV.
    for (DivScheme s : {scheme(DivKind::limitedLinear), scheme(DivKind::limitedLinearV), scheme(DivKind::vanLeer),
                        scheme(DivKind::linearUpwind)}) {
      const FvMatrix<Vec3> M = fvm::div(phi, U, s);
      const field::VolVectorField d = fvc::div(phi, U, s);
      const std::vector<Vec3> r = M.residual();
      for (Label c = 0; c < m.mesh.nCells(); ++c)
        EXPECT_NEAR(mag(r[c] / m.mesh.cellVolumes()[c] + d[c]), 0.0, 1e-10);
    }
  }
}

struct StepResult {
  double lo, hi;  ///< extrema over all steps
  std::vector<double> final;  ///< cell values at the end (cell i at x = (i + 0.5) / 50)
};

/// Advects a step (1 for x < 0.3) with 40 explicit Euler steps at Courant number 0.4.
StepResult advectStep(const DivScheme& s) {
  const int n = 50;
  SerialMesh m(fvtest::boxMesh(Box(n, 1)));
  const Vec3 u0{1.0, 0.0, 0.0};
  field::VolVectorField U("U", m.mesh, {}, u0);
  fvtest::setFixedValue<Vec3>(U, [&](const Vec3&) { return u0; });
  U.correctBoundaryConditions();
  const field::SurfaceScalarField phi = namedFlux(m.mesh, U);
  field::VolScalarField f("f", m.mesh, {});
  fvtest::setZeroGradient(f);
  std::vector<Scalar> inlet(1, 1.0);
  f.setBoundaryCondition(0, std::make_unique<field::FixedValueBC<Scalar>>(0, inlet));
  fvtest::setCells<Scalar>(f, [](const Vec3& x) { return x.x < 0.3 ? 1.0 : 0.0; });
  const double dt = 0.4 / n;
  double lo = 0, hi = 1;
  for (int step = 0; step < 40; ++step) {
    const field::VolScalarField d = fvc::div(phi, f, s);
    for (Label c = 0; c < n; ++c) f[c] -= dt * d[c];
    f.correctBoundaryConditions();
    for (Label c = 0; c < n; ++c) {
      lo = std::min(lo, f[c]);
      hi = std::max(hi, f[c]);
    }
  }
  return {lo, hi, std::vector<double>(f.internal().begin(), f.internal().end())};
}

TEST(Convection, UpwindAndTvdSchemesStayBoundedOnAStep) {
  // (limitedLinear k < 1 trades boundedness for accuracy, as in OpenFOAM: only k = 1 is TVD.)
  for (DivScheme s : {scheme(DivKind::upwind), scheme(DivKind::limitedLinear, 1), scheme(DivKind::vanLeer),
                      scheme(DivKind::limitedLinearV, 1)}) {
    const StepResult r = advectStep(s);
    EXPECT_GE(r.lo, -1e-12) << "scheme " << static_cast<int>(s.kind);
    EXPECT_LE(r.hi, 1 + 1e-12) << "scheme " << static_cast<int>(s.kind);
    // the front, now at 0.3 + 0.32 = 0.62, is still a front
    EXPECT_GT(r.final[20], 0.95) << "scheme " << static_cast<int>(s.kind);
    EXPECT_LT(r.final[40], 0.05) << "scheme " << static_cast<int>(s.kind);
  }
  // the TVD schemes keep it sharper than upwind: compare just behind and ahead of it
  const StepResult up = advectStep(scheme(DivKind::upwind));
  for (DivScheme s : {scheme(DivKind::limitedLinear, 1), scheme(DivKind::vanLeer)}) {
    const StepResult tvd = advectStep(s);
    EXPECT_GT(tvd.final[27], up.final[27]);
    EXPECT_LT(tvd.final[34], up.final[34]);
  }
}

TEST(Convection, LinearSchemeOvershootsOnAStep) {
  const StepResult r = advectStep(scheme(DivKind::linear));
  EXPECT_GT(std::max(r.hi - 1, -r.lo), 0.05);
}

TEST(Convection, LimitedSchemesAreLessDiffusiveThanUpwind) {
  // Smooth profile: the limited schemes reproduce a linear profile's face values exactly (limiter 1).
  SerialMesh m(fvtest::boxMesh(Box(10, 1)));
  const Vec3 u0{1.0, 0.0, 0.0};
  field::VolVectorField U("U", m.mesh, {}, u0);
  fvtest::setFixedValue<Vec3>(U, [&](const Vec3&) { return u0; });
  U.correctBoundaryConditions();
  const field::SurfaceScalarField phi = namedFlux(m.mesh, U);
  field::VolScalarField f("f", m.mesh, {});
  auto exact = [](const Vec3& x) { return 2.0 * x.x; };
  fvtest::setFixedValue<Scalar>(f, exact);
  fvtest::setCells<Scalar>(f, exact);
  for (DivScheme s : {scheme(DivKind::limitedLinear, 1), scheme(DivKind::vanLeer)}) {
    const ConvectionInterpolation<Scalar> ci =
        convectionInterpolation<Scalar>(m.mesh, phi.values(), f.values(), f.boundaryValues(), s, GradScheme{});
    for (Label face = 0; face < m.mesh.nInternalFaces(); ++face) EXPECT_NEAR(ci.weights[face], 0.5, 1e-12);
  }
  const field::VolScalarField d = fvc::div(phi, f, scheme(DivKind::limitedLinear));
  for (Label c = 0; c < 10; ++c) EXPECT_NEAR(d[c], 2.0, 1e-10);
  const field::VolScalarField du = fvc::div(phi, f, scheme(DivKind::upwind));
  EXPECT_NEAR(du[0], 2.0 * (0.05 - 0.0) / 0.1, 1e-10);  // upwind: inlet face value 0, outflow face value f_0
}

TEST(Convection, BoundedSubtractsDivergenceTimesField) {
  SerialMesh m(fvtest::boxMesh(Box(5, 4)));
  auto velocity = [](const Vec3& x) { return Vec3{x.x, 0.0, 0.0}; };  // div = 1
  field::VolVectorField U("U", m.mesh, {});
  fvtest::setFixedValue<Vec3>(U, velocity);
  fvtest::setCells<Vec3>(U, velocity);
  const field::SurfaceScalarField phi = namedFlux(m.mesh, U);
  field::VolScalarField f("f", m.mesh, {}, 3.0);
  fvtest::setFixedValue<Scalar>(f, [](const Vec3&) { return 3.0; });
  f.correctBoundaryConditions();
  const field::VolScalarField plain = fvc::div(phi, f, scheme(DivKind::upwind));
  const field::VolScalarField bounded = fvc::div(phi, f, scheme(DivKind::upwind, 1, true));
  for (Label c = 0; c < m.mesh.nCells(); ++c) {
    EXPECT_NEAR(plain[c], 3.0, 1e-10);
    EXPECT_NEAR(bounded[c], 0.0, 1e-10);
  }
}

TEST(Convection, BoundaryContributionsUseConditionCoefficients) {
  // 1D, inflow at the left (fixedValue 2), outflow at the right (zeroGradient).
  SerialMesh m(fvtest::boxMesh(Box(4, 1)));
  const Vec3 u0{1.0, 0.0, 0.0};
  field::VolVectorField U("U", m.mesh, {}, u0);
  fvtest::setFixedValue<Vec3>(U, [&](const Vec3&) { return u0; });
  U.correctBoundaryConditions();
  const field::SurfaceScalarField phi = namedFlux(m.mesh, U);
  field::VolScalarField f("f", m.mesh, {});
  fvtest::setZeroGradient(f);
  f.setBoundaryCondition(0, std::make_unique<field::FixedValueBC<Scalar>>(0, std::vector<Scalar>{2.0}));
  const FvMatrix<Scalar> M = fvm::div(phi, f, scheme(DivKind::upwind));
  const Label left = m.mesh.patches()[0].start - m.mesh.nInternalFaces();
  const Label right = m.mesh.patches()[1].start - m.mesh.nInternalFaces();
  // Inlet face flux -1: internalCoeff 0, boundaryCoeff -(-1)(2) = 2 (source of cell 0).
  EXPECT_DOUBLE_EQ(M.internalCoeffs()[left], 0.0);
  EXPECT_DOUBLE_EQ(M.boundaryCoeffs()[left], 2.0);
  EXPECT_DOUBLE_EQ(M.source()[0], 0.0);  // kept apart until solving
  EXPECT_DOUBLE_EQ(M.componentSystem(0).source[0], 2.0);
  // Outlet flux +1, zeroGradient: internalCoeff 1 on the diagonal of cell 3.
  EXPECT_DOUBLE_EQ(M.internalCoeffs()[right], 1.0);
  EXPECT_DOUBLE_EQ(M.ldu().diag()[3], 0.0);
  EXPECT_DOUBLE_EQ(M.componentSystem(0).diag[3], 1.0);
  EXPECT_DOUBLE_EQ(M.ldu().diag()[0], 1.0);  // outflow through its internal face
  EXPECT_DOUBLE_EQ(M.ldu().lower()[0], -1.0);  // cell 1 receives from cell 0
  EXPECT_DOUBLE_EQ(M.ldu().upper()[0], 0.0);
}

}  // namespace
}  // namespace sluice::fv
