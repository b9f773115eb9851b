#include <string>

#include <gtest/gtest.h>

#include "sluice/core/error.hpp"
#include "sluice/fv/fv_schemes.hpp"
#include "sluice/io/dictionary.hpp"

namespace sluice::fv {
namespace {

FvSchemes parse(const std::string& text) {
  return FvSchemes::read(io::Dictionary::parse(text, "system/fvSchemes"));
}

template <class F>
std::string errorOf(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

const char* kFull = R"fv(
ddtSchemes { default Euler; ddt(U) backward; ddt(k) steadyState; }
gradSchemes
{
    default         Gauss linear;
    grad(p)         leastSquares;
    grad(U)         cellLimited Gauss linear 1;
    gradUConv       cellLimited leastSquares 0.5;
}
divSchemes
{
    default         none;
    div(phi,U)      bounded Gauss linearUpwind grad(U);
    div(phi,k)      Gauss limitedLinear 1;
    div(phi,V)      Gauss limitedLinearV 0.5;
    div(phi,T)      Gauss vanLeer;
    div(phi,e)      Gauss upwind;
    div((nuEff*dev2(T(grad(U))))) Gauss linear;
    "div\(phi,(omega|epsilon)\)" bounded Gauss upwind;
}
laplacianSchemes
{
    default         Gauss linear corrected;
    laplacian(nu,U) Gauss linear uncorrected;
    laplacian(a,b)  Gauss linear limited 0.5;
    laplacian(c,d)  Gauss linear limited corrected 0.33;
    laplacian(e,f)  Gauss linear orthogonal;
}
interpolationSchemes { default linear; }
snGradSchemes { default corrected; snGrad(p) limited corrected 0.5; snGrad(q) uncorrected; }
)fv";

TEST(FvSchemes, DdtLookupAndDefault) {
  FvSchemes s = parse(kFull);
  EXPECT_EQ(s.ddt("ddt(U)").kind, DdtKind::backward);
  EXPECT_EQ(s.ddt("ddt(k)").kind, DdtKind::steadyState);
  EXPECT_EQ(s.ddt("ddt(p)").kind, DdtKind::Euler);
  EXPECT_EQ(s.ddt("ddt(p)").text, "Euler");
}

TEST(FvSchemes, GradSchemes) {
  FvSchemes s = parse(kFull);
  EXPECT_EQ(s.grad("grad(T)").kind, GradKind::GaussLinear);
  EXPECT_FALSE(s.grad("grad(T)").cellLimited);
  EXPECT_EQ(s.grad("grad(p)").kind, GradKind::leastSquares);
  GradScheme u = s.grad("grad(U)");
  EXPECT_EQ(u.kind, GradKind::GaussLinear);
  EXPECT_TRUE(u.cellLimited);
  EXPECT_DOUBLE_EQ(u.limitCoeff, 1.0);
  GradScheme c = s.grad("gradUConv");
  EXPECT_EQ(c.kind, GradKind::leastSquares);
  EXPECT_TRUE(c.cellLimited);
  EXPECT_DOUBLE_EQ(c.limitCoeff, 0.5);
  EXPECT_EQ(c.text, "cellLimited leastSquares 0.5");
}

TEST(FvSchemes, DivSchemes) {
  FvSchemes s = parse(kFull);
  DivScheme u = s.div("div(phi,U)");
  EXPECT_EQ(u.kind, DivKind::linearUpwind);
  EXPECT_TRUE(u.bounded);
  EXPECT_EQ(u.gradTerm, "grad(U)");
  EXPECT_EQ(u.text, "bounded Gauss linearUpwind grad(U)");
  EXPECT_EQ(s.div("div(phi,k)").kind, DivKind::limitedLinear);
  EXPECT_DOUBLE_EQ(s.div("div(phi,k)").coeff, 1.0);
  EXPECT_EQ(s.div("div(phi,V)").kind, DivKind::limitedLinearV);
  EXPECT_DOUBLE_EQ(s.div("div(phi,V)").coeff, 0.5);
  EXPECT_EQ(s.div("div(phi,T)").kind, DivKind::vanLeer);
  EXPECT_EQ(s.div("div(phi,e)").kind, DivKind::upwind);
  EXPECT_FALSE(s.div("div(phi,e)").bounded);
  EXPECT_EQ(s.div("div((nuEff*dev2(T(grad(U)))))").kind, DivKind::linear);
  EXPECT_EQ(s.div("div(phi,omega)").kind, DivKind::upwind);  // regular-expression key
  EXPECT_TRUE(s.div("div(phi,epsilon)").bounded);
}

TEST(FvSchemes, LaplacianAndSnGradSchemes) {
  FvSchemes s = parse(kFull);
  EXPECT_EQ(s.laplacian("laplacian(nu,p)").snGrad.kind, SnGradKind::corrected);
  EXPECT_TRUE(s.laplacian("laplacian(nu,p)").snGrad.hasCorrection());
  EXPECT_EQ(s.laplacian("laplacian(nu,U)").snGrad.kind, SnGradKind::uncorrected);
  EXPECT_FALSE(s.laplacian("laplacian(nu,U)").snGrad.hasCorrection());
  EXPECT_EQ(s.laplacian("laplacian(a,b)").snGrad.kind, SnGradKind::limited);
  EXPECT_DOUBLE_EQ(s.laplacian("laplacian(a,b)").snGrad.limitCoeff, 0.5);
  EXPECT_EQ(s.laplacian("laplacian(c,d)").snGrad.kind, SnGradKind::limited);
  EXPECT_DOUBLE_EQ(s.laplacian("laplacian(c,d)").snGrad.limitCoeff, 0.33);
  EXPECT_EQ(s.laplacian("laplacian(c,d)").snGrad.text, "limited corrected 0.33");
  EXPECT_EQ(s.laplacian("laplacian(e,f)").snGrad.kind, SnGradKind::orthogonal);
  EXPECT_EQ(s.snGrad("snGrad(U)").kind, SnGradKind::corrected);
  EXPECT_EQ(s.snGrad("snGrad(p)").kind, SnGradKind::limited);
  EXPECT_DOUBLE_EQ(s.snGrad("snGrad(p)").limitCoeff, 0.5);
  EXPECT_EQ(s.snGrad("snGrad(q)").kind, SnGradKind::uncorrected);
  EXPECT_EQ(s.interpolation("interpolate(U)").kind, InterpolationKind::linear);
}

TEST(FvSchemes, CavityTutorialStyle) {
  FvSchemes s = parse(R"(
FoamFile { version 2.0; format ascii; class dictionary; object fvSchemes; }
ddtSchemes { default Euler; }
gradSchemes { default Gauss linear; grad(p) Gauss linear; }
divSchemes { default none; div(phi,U) Gauss linear; }
laplacianSchemes { default Gauss linear orthogonal; }
interpolationSchemes { default linear; }
snGradSchemes { default orthogonal; }
)");
  EXPECT_EQ(s.div("div(phi,U)").kind, DivKind::linear);
  EXPECT_EQ(s.laplacian("laplacian(nu,U)").snGrad.kind, SnGradKind::orthogonal);
  EXPECT_EQ(s.snGrad("snGrad(p)").kind, SnGradKind::orthogonal);
}

TEST(FvSchemes, OptionalSectionsDefault) {
  FvSchemes s = parse("ddtSchemes { default Euler; } gradSchemes { default Gauss linear; } "
                      "divSchemes { default Gauss linear; } laplacianSchemes { default Gauss linear corrected; }");
  EXPECT_EQ(s.snGrad("snGrad(p)").kind, SnGradKind::corrected);
  EXPECT_EQ(s.interpolation("interpolate(U)").kind, InterpolationKind::linear);
  EXPECT_EQ(s.div("div(anything)").kind, DivKind::linear);
}

TEST(FvSchemes, UnknownDivSchemeMessage) {
  FvSchemes s = parse("ddtSchemes { default Euler; }\n"
                      "gradSchemes { default Gauss linear; }\n"
                      "divSchemes\n{\n    default none;\n    div(phi,U)      Gauss linearr;\n}\n"
                      "laplacianSchemes { default Gauss linear corrected; }\n");
  EXPECT_EQ(errorOf([&] { s.div("div(phi,U)"); }),
            "system/fvSchemes:6:21: divSchemes/div(phi,U): unknown scheme 'Gauss linearr'; supported: Gauss linear, "
            "Gauss upwind, Gauss linearUpwind <grad>, Gauss limitedLinear <k>, Gauss limitedLinearV <k>, Gauss vanLeer "
            "(optionally prefixed by 'bounded')");
}

TEST(FvSchemes, MissingTermWithDefaultNone) {
  FvSchemes s = parse(kFull);
  EXPECT_EQ(errorOf([&] { s.div("div(phi,W)"); }),
            "system/fvSchemes: divSchemes: no scheme for 'div(phi,W)' (default is none)");
}

TEST(FvSchemes, MissingTermWithoutDefault) {
  FvSchemes s = parse("ddtSchemes { ddt(U) Euler; } gradSchemes { } divSchemes { } laplacianSchemes { }");
  EXPECT_EQ(errorOf([&] { s.ddt("ddt(p)"); }), "system/fvSchemes: ddtSchemes: no scheme for 'ddt(p)' (no default)");
  EXPECT_EQ(errorOf([&] { s.grad("grad(p)"); }),
            "system/fvSchemes: gradSchemes: no scheme for 'grad(p)' (no default)");
}

TEST(FvSchemes, UnusedUnsupportedEntryIsTolerated) {
  FvSchemes s = parse("ddtSchemes { default CrankNicolson 0.9; ddt(U) Euler; }\n"
                      "gradSchemes { default Gauss linear; }\n"
                      "divSchemes { default none; div(phi,U) Gauss LUST grad(U); div(phi,k) Gauss upwind; }\n"
                      "laplacianSchemes { default Gauss linear corrected; }\n");
  EXPECT_EQ(s.ddt("ddt(U)").kind, DdtKind::Euler);
  EXPECT_EQ(s.div("div(phi,k)").kind, DivKind::upwind);
  EXPECT_EQ(errorOf([&] { s.ddt("ddt(p)"); }),
            "system/fvSchemes:1:22: ddtSchemes/default: unknown scheme 'CrankNicolson 0.9'; supported: Euler, "
            "backward, steadyState");
  EXPECT_EQ(errorOf([&] { s.div("div(phi,U)"); }).substr(0, 81),
            "system/fvSchemes:3:39: divSchemes/div(phi,U): unknown scheme 'Gauss LUST grad(U)'");
}

TEST(FvSchemes, OtherUnknownSchemeMessages) {
  FvSchemes s = parse("ddtSchemes { default Euler; }\n"
                      "gradSchemes { default Gauss quadratic; grad(p) cellLimited Gauss linear; }\n"
                      "divSchemes { default Gauss linear extra; }\n"
                      "laplacianSchemes { default Gauss linear; }\n"
                      "snGradSchemes { default limited; }\n"
                      "interpolationSchemes { default cubic; }\n");
  EXPECT_EQ(errorOf([&] { s.grad("grad(U)"); }),
            "system/fvSchemes:2:23: gradSchemes/default: unknown scheme 'Gauss quadratic'; supported: Gauss linear, "
            "leastSquares, cellLimited <Gauss linear|leastSquares> <coeff>");
  EXPECT_EQ(errorOf([&] { s.grad("grad(p)"); }).substr(0, 90),
            "system/fvSchemes:2:48: gradSchemes/grad(p): unknown scheme 'cellLimited Gauss linear'; sup");
  EXPECT_EQ(errorOf([&] { s.div("div(phi,U)"); }).substr(0, 83),
            "system/fvSchemes:3:22: divSchemes/default: unknown scheme 'Gauss linear extra'; sup");
  EXPECT_EQ(errorOf([&] { s.laplacian("laplacian(nu,U)"); }),
            "system/fvSchemes:4:28: laplacianSchemes/default: unknown scheme 'Gauss linear'; supported: Gauss linear "
            "corrected, Gauss linear uncorrected, Gauss linear orthogonal, Gauss linear limited <psi>, Gauss linear "
            "limited corrected <psi>");
  EXPECT_EQ(errorOf([&] { s.snGrad("snGrad(p)"); }),
            "system/fvSchemes:5:25: snGradSchemes/default: unknown scheme 'limited'; supported: corrected, "
            "uncorrected, orthogonal, limited <psi>, limited corrected <psi>");
  EXPECT_EQ(errorOf([&] { s.interpolation("interpolate(U)"); }),
            "system/fvSchemes:6:32: interpolationSchemes/default: unknown scheme 'cubic'; supported: linear");
}

TEST(FvSchemes, CoefficientOutOfRange) {
  FvSchemes s = parse("ddtSchemes { default Euler; }\n"
                      "gradSchemes { default Gauss linear; }\n"
                      "divSchemes { div(phi,k) Gauss limitedLinear 1.5; }\n"
                      "laplacianSchemes { default Gauss linear limited corrected -0.1; }\n");
  EXPECT_EQ(errorOf([&] { s.div("div(phi,k)"); }),
            "system/fvSchemes:3:45: divSchemes/div(phi,k): coefficient 1.5 of 'Gauss limitedLinear 1.5' must be in "
            "[0, 1]");
  EXPECT_EQ(errorOf([&] { s.laplacian("laplacian(nu,U)"); }),
            "system/fvSchemes:4:59: laplacianSchemes/default: coefficient -0.1 of 'Gauss linear limited corrected "
            "-0.1' must be in [0, 1]");
}

TEST(FvSchemes, MissingSectionAndEmptyScheme) {
  EXPECT_EQ(errorOf([] { parse("ddtSchemes { default Euler; } gradSchemes { } divSchemes { }"); }),
            "system/fvSchemes: missing 'laplacianSchemes'");
  FvSchemes s = parse("ddtSchemes { default Euler; }\ngradSchemes { }\ndivSchemes\n{\n  div(phi,U) ;\n}\n"
                      "laplacianSchemes { }");
  EXPECT_EQ(errorOf([&] { s.div("div(phi,U)"); }),
            "system/fvSchemes:5: divSchemes/div(phi,U): missing scheme; supported: Gauss linear, Gauss upwind, Gauss "
            "linearUpwind <grad>, Gauss limitedLinear <k>, Gauss limitedLinearV <k>, Gauss vanLeer (optionally "
            "prefixed by 'bounded')");
}

}  // namespace
}  // namespace sluice::fv
