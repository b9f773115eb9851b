// MULES on a periodic 1D advection of a step (50 cells, Courant number 0.5):
// the central-difference flux alone over- and undershoots; limited by MULES,
// explicitly or as a correction to an upwind solution, the step stays in
// [0, 1] and its integral is conserved to round-off.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "fv/fv_test_support.hpp"
#include "sluice/fv/fvc_div.hpp"
#include "sluice/vof/mules.hpp"

namespace sluice {
namespace {

struct Advection {
  Advection() : serial(fvtest::boxMesh(fvtest::Box(50, 1, 1).cyclicX())), mesh(serial.mesh) {}

  field::VolScalarField step() const {
    field::VolScalarField alpha("alpha", mesh, io::DimensionSet{});
    for (Label c = 0; c < mesh.nCells(); ++c) {
      const double x = mesh.cellCentres()[c].x;
      alpha[c] = (x > 0.2 && x < 0.5) ? 1.0 : 0.0;
    }
    alpha.correctBoundaryConditions();
    return alpha;
  }
  field::SurfaceScalarField velocityFlux() const {
    field::SurfaceScalarField phi("phi", mesh, io::DimensionSet{{0, 3, -1, 0, 0, 0, 0}});
    for (Label f = 0; f < mesh.nFaces(); ++f) phi[f] = dot(Vec3{1, 0, 0}, mesh.geometry().faceAreas[f]);
    return phi;
  }
  /// phi_f times the linear face value (central differencing, unbounded).
  field::SurfaceScalarField centralFlux(const field::VolScalarField& alpha, const field::SurfaceScalarField& phi) const {
    field::SurfaceScalarField flux("alphaPhi", mesh, phi.dimensions());
    const auto& owner = mesh.poly().owner();
    const auto& w = mesh.geometry().weights;
    for (Label f = 0; f < mesh.nFaces(); ++f) {
      const Label n = mesh.faceNeighbour(f);
      flux[f] = n >= 0 ? phi[f] * (w[f] * alpha[owner[f]] + (1 - w[f]) * alpha[n]) : phi[f] * alpha.boundaryValue(f);
    }
    return flux;
  }
  field::SurfaceScalarField upwindFlux(const field::VolScalarField& alpha, const field::SurfaceScalarField& phi) const {
    field::SurfaceScalarField flux("alphaPhiUD", mesh, phi.dimensions());
    const auto& owner = mesh.poly().owner();
    for (Label f = 0; f < mesh.nFaces(); ++f) {
      const Label n = mesh.faceNeighbour(f);
      flux[f] = n >= 0 ? phi[f] * (phi[f] >= 0 ? alpha[owner[f]] : alpha[n]) : phi[f] * alpha.boundaryValue(f);
    }
    return flux;
  }
  double integral(const field::VolScalarField& alpha) const {
    double s = 0;
    for (Label c = 0; c < mesh.nCells(); ++c) s += alpha[c] * mesh.cellVolumes()[c];
    return s;
  }
  /// psi = psi0 - dt div(flux) on owned cells, then ghosts and boundary values.
  void update(field::VolScalarField& alpha, const std::vector<double>& alpha0,
              const field::SurfaceScalarField& flux) const {
    const std::vector<double> div = fv::surfaceIntegrate<Scalar>(mesh, flux.values());
    for (Label c = 0; c < mesh.nCells(); ++c) alpha[c] = alpha0[c] - dt * div[c];
    alpha.correctBoundaryConditions();
  }
  std::vector<double> owned(const field::VolScalarField& alpha) const {
    return {alpha.values().begin(), alpha.values().begin() + mesh.nCells()};
  }

  fvtest::SerialMesh serial;
  const field::FvMesh& mesh;
  double dt = 0.01;  // Courant number 0.5
  int steps = 40;
};

struct Range {
  double min = 1, max = 0;
  void add(const field::VolScalarField& alpha, Label n) {
    for (Label c = 0; c < n; ++c) {
      min = std::min(min, alpha[c]);
      max = std::max(max, alpha[c]);
    }
  }
};

TEST(Mules, CentralFluxAloneLeavesTheBounds) {
  Advection a;
  field::VolScalarField alpha = a.step();
  const field::SurfaceScalarField phi = a.velocityFlux();
  Range range;
  for (int s = 0; s < a.steps; ++s) {
    a.update(alpha, a.owned(alpha), a.centralFlux(alpha, phi));
    range.add(alpha, a.mesh.nCells());
  }
  EXPECT_GT(range.max, 1.05);
  EXPECT_LT(range.min, -0.05);
}

TEST(Mules, ExplicitSolveKeepsTheStepBoundedAndConserved) {
  Advection a;
  field::VolScalarField alpha = a.step();
  const field::SurfaceScalarField phi = a.velocityFlux();
  const double initial = a.integral(alpha);
  vof::MulesSettings settings;
  Range range;
  for (int s = 0; s < a.steps; ++s) {
    const std::vector<double> alpha0 = a.owned(alpha);
    field::SurfaceScalarField alphaPhi = a.centralFlux(alpha, phi);
    vof::mules::explicitSolve(alpha, alpha0, phi, alphaPhi, a.dt, settings);
    range.add(alpha, a.mesh.nCells());
  }
  EXPECT_GE(range.min, -1e-12);
  EXPECT_LE(range.max, 1 + 1e-12);
  EXPECT_NEAR(a.integral(alpha), initial, 1e-13);
  // Sharper than upwind: the step keeps cells that are still full.
  EXPECT_GT(range.max, 0.99);
}

TEST(Mules, CorrectionOfAnUpwindSolutionKeepsTheStepBoundedAndConserved) {
  Advection a;
  field::VolScalarField alpha = a.step();
  const field::SurfaceScalarField phi = a.velocityFlux();
  const double initial = a.integral(alpha);
  vof::MulesSettings settings;
  Range range;
  for (int s = 0; s < a.steps; ++s) {
    // Bounded upwind predictor, then the limited correction towards the central flux.
    const field::SurfaceScalarField upwind = a.upwindFlux(alpha, phi);
    const field::SurfaceScalarField central = a.centralFlux(alpha, phi);
    a.update(alpha, a.owned(alpha), upwind);
    field::SurfaceScalarField correction("alphaPhiCorr", a.mesh, phi.dimensions());
    for (Label f = 0; f < a.mesh.nFaces(); ++f) correction[f] = central[f] - upwind[f];
    vof::mules::correct(alpha, central, correction, a.dt, settings);
    range.add(alpha, a.mesh.nCells());
  }
  EXPECT_GE(range.min, -1e-12);
  EXPECT_LE(range.max, 1 + 1e-12);
  EXPECT_NEAR(a.integral(alpha), initial, 1e-13);
}

TEST(Mules, LimiterLeavesAFluxThatNeedsNoLimitingAlone) {
  // A uniform field: the correction flux is the same on every face, no cell gains or loses.
  Advection a;
  field::VolScalarField alpha("alpha", a.mesh, io::DimensionSet{}, 0.5);
  alpha.correctBoundaryConditions();
  const field::SurfaceScalarField phi = a.velocityFlux();
  std::vector<double> correction(a.mesh.nFaces(), 0.0);
  for (Label f = 0; f < a.mesh.nFaces(); ++f) correction[f] = 0.1 * phi[f];
  const std::vector<double> lambda =
      vof::mules::limiter(alpha, a.owned(alpha), {}, correction, {}, a.dt, vof::MulesSettings{});
  for (Label f = 0; f < a.mesh.nFaces(); ++f)
    if (phi[f] != 0) {
      EXPECT_DOUBLE_EQ(lambda[f], 1.0) << f;
    }
}

}  // namespace
}  // namespace sluice
