#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sluice/field/boundary/slip.hpp"

#include "fv/fv_test_support.hpp"
#include "sluice/core/error.hpp"
#include "sluice/fv/fvc_div.hpp"
#include "sluice/fv/fvc_interpolate.hpp"
#include "sluice/fv/fvm.hpp"

namespace sluice::fv {
namespace {

using fvtest::Box;
using fvtest::ddtScheme;  // fv/fv_test_support.hpp
using fvtest::SerialMesh;

LaplacianScheme corrected() { return LaplacianScheme{}; }

TEST(FvMatrix, EulerDdtCoefficients) {
  SerialMesh m(fvtest::boxMesh(Box(3, 2)));
  field::VolScalarField T("T", m.mesh, {}, 1.0);
  fvtest::setZeroGradient(T);
  T.storeOldTime();
  for (Label c = 0; c < m.mesh.nCells(); ++c) T[c] = 5.0 + c;
  const FvMatrix<Scalar> M = fvm::ddt(T, ddtScheme(DdtKind::Euler), TimeStep{0.1, 0.1});
  const double V = 1.0 / 6;
  for (Label c = 0; c < m.mesh.nCells(); ++c) {
    EXPECT_NEAR(M.ldu().diag()[c], V / 0.1, 1e-12);
    EXPECT_NEAR(M.source()[c], V / 0.1 * 1.0, 1e-12);  // the old value
  }
  EXPECT_TRUE(std::all_of(M.ldu().upper().begin(), M.ldu().upper().end(), [](double u) { return u == 0; }));
  const FvMatrix<Scalar> S = fvm::ddt(T, ddtScheme(DdtKind::steadyState), TimeStep{0.1, 0.1});
  EXPECT_EQ(S.ldu().diag()[0], 0.0);
  EXPECT_EQ(S.source()[0], 0.0);
}

TEST(FvMatrix, BackwardDdtIsExactForQuadraticsInTimeWithVariableSteps) {
  SerialMesh m(fvtest::boxMesh(Box(2, 2)));
  auto value = [](double t, Label c) { return 1.0 + (c + 1) * t + 3.0 * t * t; };  // d/dt = (c+1) + 6t
  const double t2 = 0.7, dt0 = 0.2, dt = 0.1, t0 = t2 - dt0, t1 = t2 + dt;
  field::VolScalarField T("T", m.mesh, {});
  fvtest::setZeroGradient(T);
  T.keepOldOldTime();  // as the backward scheme's first use does
  for (Label c = 0; c < m.mesh.nCells(); ++c) T[c] = value(t0, c);
  T.correctBoundaryConditions();
  T.storeOldTime();
  for (Label c = 0; c < m.mesh.nCells(); ++c) T[c] = value(t2, c);
  T.correctBoundaryConditions();
  T.storeOldTime();
  for (Label c = 0; c < m.mesh.nCells(); ++c) T[c] = value(t1, c);
  T.correctBoundaryConditions();
  ASSERT_EQ(T.nOldTimes(), 2);
  const TimeStep ts{dt, dt0};
  const field::VolScalarField d = fvc::ddt(T, ddtScheme(DdtKind::backward), ts);
  const FvMatrix<Scalar> M = fvm::ddt(T, ddtScheme(DdtKind::backward), ts);
  const std::vector<Scalar> r = M.residual();
  for (Label c = 0; c < m.mesh.nCells(); ++c) {
    EXPECT_NEAR(d[c], (c + 1) + 6 * t1, 1e-9);
    EXPECT_NEAR(-r[c] / m.mesh.cellVolumes()[c], (c + 1) + 6 * t1, 1e-9);
  }
  // Euler is first order: off by 3 dt for this quadratic.
  const field::VolScalarField e = fvc::ddt(T, ddtScheme(DdtKind::Euler), ts);
  EXPECT_NEAR(e[0], 1 + 6 * t1 - 3 * dt, 1e-9);
  // Backward falls back to Euler on the first step.
  field::VolScalarField S("S", m.mesh, {}, 2.0);
  fvtest::setZeroGradient(S);
  S.storeOldTime();
  const FvMatrix<Scalar> first = fvm::ddt(S, ddtScheme(DdtKind::backward), ts);
  EXPECT_NEAR(first.ldu().diag()[0], 0.25 / dt, 1e-12);
}

TEST(FvMatrix, AlgebraAndFieldSources) {
  SerialMesh m(fvtest::boxMesh(Box(4, 3).mapped(fvtest::wavy)));
  field::VolScalarField T("T", m.mesh, {});
  fvtest::setFixedValue<Scalar>(T, [](const Vec3& x) { return x.x; });
  fvtest::setCells<Scalar>(T, [](const Vec3& x) { return x.x * x.y; });
  const FvMatrix<Scalar> L = fvm::laplacian(0.3, T, corrected());
  const FvMatrix<Scalar> D = fvm::ddt(T, ddtScheme(DdtKind::Euler), TimeStep{0.5, 0});
  const FvMatrix<Scalar> sum = (D - L) + L;
  for (Label c = 0; c < m.mesh.nCells(); ++c) {
    EXPECT_NEAR(sum.ldu().diag()[c], D.ldu().diag()[c], 1e-12);
    EXPECT_NEAR(sum.source()[c], D.source()[c], 1e-12);
  }
  const FvMatrix<Scalar> twice = 2.0 * L;
  const FvMatrix<Scalar> neg = -L;
  for (std::size_t f = 0; f < L.ldu().upper().size(); ++f) {
    EXPECT_DOUBLE_EQ(twice.ldu().upper()[f], 2 * L.ldu().upper()[f]);
    EXPECT_DOUBLE_EQ(neg.ldu().lower()[f], -L.ldu().lower()[f]);
  }
  for (std::size_t f = 0; f < L.faceFluxCorrection().size(); ++f)
    EXPECT_DOUBLE_EQ(twice.faceFluxCorrection()[f], 2 * L.faceFluxCorrection()[f]);
  // M == s: source gains s V; M + s: source loses s V.
  field::VolScalarField s("s", m.mesh, {}, 4.0);
  const FvMatrix<Scalar> eq = L == s;
  const FvMatrix<Scalar> plus = L + s;
  for (Label c = 0; c < m.mesh.nCells(); ++c) {
    EXPECT_NEAR(eq.source()[c], L.source()[c] + 4.0 * m.mesh.cellVolumes()[c], 1e-12);
    EXPECT_NEAR(plus.source()[c], L.source()[c] - 4.0 * m.mesh.cellVolumes()[c], 1e-12);
  }
  const FvMatrix<Scalar> sp = fvm::Sp(2.0, T);
  const FvMatrix<Scalar> su = fvm::Su(s, T);
  EXPECT_NEAR(sp.ldu().diag()[0], 2.0 * m.mesh.cellVolumes()[0], 1e-14);
  EXPECT_NEAR(su.source()[0], -4.0 * m.mesh.cellVolumes()[0], 1e-14);
  field::VolScalarField other("other", m.mesh, {});
  EXPECT_THROW(L + fvm::Sp(1.0, other), Error);
}

TEST(FvMatrix, RelaxKeepsTheSolutionAndMakesTheDiagonalDominant) {
  SerialMesh m(fvtest::boxMesh(Box(5, 4).mapped(fvtest::wavy)));
  field::VolScalarField T("T", m.mesh, {});
  fvtest::setFixedValue<Scalar>(T, [](const Vec3& x) { return x.x; });
  fvtest::setCells<Scalar>(T, [](const Vec3& x) { return std::sin(3 * x.x) + x.y; });
  // -laplacian plus a negative Sp: the diagonal is weaker than the off-diagonal sum.
  FvMatrix<Scalar> M = -fvm::laplacian(1.0, T, corrected()) + fvm::Sp(-2.0, T);
  const std::vector<Scalar> before = M.residual();
  std::vector<double> icSum(m.mesh.nCells(), 0.0);
  for (Label f = m.mesh.nInternalFaces(); f < m.mesh.nFaces(); ++f)
    icSum[m.mesh.poly().owner()[f]] += M.internalCoeffs()[f - m.mesh.nInternalFaces()];
  EXPECT_GT(*std::max_element(icSum.begin(), icSum.end()), 0.0);  // fixedValue faces: a positive part
  const std::vector<Scalar> D0 = M.ldu().diag();
  M.relax(0.7);
  const std::vector<Scalar> after = M.residual();
  const auto& a = M.ldu().addressing();
  std::vector<double> off(a.nCells, 0.0);
  for (std::size_t f = 0; f < a.lower.size(); ++f) {
    off[a.lower[f]] += std::abs(M.ldu().upper()[f]);
    off[a.upper[f]] += std::abs(M.ldu().lower()[f]);
  }
  for (Label c = 0; c < m.mesh.nCells(); ++c) {
    EXPECT_NEAR(after[c], before[c], 1e-10);  // same equation at the current values
    // OpenFOAM's formula: the boundary parts (kept apart from the diagonal,
    // non-negative here) count in the dominance test and are taken out again.
    EXPECT_NEAR(M.ldu().diag()[c], std::max(std::abs(D0[c] + icSum[c]), off[c]) / 0.7 - icSum[c], 1e-12);
    EXPECT_GE((M.ldu().diag()[c] + icSum[c]) * 0.7, off[c] - 1e-12);
  }
  FvMatrix<Scalar> N = M;
  N.relax(0.0);  // no-op
  EXPECT_EQ(N.ldu().diag(), M.ldu().diag());
}

TEST(FvMatrix, SetReferenceFixesTheLevelOfANeumannProblem) {
  SerialMesh m(fvtest::boxMesh(Box(6, 5).mapped(fvtest::wavy)));
  field::VolScalarField p("p", m.mesh, {});
  fvtest::setZeroGradient(p);
  p.correctBoundaryConditions();
  FvMatrix<Scalar> M = fvm::laplacian(1.0, p, corrected());
  M.setReference(3, 5.0);
  M.setReference(-1, 9.0);  // other ranks: no-op
  EXPECT_THROW(M.setReference(m.mesh.nCells(), 1.0), Error);
  std::vector<double> x(m.mesh.nLocalCells(), 0.0);
  fvtest::solveCG(m.mesh, M, x, 1e-13);
  for (Label c = 0; c < m.mesh.nCells(); ++c) EXPECT_NEAR(x[c], 5.0, 1e-9);
}

TEST(FvMatrix, AandHReproduceTheResidual) {
  for (bool cyclic : {false, true}) {
    SerialMesh m(fvtest::boxMesh(cyclic ? Box(6, 4).cyclicX() : Box(6, 4).mapped(fvtest::wavy)));
    auto exact = [](const Vec3& x) { return Vec3{std::sin(6.28318530718 * x.x), x.y * x.y, 0.0}; };
    field::VolVectorField U("U", m.mesh, {});
    fvtest::setFixedValue<Vec3>(U, exact);
    fvtest::setCells<Vec3>(U, exact);
    U.storeOldTime();
    field::SurfaceScalarField phi("phi", m.mesh, {});
    for (Label f = 0; f < m.mesh.nFaces(); ++f) phi[f] = 0.01 * std::cos(0.3 * f);
    FvMatrix<Vec3> M = fvm::ddt(U, ddtScheme(DdtKind::Euler), TimeStep{0.01, 0}) + fvm::div(phi, U, DivScheme{}) -
                       fvm::laplacian(0.1, U, corrected());
    const field::VolScalarField A = M.A();
    const field::VolVectorField H = M.H();
    EXPECT_EQ(A.name(), "A(U)");
    EXPECT_EQ(H.name(), "H(U)");
    // A U - H = (D U - source + offdiag U) / V = -residual / V
    const std::vector<Vec3> r = M.residual();
    for (Label c = 0; c < m.mesh.nCells(); ++c) {
      const double V = m.mesh.cellVolumes()[c];
      EXPECT_NEAR(A[c], M.D()[c] / V, 1e-9);
      EXPECT_NEAR(mag(A[c] * U[c] - H[c] + r[c] / V), 0.0, 1e-8 * (1 + mag(H[c])));
    }
    // ghosts are filled (needed for interpolate(rAU) on coupled faces)
    for (Label c = m.mesh.nCells(); c < m.mesh.nLocalCells(); ++c) EXPECT_GT(A[c], 0.0);
  }
}

// p smooth with fixed values on the boundary, gamma varying from cell to cell.
struct VariableDiffusion {
  field::VolScalarField p, gamma;
  explicit VariableDiffusion(const field::FvMesh& mesh) : p("p", mesh, {}), gamma("gamma", mesh, {}, 1.0) {
    auto exact = [](const Vec3& x) { return std::sin(6.28318530718 * x.x) + x.y * x.y * x.y; };
    fvtest::setFixedValue<Scalar>(p, exact);
    fvtest::setCells<Scalar>(p, exact);
    for (Label c = 0; c < mesh.nCells(); ++c) gamma[c] = 1.0 + 0.1 * c;
    gamma.correctBoundaryConditions();
  }
};

TEST(FvMatrix, FluxSumsToTheLaplacianAndIsAntisymmetricAcrossCyclics) {
  SerialMesh m(fvtest::boxMesh(Box(6, 5).cyclicX()));
  VariableDiffusion d(m.mesh);
  const field::VolScalarField& p = d.p;
  const field::VolScalarField& gamma = d.gamma;
  const FvMatrix<Scalar> M = fvm::laplacian(gamma, p, corrected());
  const field::SurfaceScalarField flux = M.flux();
  const std::vector<Scalar> net = surfaceIntegrate<Scalar>(m.mesh, flux.values());
  const std::vector<Scalar> r = M.residual();
  for (Label c = 0; c < m.mesh.nCells(); ++c) EXPECT_NEAR(net[c] * m.mesh.cellVolumes()[c], -r[c], 1e-10);
  const Label left = 0;
  const auto& patch = m.mesh.patches()[left];
  for (Label i = 0; i < patch.size; ++i) {
    const Label f = patch.start + i;
    EXPECT_NEAR(flux[f], -flux[m.mesh.cyclicPartnerFace(f)], 1e-12);
    EXPECT_GT(std::abs(flux[f]), 1e-3);
  }
}

// The laplacian streams its diffusivity face by face (a constant, a cell
// field interpolated on each face as needed); the matrix is the one the
// interpolated surface field gives, bit for bit, fluxInto is flux(), and
// subtractFluxFrom subtracts it.
TEST(FvMatrix, StreamedDiffusivityAndFluxIntoAreBitForBitTheSurfaceFieldForms) {
  for (bool cyclic : {false, true}) {
    SerialMesh m(fvtest::boxMesh(cyclic ? Box(6, 5).cyclicX() : Box(6, 5).mapped(fvtest::wavy)));
    VariableDiffusion d(m.mesh);
    const field::VolScalarField& p = d.p;
    const field::VolScalarField& gamma = d.gamma;
    const field::SurfaceScalarField gammaf = fvc::interpolate(gamma);
    const FvMatrix<Scalar> fromCells = fvm::laplacian(gamma, p, corrected());
    const FvMatrix<Scalar> fromFaces = fvm::laplacian(gammaf, p, corrected());
    EXPECT_EQ(fromCells.ldu().diag(), fromFaces.ldu().diag());
    EXPECT_EQ(fromCells.ldu().upper(), fromFaces.ldu().upper());
    EXPECT_EQ(fromCells.ldu().coupleCoeffs(), fromFaces.ldu().coupleCoeffs());
    EXPECT_EQ(fromCells.internalCoeffs(), fromFaces.internalCoeffs());
    EXPECT_EQ(fromCells.boundaryCoeffs(), fromFaces.boundaryCoeffs());
    EXPECT_EQ(fromCells.faceFluxCorrection(), fromFaces.faceFluxCorrection());
    // The wavy mesh is not orthogonal; the cyclic box is, up to rounding, so its correction is not computed.
    EXPECT_EQ(fromCells.faceFluxCorrection().empty(), cyclic);

    field::SurfaceScalarField constant("nu", m.mesh, {}, 0.3);
    const FvMatrix<Scalar> fromConstant = fvm::laplacian(0.3, p, corrected());
    const FvMatrix<Scalar> fromConstantFaces = fvm::laplacian(constant, p, corrected());
    EXPECT_EQ(fromConstant.ldu().upper(), fromConstantFaces.ldu().upper());
    EXPECT_EQ(fromConstant.ldu().diag(), fromConstantFaces.ldu().diag());
    EXPECT_EQ(fromConstant.boundaryCoeffs(), fromConstantFaces.boundaryCoeffs());

    const field::SurfaceScalarField flux = fromCells.flux();
    std::vector<Scalar> into(static_cast<std::size_t>(m.mesh.nFaces()), -1.0);
    fromCells.fluxInto(into);
    EXPECT_EQ(into, flux.values());
    std::vector<Scalar> tooShort(3);
    EXPECT_THROW(fromCells.fluxInto(tooShort), Error);

    // values - flux() face by face, as the pressure corrector makes phi from phiHbyA in its own storage.
    std::vector<Scalar> values(into.size()), expected(into.size());
    for (std::size_t f = 0; f < values.size(); ++f) {
      values[f] = 0.37 * std::sin(1.3 * static_cast<double>(f)) + 0.01 * static_cast<double>(f);
      expected[f] = values[f] - flux[static_cast<Label>(f)];
    }
    fromCells.subtractFluxFrom(values);
    EXPECT_EQ(values, expected);
    EXPECT_THROW(fromCells.subtractFluxFrom(tooShort), Error);
  }
}

TEST(FvMatrix, VectorSolveSkipsTheEmptyDirection) {
  SerialMesh m(fvtest::boxMesh(Box(6, 5).mapped(fvtest::wavy)));
  auto exact = [](const Vec3& x) { return Vec3{x.x * x.y, 1 - x.x, 0.0}; };
  field::VolVectorField U("U", m.mesh, {});
  fvtest::setFixedValue<Vec3>(U, exact);
  U.correctBoundaryConditions();
  U.storeOldTime();
  field::VolVectorField src("src", m.mesh, {}, Vec3{1.0, -2.0, 7.0});
  FvMatrix<Vec3> M =
      fvm::ddt(U, ddtScheme(DdtKind::Euler), TimeStep{0.1, 0}) - fvm::laplacian(0.05, U, corrected()) == src;
  std::vector<std::string> names;
  M.solve(U, [&](const linear::LduMatrix& A, std::span<double> x, std::span<const double> b, linear::GhostUpdater&,
                 const std::string& name) {
    names.push_back(name);
    std::vector<double> xv(x.begin(), x.end()), bv(b.begin(), b.end());
    fvtest::solveCG(m.mesh, A, xv, bv, 1e-13);
    std::copy(xv.begin(), xv.end(), x.begin());
  });
  EXPECT_EQ(names, (std::vector<std::string>{"Ux", "Uy"}));
  const std::vector<Vec3> r = M.residual();
  for (Label c = 0; c < m.mesh.nCells(); ++c) {
    EXPECT_NEAR(r[c].x, 0.0, 1e-10);
    EXPECT_NEAR(r[c].y, 0.0, 1e-10);
    EXPECT_EQ(U[c].z, 0.0);
  }
  // boundary conditions were re-evaluated
  EXPECT_EQ(U.boundaryValues()[0], exact(m.mesh.faceCentres()[m.mesh.nInternalFaces()]));
  field::VolVectorField other("other", m.mesh, {});
  EXPECT_THROW(M.solve(other, {}), Error);
}

// A scalar equation is solved with its Regular boundary parts on the
// diagonal and the source (componentSystem's system, bit for bit), put there
// in place and taken off again: the matrix is bit for bit as before the solve.
TEST(FvMatrix, ScalarSolveSeesItsSystemAndLeavesTheMatrixAsItWas) {
  SerialMesh m(fvtest::boxMesh(Box(6, 5).mapped(fvtest::wavy)));
  VariableDiffusion v(m.mesh);
  FvMatrix<Scalar> M = fvm::laplacian(v.gamma, v.p, corrected());
  for (Label c = 0; c < m.mesh.nCells(); ++c) M.source()[c] += 0.01 * c;
  const std::vector<Scalar> source = M.source(), diag = M.ldu().diag();
  std::vector<Scalar> density(static_cast<std::size_t>(m.mesh.nLocalCells()));
  for (std::size_t c = 0; c < density.size(); ++c) density[c] = std::cos(0.5 * double(c));
  for (const bool withDensity : {false, true}) {
    SCOPED_TRACE(withDensity ? "with a density" : "without");
    const auto expected = M.componentSystem(0, withDensity ? std::span<const Scalar>(density) : std::span<const Scalar>());
    int calls = 0;
    const ScalarSolveFn check = [&](const linear::LduMatrix& A, std::span<double>, std::span<const double> b,
                                    linear::GhostUpdater&, const std::string& name) {
      ++calls;
      EXPECT_EQ(name, "p");
      EXPECT_TRUE(std::ranges::equal(b, expected.source));
      EXPECT_EQ(A.diag(), expected.diag);
    };
    if (withDensity)
      M.solve(v.p, check, density);
    else
      M.solve(v.p, check);
    EXPECT_EQ(calls, 1);
    EXPECT_EQ(M.source(), source);
    EXPECT_EQ(M.ldu().diag(), diag);
  }
}

// Where every solved component has the same matrix, the components go to the
// components-together function, with the values the one-at-a-time path gives;
// where the boundary puts other coefficients on a component's diagonal (slip
// walls, oblique here), they are solved one at a time.
TEST(FvMatrix, VectorComponentsSharingTheMatrixAreSolvedTogether) {
  SerialMesh m(fvtest::boxMesh(Box(6, 5).mapped(fvtest::wavy)));
  auto exact = [](const Vec3& x) { return Vec3{x.x * x.y, 1 - x.x, 0.0}; };
  for (const bool slip : {false, true}) {
    SCOPED_TRACE(slip ? "slip walls" : "fixed values");
    const auto fresh = [&] {
      field::VolVectorField U("U", m.mesh, {});
      fvtest::setFixedValue<Vec3>(U, exact);
      if (slip)
        for (Label p = 0; p < m.mesh.nPatches(); ++p)
          if (m.mesh.patchKind(p) == field::PatchKind::Regular)
            U.setBoundaryCondition(p, std::make_unique<field::SlipBC<Vec3>>(p, "slip"));
      U.correctBoundaryConditions();
      U.storeOldTime();
      return U;
    };
    field::VolVectorField src("src", m.mesh, {}, Vec3{1.0, -2.0, 7.0});
    std::vector<std::string> scalarNames, togetherNames;
    const ScalarSolveFn one = [&](const linear::LduMatrix& A, std::span<double> x, std::span<const double> b,
                                  linear::GhostUpdater&, const std::string& name) {
      scalarNames.push_back(name);
      std::vector<double> xv(x.begin(), x.end()), bv(b.begin(), b.end());
      fvtest::solveCG(m.mesh, A, xv, bv, 1e-13);
      std::copy(xv.begin(), xv.end(), x.begin());
    };
    const ComponentsSolveFn together = [&](const linear::LduMatrix& A, std::span<double> x,
                                           std::span<const double> b, int components, linear::GhostUpdater& ghosts,
                                           std::span<const std::string> names) {
      togetherNames.assign(names.begin(), names.end());
      const auto K = static_cast<std::size_t>(components);
      ASSERT_EQ(x.size(), K * static_cast<std::size_t>(A.nLocalCells()));
      ASSERT_EQ(b.size(), K * static_cast<std::size_t>(A.nCells()));
      for (std::size_t c = 0; c < K; ++c) {  // each component taken out of the interleaved values, solved, put back
        std::vector<double> xc(x.size() / K), bc(b.size() / K);
        for (std::size_t i = 0; i < xc.size(); ++i) xc[i] = x[K * i + c];
        for (std::size_t i = 0; i < bc.size(); ++i) bc[i] = b[K * i + c];
        one(A, xc, bc, ghosts, names[c]);
        for (std::size_t i = 0; i < xc.size(); ++i) x[K * i + c] = xc[i];
      }
    };
    field::VolVectorField U1 = fresh(), U2 = fresh();
    FvMatrix<Vec3> M1 = fvm::ddt(U1, ddtScheme(DdtKind::Euler), TimeStep{0.1, 0}) -
                        fvm::laplacian(0.05, U1, corrected()) == src;
    FvMatrix<Vec3> M2 = fvm::ddt(U2, ddtScheme(DdtKind::Euler), TimeStep{0.1, 0}) -
                        fvm::laplacian(0.05, U2, corrected()) == src;
    // With a density too: given to the solve (freed once the sources hold it) or lent.
    std::vector<Vec3> density(static_cast<std::size_t>(m.mesh.nLocalCells()));
    for (std::size_t c = 0; c < density.size(); ++c) density[c] = Vec3{std::sin(double(c)), 0.5, 0.0};
    M1.solve(U1, one, density);
    scalarNames.clear();
    M2.solve(U2, one, std::vector<Vec3>(density), together);
    if (slip) {
      EXPECT_TRUE(togetherNames.empty());
      EXPECT_EQ(scalarNames, (std::vector<std::string>{"Ux", "Uy"}));
    } else {
      EXPECT_EQ(togetherNames, (std::vector<std::string>{"Ux", "Uy"}));
    }
    EXPECT_EQ(U1.values(), U2.values());
    EXPECT_TRUE(std::ranges::equal(U1.boundaryValues(), U2.boundaryValues()));
    EXPECT_EQ(M1.ldu().diag(), M2.ldu().diag());  // the boundary coefficients taken off the diagonal again
  }
}

}  // namespace
}  // namespace sluice::fv
