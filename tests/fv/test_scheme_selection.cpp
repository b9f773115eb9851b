#include <string>

#include <gtest/gtest.h>

#include "fv/fv_test_support.hpp"
#include "sluice/core/error.hpp"
#include "sluice/fv/fvc.hpp"
#include "sluice/fv/fvm.hpp"
#include "sluice/io/dictionary.hpp"

namespace sluice::fv {
namespace {

using fvtest::Box;
using fvtest::SerialMesh;

FvSchemes schemes() {
  return FvSchemes::read(io::Dictionary::parse(R"(
ddtSchemes { default Euler; ddt(T) backward; }
gradSchemes { default Gauss linear; grad(p) leastSquares; grad(U) cellLimited Gauss linear 1; }
divSchemes { default none; div(phi,U) bounded Gauss linearUpwind grad(U); div(phi,T) Gauss vanLeer; }
laplacianSchemes { default Gauss linear corrected; laplacian((1|A(U)),p) Gauss linear uncorrected; }
snGradSchemes { default corrected; snGrad(T) uncorrected; }
)",
                                               "system/fvSchemes"));
}

struct Case {
  Case() : m(fvtest::boxMesh(Box(6, 5).mapped(fvtest::wavy))), U("U", m.mesh, {}), T("T", m.mesh, {}), phi("phi", m.mesh, {}) {
    auto velocity = [](const Vec3& x) { return Vec3{1 + x.y, x.x * x.x, 0}; };
    fvtest::setFixedValue<Vec3>(U, velocity);
    fvtest::setCells<Vec3>(U, velocity);
    U.storeOldTime();
    auto profile = [](const Vec3& x) { return std::sin(4 * x.x) * x.y; };
    fvtest::setFixedValue<Scalar>(T, profile);
    fvtest::setCells<Scalar>(T, profile);
    phi.values() = fvc::flux(U).values();
  }
  SerialMesh m;
  field::VolVectorField U;
  field::VolScalarField T;
  field::SurfaceScalarField phi;
};

template <class T>
void expectSameMatrix(const FvMatrix<T>& a, const FvMatrix<T>& b) {
  EXPECT_EQ(a.ldu().diag(), b.ldu().diag());
  EXPECT_EQ(a.ldu().upper(), b.ldu().upper());
  EXPECT_EQ(a.ldu().lower(), b.ldu().lower());
  EXPECT_EQ(a.source(), b.source());
}

TEST(SchemeSelection, OperatorsLookUpTheirTerms) {
  Case c;
  const FvSchemes s = schemes();
  DivScheme lu;
  lu.kind = DivKind::linearUpwind;
  lu.bounded = true;
  GradScheme limited;
  limited.cellLimited = true;
  expectSameMatrix(fvm::div(c.phi, c.U, s), fvm::div(c.phi, c.U, lu, limited));
  DivScheme vl;
  vl.kind = DivKind::vanLeer;
  expectSameMatrix(fvm::div(c.phi, c.T, s), fvm::div(c.phi, c.T, vl));
  EXPECT_EQ(fvc::div(c.phi, c.T, s).values(), fvc::div(c.phi, c.T, vl).values());

  DdtScheme backward;
  backward.kind = DdtKind::backward;
  expectSameMatrix(fvm::ddt(c.T, s, TimeStep{0.1, 0.1}), fvm::ddt(c.T, backward, TimeStep{0.1, 0.1}));

  field::VolScalarField rAU("(1|A(U))", c.m.mesh, {}, 2.0);
  fvtest::setZeroGradient(rAU);
  rAU.correctBoundaryConditions();
  const FvMatrix<Scalar> p = fvm::laplacian(rAU, c.T, s);           // "laplacian((1|A(U)),T)": default corrected
  EXPECT_FALSE(p.faceFluxCorrection().empty());
  field::VolScalarField pField("p", c.m.mesh, {});
  fvtest::setZeroGradient(pField);
  EXPECT_TRUE(fvm::laplacian(rAU, pField, s).faceFluxCorrection().empty());  // listed: uncorrected
  LaplacianScheme corrected;
  GradScheme cellLimitedGrad;
  cellLimitedGrad.cellLimited = true;
  expectSameMatrix(fvm::laplacian(0.1, "nu", c.U, s), fvm::laplacian(0.1, c.U, corrected, cellLimitedGrad));

  GradScheme ls;
  ls.kind = GradKind::leastSquares;
  EXPECT_EQ(fvc::grad(pField, s).values(), fvc::grad(pField, ls).values());
  SnGradScheme unc;
  unc.kind = SnGradKind::uncorrected;
  EXPECT_EQ(fvc::snGrad(c.T, s).values(), fvc::snGrad(c.T, unc).values());
}

TEST(SchemeSelection, MissingTermReachesTheCaller) {
  Case c;
  const FvSchemes s = schemes();
  try {
    fvm::div(c.phi, c.T, s);  // listed: fine
    field::VolScalarField k("k", c.m.mesh, {});
    fvtest::setZeroGradient(k);
    fvm::div(c.phi, k, s);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "system/fvSchemes: divSchemes: no scheme for 'div(phi,k)' (default is none)");
  }
}

}  // namespace
}  // namespace sluice::fv
