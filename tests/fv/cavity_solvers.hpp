#pragma once
// A lid-driven cavity advanced by simpleFoam's SIMPLE algorithm (laminar,
// v1912 form), built from the fv operators and the linear module's solvers:
// an end-to-end test of the fv module (H, A, flux, relax with the equation
// and field factors, setReference, the viscous dev2 term, continuity
// errors) against simpleFoam's numbers. It stays here because sluice has no
// simpleFoam solver class yet; icoFoam and pimpleFoam are tested through
// their real solver class (tests/solvers).
//
//   fvtest::SimpleCavity steady(mesh, simpleSettings);
//   steady.iterate();                                  // collective
//   steady.U, steady.p, steady.phi, steady.lastContinuity
#include <map>
#include <memory>
#include <string>

#include "fv/fv_test_support.hpp"
#include "sluice/fv/flow_diagnostics.hpp"
#include "sluice/fv/fvc_tensor.hpp"
#include "sluice/fv/fvc.hpp"
#include "sluice/fv/fvm.hpp"
#include "sluice/linear/linear_solver.hpp"
#include "sluice/linear/solver_registry.hpp"

namespace sluice::fvtest {

struct SimpleSettings {
  double nu = 0.01;
  double lidSpeed = 1.0;
  double alphaU = 0.7;  ///< equation relaxation of U
  double alphaP = 0.3;  ///< field relaxation of p
  double tolerance = 1e-14;
  fv::SnGradKind snGrad = fv::SnGradKind::corrected;
  fv::DivScheme div = boundedLinearUpwind();

  static fv::DivScheme boundedLinearUpwind() {
    fv::DivScheme d;
    d.kind = fv::DivKind::linearUpwind;
    d.bounded = true;
    return d;
  }
};

/// simpleFoam (laminar, Newtonian): bounded Gauss linearUpwind grad(U) for
/// div(phi,U), the divDevReff viscous term, SIMPLE with relaxation.
class SimpleCavity {
 public:
  SimpleCavity(const field::FvMesh& mesh, SimpleSettings settings)
      : U("U", mesh, io::DimensionSet{{0, 1, -1, 0, 0, 0, 0}}),
        p("p", mesh, io::DimensionSet{{0, 2, -2, 0, 0, 0, 0}}),
        phi("phi", mesh, io::DimensionSet{{0, 3, -1, 0, 0, 0, 0}}),
        nuEff("nuEff", mesh, io::DimensionSet{{0, 2, -1, 0, 0, 0, 0}}, settings.nu),
        settings_(settings),
        mesh_(mesh),
        registry_(linear::SolverRegistry::standard()) {
    for (Label patch = 0; patch < mesh.nPatches(); ++patch) {
      if (mesh.patchKind(patch) != field::PatchKind::Regular) continue;
      const Label n = mesh.patches()[patch].size;
      const Vec3 wall = patch == 3 ? Vec3{settings.lidSpeed, 0, 0} : Vec3{};
      U.setBoundaryCondition(patch, std::make_unique<field::FixedValueBC<Vec3>>(patch, std::vector<Vec3>(n, wall)));
      p.setBoundaryCondition(patch, std::make_unique<field::ZeroGradientBC<Scalar>>(patch));
    }
    U.correctBoundaryConditions();
    p.correctBoundaryConditions();
    nuEff.correctBoundaryConditions();
    phi.values() = fv::fvc::flux(U).values();
    for (Label c = 0; c < mesh.nCells(); ++c)
      if (mesh.globalCellIds()[c] == 0) refCell_ = c;
    for (const char* name : {"p", "Ux", "Uy", "Uz"}) {
      linear::SolverSettings s;
      s.context = "test";
      s.solver = name[0] == 'p' ? "PCG" : "PBiCGStab";
      s.preconditioner = name[0] == 'p' ? "DIC" : "DILU";
      s.tolerance = settings.tolerance;
      s.maxIter = 2000;
      solvers_[name] = registry_.create(s, linear::SolverEnvironment{&mesh.comm(), name, {}});
    }
    lap_.snGrad.kind = settings.snGrad;
  }

  void iterate() {
    const std::vector<Scalar> pPrev(p.values().begin(), p.values().end());
    // viscous term: - div(nuEff dev2(T(grad U))) - laplacian(nuEff, U)
    fv::TensorFieldValues t = fv::fvc::gradField(U);
    for (Label c = 0; c < mesh_.nLocalCells(); ++c) t.cells[c] = nuEff[c] * fv::dev2(fv::transpose(t.cells[c]));
    for (Label b = 0; b < mesh_.nBoundaryFaces(); ++b)
      t.boundary[b] = nuEff.boundaryValues()[b] * fv::dev2(fv::transpose(t.boundary[b]));
    const field::VolVectorField explicitStress = fv::fvc::div(mesh_, t, "div((nuEff*dev2(T(grad(U)))))");

    fv::FvMatrix<Vec3> UEqn = fv::fvm::div(phi, U, settings_.div) - explicitStress - fv::fvm::laplacian(nuEff, U, lap_);
    UEqn.relax(settings_.alphaU);
    const field::VolVectorField gradP = fv::fvc::grad(p);
    std::vector<Vec3> minusGradP(gradP.internal().begin(), gradP.internal().end());
    for (Vec3& g : minusGradP) g = -g;
    (UEqn == minusGradP).solve(U, solve_);

    field::VolScalarField rAU = UEqn.A();
    for (Scalar& v : rAU.values()) v = 1.0 / v;
    for (Scalar& v : rAU.boundaryValues()) v = 1.0 / v;
    rAU.rename("(1|A(U))");
    field::VolVectorField HbyA = UEqn.H();
    for (Label c = 0; c < mesh_.nLocalCells(); ++c) HbyA[c] *= rAU[c];
    for (Label f = mesh_.nInternalFaces(); f < mesh_.nFaces(); ++f)
      if (mesh_.patchKind(mesh_.facePatch(f)) == field::PatchKind::Regular) HbyA.boundaryValue(f) = U.boundaryValue(f);
    field::SurfaceScalarField phiHbyA("phiHbyA", mesh_, phi.dimensions());
    phiHbyA.values() = fv::fvc::flux(HbyA).values();

    fv::FvMatrix<Scalar> pEqn = fv::fvm::laplacian(rAU, p, lap_) == fv::fvc::div(phiHbyA);
    pEqn.setReference(refCell_, 0.0);
    pEqn.solve(p, solve_);
    const field::SurfaceScalarField pFlux = pEqn.flux();
    for (Label f = 0; f < mesh_.nFaces(); ++f) phi[f] = phiHbyA[f] - pFlux[f];
    lastContinuity = fv::continuityErrors(phi, 1.0);

    for (Label c = 0; c < mesh_.nCells(); ++c) p[c] = pPrev[c] + settings_.alphaP * (p[c] - pPrev[c]);
    p.correctBoundaryConditions();
    const field::VolVectorField gradP2 = fv::fvc::grad(p);
    for (Label c = 0; c < mesh_.nCells(); ++c) U[c] = HbyA[c] - rAU[c] * gradP2[c];
    U.correctBoundaryConditions();
  }

  field::VolVectorField U;
  field::VolScalarField p;
  field::SurfaceScalarField phi;
  field::VolScalarField nuEff;
  fv::ContinuityErrors lastContinuity;

 private:
  SimpleSettings settings_;
  const field::FvMesh& mesh_;
  linear::SolverRegistry registry_;
  std::map<std::string, std::unique_ptr<linear::LinearSolver>> solvers_;
  fv::LaplacianScheme lap_;
  Label refCell_ = -1;
  fv::ScalarSolveFn solve_ = [this](const linear::LduMatrix& A, std::span<double> x, std::span<const double> b,
                                    linear::GhostUpdater& ghosts, const std::string& name) {
    solvers_.at(name)->solve(A, x, b, ghosts);
  };
};

}  // namespace sluice::fvtest
