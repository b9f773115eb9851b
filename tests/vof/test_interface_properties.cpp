// The interface normal, curvature and wall contact angle
// (vof::InterfaceProperties) on a 2D box: a plane interface has zero
// curvature; a circular one about 1/R; at a constantAlphaContactAngle wall
// the face normal meets the wall at theta0 and the condition's gradient is
// cos(theta0) |grad alpha|.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "fv/fv_test_support.hpp"
#include "sluice/field/boundary/alpha_contact_angle.hpp"
#include "sluice/field/boundary/zero_gradient.hpp"
#include "sluice/fv/fv_schemes.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/vof/interface_properties.hpp"

namespace sluice {
namespace {

fv::FvSchemes gaussLinear() {
  return fv::FvSchemes::read(io::Dictionary::parse(
      "ddtSchemes { default Euler; } gradSchemes { default Gauss linear; } divSchemes { default none; }\n"
      "laplacianSchemes { default Gauss linear corrected; } interpolationSchemes { default linear; }\n"
      "snGradSchemes { default corrected; }\n",
      "fvSchemes"));
}

/// alpha as a smooth function of the cell centre, zero-gradient on the walls (contact angle on `bottom` if given).
field::VolScalarField fraction(const field::FvMesh& mesh, double (*f)(const Vec3&), double theta0 = -1) {
  field::VolScalarField alpha("alpha.water", mesh, io::DimensionSet{});
  for (Label p = 0; p < mesh.nPatches(); ++p) {
    if (mesh.patchKind(p) != field::PatchKind::Regular) continue;
    const mesh::Patch& patch = mesh.patches()[p];
    if (theta0 >= 0 && patch.name == "bottom")
      alpha.setBoundaryCondition(p, std::make_unique<field::AlphaContactAngleBC>(
                                        p, theta0, field::AlphaContactAngleBC::Limit::none,
                                        std::vector<Scalar>(patch.size, 0.0)));
    else
      alpha.setBoundaryCondition(p, std::make_unique<field::ZeroGradientBC<Scalar>>(p));
  }
  for (Label c = 0; c < mesh.nCells(); ++c) alpha[c] = f(mesh.cellCentres()[c]);
  alpha.correctBoundaryConditions();
  return alpha;
}

TEST(InterfaceProperties, PlaneInterfaceHasUnitNormalAndNoCurvature) {
  fvtest::SerialMesh m(fvtest::boxMesh(fvtest::Box(20, 20, 1)));
  field::VolScalarField alpha = fraction(m.mesh, [](const Vec3& x) { return 0.5 + 0.5 * std::tanh((0.5 - x.x) / 0.1); });
  vof::InterfaceProperties interface(1.0, 0.07, m.mesh);
  interface.correct(alpha, gaussLinear());
  const auto& geo = m.mesh.geometry();
  for (Label f = 0; f < m.mesh.nInternalFaces(); ++f) {
    const Vec3 n = geo.unitNormal(f);
    if (m.mesh.faceCentres()[f].x < 0.2 || m.mesh.faceCentres()[f].x > 0.8) continue;  // |grad alpha| >> deltaN
    // The normal points into the water (towards -x): nHatf = -|Sf| on x-faces, 0 on y-faces.
    EXPECT_NEAR(interface.nHatf()[f], -n.x * geo.faceAreaMag(f), 1e-5 * geo.faceAreaMag(f)) << f;
  }
  for (Label c = 0; c < m.mesh.nCells(); ++c) {
    const Vec3 x = m.mesh.cellCentres()[c];
    if (x.x > 0.1 && x.x < 0.9) {
      EXPECT_NEAR(interface.K()[c], 0.0, 1e-3) << c;  // against 1/dx = 20
    }
  }
}

TEST(InterfaceProperties, CircularInterfaceHasCurvatureOneOverRadius) {
  fvtest::SerialMesh m(fvtest::boxMesh(fvtest::Box(80, 80, 1)));
  // A disc of radius 0.25 at the centre, smeared over a few cells.
  field::VolScalarField alpha = fraction(m.mesh, [](const Vec3& x) {
    const double r = std::hypot(x.x - 0.5, x.y - 0.5);
    return 0.5 + 0.5 * std::tanh((0.25 - r) / 0.02);
  });
  vof::InterfaceProperties interface(1.0, 0.07, m.mesh);
  interface.correct(alpha, gaussLinear());
  double sum = 0;
  int n = 0;
  for (Label c = 0; c < m.mesh.nCells(); ++c)
    if (alpha[c] > 0.3 && alpha[c] < 0.7) {
      sum += interface.K()[c];
      ++n;
    }
  ASSERT_GT(n, 20);
  EXPECT_NEAR(sum / n, 1 / 0.25, 0.1 * (1 / 0.25));  // K = div(n) of a circle, n pointing into the water: +1/R
}

TEST(InterfaceProperties, ContactAngleTurnsTheWallNormalToTheta0) {
  fvtest::SerialMesh m(fvtest::boxMesh(fvtest::Box(20, 20, 1)));
  const double theta0 = 60;
  // A vertical interface: its normal lies along the wall before the correction.
  field::VolScalarField alpha = fraction(m.mesh, [](const Vec3& x) { return 0.5 + 0.5 * std::tanh((0.5 - x.x) / 0.1); },
                                         theta0);
  vof::InterfaceProperties interface(1.0, 0.07, m.mesh);
  interface.correct(alpha, gaussLinear());
  const auto& geo = m.mesh.geometry();
  for (Label p = 0; p < m.mesh.nPatches(); ++p) {
    if (m.mesh.patches()[p].name != "bottom") continue;
    const auto* cac = dynamic_cast<const field::AlphaContactAngleBC*>(alpha.boundaryCondition(p));
    ASSERT_NE(cac, nullptr);
    const mesh::Patch& patch = m.mesh.patches()[p];
    for (Label i = 0; i < patch.size; ++i) {
      const Label f = patch.start + i;
      const double x = m.mesh.faceCentres()[f].x;
      if (x < 0.3 || x > 0.7) continue;  // where the interface meets the wall
      // nHatf / |Sf| = n_interface . n_wall = cos(theta0) (up to deltaN)
      EXPECT_NEAR(interface.nHatf()[f] / geo.faceAreaMag(f), std::cos(theta0 * std::numbers::pi / 180), 1e-6) << x;
      EXPECT_GT(std::abs(cac->gradient()[i]), 0.0);
    }
  }
}

}  // namespace
}  // namespace sluice
