// The laminar momentum transport and viscosity of incompressible solvers:
// what constant/transportProperties and turbulenceProperties may say, and
// the Stokes stress term on fields with known derivatives.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "fv/fv_test_support.hpp"
#include "sluice/core/error.hpp"
#include "sluice/fv/fvm_laplacian.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/models/laminar_transport.hpp"
#include "sluice/models/viscosity.hpp"
#include "support/temp_dir.hpp"

namespace sluice::models {
namespace {

using ::testing::HasSubstr;

std::string header(const std::string& object) {
  return "FoamFile { version 2.0; format ascii; class dictionary; object " + object + "; }\n";
}

TEST(Viscosity, NewtonianWithOrWithoutDimensions) {
  test::TempDir dir("viscosity");
  dir.write("constant/transportProperties", header("transportProperties") + "transportModel Newtonian;\nnu 1e-5;\n");
  EXPECT_EQ(readKinematicViscosity(dir.path(), {.requireTransportModel = true}), 1e-5);
  dir.write("constant/transportProperties", header("transportProperties") + "nu [0 2 -1 0 0 0 0] 0.01;\n");
  EXPECT_EQ(readKinematicViscosity(dir.path()), 0.01);  // icoFoam reads nu only
  try {
    readKinematicViscosity(dir.path(), {.requireTransportModel = true});  // pimpleFoam needs the model
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "constant/transportProperties: missing 'transportModel'");
  }
  dir.write("constant/transportProperties", header("transportProperties") + "transportModel BirdCarreau;\nnu 1;\n");
  try {
    readKinematicViscosity(dir.path());
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "constant/transportProperties:2:16: 'transportModel': 'BirdCarreau' is not supported (supported: "
                 "Newtonian)");
  }
  dir.write("constant/transportProperties", header("transportProperties") + "nu [0 2 -2 0 0 0 0] 1;\n");
  EXPECT_THROW(readKinematicViscosity(dir.path()), InputError);
  dir.write("constant/transportProperties", header("transportProperties") + "nu -1;\n");
  EXPECT_THROW(readKinematicViscosity(dir.path()), InputError);
}

TEST(LaminarTransport, StokesIsTheOnlyModel) {
  test::TempDir dir("laminar");
  EXPECT_EQ(LaminarTransport::read(dir.path(), 0.5).nuEff(), 0.5);  // no file: laminar Stokes
  for (const char* body : {"simulationType laminar;\n", "simulationType laminar;\nlaminar { laminarModel Stokes; }\n",
                           "simulationType laminar;\nlaminar { model Newtonian; }\n"}) {
    dir.write("constant/turbulenceProperties", header("turbulenceProperties") + body);
    EXPECT_EQ(LaminarTransport::read(dir.path(), 0.5).nuEff(), 0.5) << body;
  }
  const std::pair<const char*, const char*> refused[] = {
      {"simulationType RAS;\n", "'simulationType': 'RAS' is not supported (supported: laminar)"},
      {"simulationType laminar;\nlaminar { laminarModel Maxwell; }\n",
       "'laminarModel': 'Maxwell' is not supported (supported: Stokes, Newtonian)"},
      {"simulationType laminar;\nlaminar { }\n", "constant/turbulenceProperties: laminar: missing 'laminarModel'"},
  };
  for (const auto& [body, message] : refused) {
    dir.write("constant/turbulenceProperties", header("turbulenceProperties") + body);
    try {
      LaminarTransport::read(dir.path(), 0.5);
      ADD_FAILURE() << body;
    } catch (const InputError& e) {
      EXPECT_THAT(e.what(), HasSubstr(message));
    }
  }
}

fv::FvSchemes schemes(const std::string& stress) {
  return fv::FvSchemes::read(io::Dictionary::parse(
      "gradSchemes { default Gauss linear; } divSchemes { default none; div((nuEff*dev2(T(grad(U))))) " + stress +
          "; } laplacianSchemes { default Gauss linear corrected; } snGradSchemes { default corrected; } "
          "interpolationSchemes { default linear; } ddtSchemes { default Euler; }",
      "system/fvSchemes"));
}

TEST(LaminarTransport, StressTermIsMinusTheLaplacianForALinearDivergenceFreeField) {
  // U = (y, x, 0) on a uniform mesh: the Gauss gradient is exact and
  // constant, dev2(T(grad U)) too, so the explicit part vanishes and
  // divDevReff is -laplacian(nu, U).
  fvtest::SerialMesh m(fvtest::boxMesh(fvtest::Box(6, 5)));
  auto exact = [](const Vec3& x) { return Vec3{x.y, x.x, 0}; };
  field::VolVectorField U("U", m.mesh, {});
  fvtest::setFixedValue<Vec3>(U, exact);
  fvtest::setCells<Vec3>(U, exact);
  test::TempDir dir("stress");
  const LaminarTransport transport = LaminarTransport::read(dir.path(), 0.3);
  const fv::FvSchemes s = schemes("Gauss linear");
  transport.checkSchemes(s);
  const fv::FvMatrix<Vec3> M = transport.divDevReff(U, s);
  const fv::FvMatrix<Vec3> L = -fv::fvm::laplacian(0.3, U, s.laplacian("laplacian(nuEff,U)"), s.grad("grad(U)"));
  const std::vector<Vec3> rM = M.residual(), rL = L.residual();
  for (Label c = 0; c < m.mesh.nCells(); ++c) EXPECT_NEAR(mag(rM[c] - rL[c]), 0.0, 1e-12) << "cell " << c;
  EXPECT_THROW(transport.checkSchemes(schemes("Gauss upwind")), InputError);
}

TEST(LaminarTransport, StressTermAddsTheDivergenceOfDev2) {
  // U = (x^2, 0, 0): dev2(T(grad U)) = diag(2x/3, -4x/3, -4x/3), whose
  // divergence is (2/3, 0, 0); so divDevReff = -laplacian(nu, U) - nu (2/3, 0, 0),
  // exact in cells whose neighbours are away from the boundary.
  const int nx = 8, ny = 5;
  fvtest::SerialMesh m(fvtest::boxMesh(fvtest::Box(nx, ny)));
  auto exact = [](const Vec3& x) { return Vec3{x.x * x.x, 0, 0}; };
  field::VolVectorField U("U", m.mesh, {});
  fvtest::setFixedValue<Vec3>(U, exact);
  fvtest::setCells<Vec3>(U, exact);
  test::TempDir dir("stress-dev2");
  const double nu = 0.3;
  const fv::FvSchemes s = schemes("Gauss linear");
  const fv::FvMatrix<Vec3> M = LaminarTransport::read(dir.path(), nu).divDevReff(U, s);
  const fv::FvMatrix<Vec3> L = -fv::fvm::laplacian(nu, U, s.laplacian("laplacian(nuEff,U)"), s.grad("grad(U)"));
  const std::vector<Vec3> rM = M.residual(), rL = L.residual();
  for (int j = 0; j < ny; ++j)
    for (int i = 2; i < nx - 2; ++i) {
      const Label c = i + nx * j;
      const Vec3 d = (rM[c] - rL[c]) / m.mesh.cellVolumes()[c];  // the explicit term per volume
      EXPECT_NEAR(d.x, nu * 2.0 / 3.0, 1e-10) << "cell " << c;
      EXPECT_NEAR(d.y, 0.0, 1e-10) << "cell " << c;
    }
}

}  // namespace
}  // namespace sluice::models
