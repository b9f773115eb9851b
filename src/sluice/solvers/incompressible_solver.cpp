#include "sluice/solvers/incompressible_solver.hpp"

#include <cmath>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/field/boundary_conditions.hpp"
#include "sluice/field/field_io.hpp"
#include "sluice/fv/flow_diagnostics.hpp"
#include "sluice/fv/fvc.hpp"
#include "sluice/fv/fvm.hpp"
#include "sluice/parallel/parallel_error.hpp"

namespace sluice::solvers {

namespace fs = std::filesystem;
using field::SurfaceScalarField;
using field::VolScalarField;
using field::VolVectorField;

namespace {

io::Dictionary readCaseFile(const RunContext& ctx, const std::string& name) {
  return io::Dictionary::readFile(ctx.caseDir / name, name);
}

// Kinematic viscosity from constant/transportProperties (`nu [0 2 -1 0 0 0 0] 0.01;` or `nu 0.01;`).
Scalar readViscosity(const RunContext& ctx) {
  const io::Dictionary dict = readCaseFile(ctx, "constant/transportProperties");
  const std::string model = dict.getOr<std::string>("transportModel", "Newtonian");
  if (model != "Newtonian")
    dict.fail(fmt::format("transportModel '{}' is not supported (supported: Newtonian)", model));
  const io::DimensionedScalar nu = dict.getDimensioned("nu");
  if (nu.dimensions && !(*nu.dimensions == io::DimensionSet{{0, 2, -1, 0, 0, 0, 0}}))
    dict.fail(fmt::format("nu has dimensions {}; expected [0 2 -1 0 0 0 0]", field::formatDimensions(*nu.dimensions)));
  if (!(nu.value > 0)) dict.fail(fmt::format("nu must be positive, found {}", nu.value));
  return nu.value;
}

// pimpleFoam reads constant/turbulenceProperties; only laminar is available.
void checkLaminar(const RunContext& ctx) {
  const fs::path file = ctx.caseDir / "constant/turbulenceProperties";
  if (!fs::exists(file)) return;
  const io::Dictionary dict = readCaseFile(ctx, "constant/turbulenceProperties");
  const std::string type = dict.getOr<std::string>("simulationType", "laminar");
  if (type != "laminar")
    dict.fail(fmt::format("simulationType '{}' is not supported yet (supported: laminar)", type));
}

Scalar relaxationFactor(const io::Dictionary& fvSolution, const char* section, const std::string& name,
                        Scalar fallback) {
  const io::Dictionary* factors = fvSolution.findSubDict("relaxationFactors");
  if (!factors) return fallback;
  if (const io::Dictionary* sub = factors->findSubDict(section)) return sub->getOr<Scalar>(name, fallback);
  return factors->getOr<Scalar>(name, fallback);  // older flat form
}

// A copy of `source` with every value (cells and boundary faces) replaced by its reciprocal.
VolScalarField reciprocal(VolScalarField source) {
  for (Scalar& v : source.values()) v = 1 / v;
  for (Scalar& v : source.boundaryValues()) v = 1 / v;
  return source;
}

// The face flux of U, named "phi" as the schemes refer to it (div(phi,U)).
SurfaceScalarField fluxNamedPhi(const VolVectorField& U) {
  SurfaceScalarField phi = fv::fvc::flux(U);
  phi.rename("phi");
  return phi;
}

}  // namespace

CouplingSettings readCouplingSettings(const io::Dictionary& fvSolution, PressureVelocityCoupling coupling) {
  const char* name = coupling == PressureVelocityCoupling::Piso ? "PISO" : "PIMPLE";
  const io::Dictionary& dict = fvSolution.subDict(name);
  CouplingSettings s;
  s.nCorrectors = dict.getOr<Label>("nCorrectors", 1);
  s.nNonOrthogonalCorrectors = dict.getOr<Label>("nNonOrthogonalCorrectors", 0);
  s.momentumPredictor = dict.getOr<bool>("momentumPredictor", true);
  if (coupling == PressureVelocityCoupling::Pimple) {
    s.nOuterCorrectors = dict.getOr<Label>("nOuterCorrectors", 1);
    s.pressureRelaxation = relaxationFactor(fvSolution, "fields", "p", 1);
    s.momentumRelaxation = relaxationFactor(fvSolution, "equations", "U", 1);
    s.momentumRelaxationFinal = relaxationFactor(fvSolution, "equations", "UFinal", 1);
  }
  if (s.nCorrectors < 1 || s.nOuterCorrectors < 1 || s.nNonOrthogonalCorrectors < 0)
    dict.fail(fmt::format("nCorrectors and nOuterCorrectors must be at least 1 and nNonOrthogonalCorrectors at least 0"));
  return s;
}

IncompressibleSolver::IncompressibleSolver(RunContext& context, PressureVelocityCoupling coupling)
    : ctx_(context),
      coupling_(coupling),
      fvSchemesDict_(readCaseFile(context, "system/fvSchemes")),
      fvSolutionDict_(readCaseFile(context, "system/fvSolution")),
      schemes_(fv::FvSchemes::read(fvSchemesDict_)),
      settings_(readCouplingSettings(fvSolutionDict_, coupling)),
      nu_(readViscosity(context)),
      time_(TimeControlSettings::read(context.controlDict, context.caseDir)),
      p_(field::readVolScalarField(context.caseDir, "p", time_.timeName(), context.mesh)),
      U_(field::readVolVectorField(context.caseDir, "U", time_.timeName(), context.mesh)),
      phi_(fluxNamedPhi(U_)),
      phiOld_(phi_),
      phiOldOld_(phi_),
      solvers_(fvSolutionDict_, context.comm, {}, context.verbose ? context.log : nullptr),
      vtk_(context.caseDir, context.caseName, context.mesh.poly(), context.mesh.globalCellIds(), context.comm),
      progress_(context.log, context.comm.isRoot()) {
  if (coupling_ == PressureVelocityCoupling::Pimple) checkLaminar(context);
  terms_ = {schemes_.ddt("ddt(U)"), schemes_.laplacian("laplacian(nu,U)"), schemes_.laplacian("laplacian((1|A(U)),p)"),
            schemes_.grad("grad(p)")};
  schemes_.div("div(phi,U)");
  field::expectDimensions(p_, io::DimensionSet{{0, 2, -2, 0, 0, 0, 0}}, time_.timeName() + "/p");
  field::expectDimensions(U_, io::DimensionSet{{0, 1, -1, 0, 0, 0, 0}}, time_.timeName() + "/U");
  // The linear solvers the steps will use (see predictMomentum and
  // correctPressure), created now so that a bad or missing fvSolution entry
  // is a start-up error on every rank rather than a failure in the first step.
  const bool piso = coupling_ == PressureVelocityCoupling::Piso;
  if (settings_.momentumPredictor) {
    if (piso || settings_.nOuterCorrectors > 1) solvers_.prepare("U");
    if (!piso) solvers_.prepare("UFinal");
  }
  if (settings_.nCorrectors > 1 || settings_.nNonOrthogonalCorrectors > 0 || settings_.nOuterCorrectors > 1)
    solvers_.prepare("p");
  solvers_.prepare("pFinal");
  const std::string couplingName = piso ? "PISO" : "PIMPLE";
  pRef_ = PressureReference::read(fvSolutionDict_.subDict(couplingName), p_, "system/fvSolution: " + couplingName);
  boundaryContext_.phi = &phi_;
  U_.setBoundaryContext(&boundaryContext_);
  p_.setBoundaryContext(&boundaryContext_);
  // The sampling mesh (its own geometry and a point locator) is built only
  // if a function object needs it. With global point ids: points on
  // processor boundaries are shared (cellPoint interpolation averages over
  // all ranks' cells around them).
  auto samplingMesh = [this]() -> const output::SamplingMesh& {
    if (!samplingMesh_) samplingMesh_ = std::make_unique<output::SamplingMesh>(ctx_.mesh.distributed());
    return *samplingMesh_;
  };
  functions_ = std::make_unique<output::FunctionObjects>(ctx_.controlDict, ctx_.caseDir, samplingMesh, ctx_.comm,
                                                         time_.value());
}

IncompressibleSolver::~IncompressibleSolver() = default;

int IncompressibleSolver::run() {
  auto& profile = ctx_.profile;
  const auto stepRegion = profile.region("time-step");
  const auto writeRegion = profile.region("io");
  {
    parallel::ScopedRegion r(profile, writeRegion);
    write();  // the initial state
  }
  while (time_.running()) {
    profile.beginStep();
    {
      parallel::ScopedRegion r(profile, stepRegion);
      advanceTime();
      for (int outer = 0; outer < settings_.nOuterCorrectors; ++outer)
        solveMomentumAndPressure(outer == settings_.nOuterCorrectors - 1, outer);
      checkFinite();
    }
    {
      parallel::ScopedRegion r(profile, writeRegion);
      if (time_.writeTime()) write();
      runFunctionObjects();
    }
    reportStep();
    profile.endStep();
  }
  progress_.finish();
  return 0;
}

void IncompressibleSolver::advanceTime() {
  const fv::CourantNumber co = fv::courantNumber(phi_, time_.deltaT());
  lastCourant_ = co.max;
  if (time_.settings().adjustTimeStep) {
    time_.adjustDeltaT(co.max);
  }
  time_.advance();
  solvers_.beginStep();
  if (ctx_.verbose && ctx_.comm.isRoot())
    fmt::print(ctx_.log, "Courant Number mean: {:.6g} max: {:.6g}\nTime = {}\n", co.mean, co.max, time_.timeName());
  U_.storeOldTime();
  phiOldOld_ = phiOld_;
  phiOld_ = phi_;
  U_.updateTime(time_.value());
  p_.updateTime(time_.value());
}

fv::FvMatrix<Vec3> IncompressibleSolver::assembleMomentum(bool finalOuter) {
  const fv::TimeStep step{time_.deltaT(), time_.deltaT0()};
  fv::FvMatrix<Vec3> UEqn = fv::fvm::ddt(U_, terms_.ddtU, step) + fv::fvm::div(phi_, U_, schemes_) -
                            fv::fvm::laplacian(nu_, U_, terms_.laplacianU);
  if (coupling_ == PressureVelocityCoupling::Pimple)
    UEqn.relax(finalOuter ? settings_.momentumRelaxationFinal : settings_.momentumRelaxation);
  return UEqn;
}

void IncompressibleSolver::predictMomentum(fv::FvMatrix<Vec3>& UEqn) {
  const VolVectorField gradP = fv::fvc::grad(p_, terms_.gradP);
  std::vector<Vec3> minusGradP(gradP.internal().begin(), gradP.internal().end());
  for (Vec3& g : minusGradP) g = -g;
  fv::FvMatrix<Vec3> withPressure = UEqn == minusGradP;
  withPressure.solve(U_, solvers_.solverFor(finalU_ ? "UFinal" : "U"));
}

void IncompressibleSolver::solveMomentumAndPressure(bool finalOuter, int /*outer*/) {
  finalU_ = coupling_ == PressureVelocityCoupling::Pimple && finalOuter;
  fv::FvMatrix<Vec3> UEqn = assembleMomentum(finalOuter);
  if (settings_.momentumPredictor) predictMomentum(UEqn);
  const VolScalarField pPrevious = p_;
  for (int corr = 0; corr < settings_.nCorrectors; ++corr)
    correctPressure(UEqn, finalOuter, corr == settings_.nCorrectors - 1);
  if (!finalOuter && settings_.pressureRelaxation < 1) {
    // Field relaxation of p between outer iterations (PIMPLE).
    const Scalar a = settings_.pressureRelaxation;
    auto& pv = p_.values();
    for (std::size_t i = 0; i < pv.size(); ++i) pv[i] = pPrevious.values()[i] + a * (pv[i] - pPrevious.values()[i]);
    p_.correctBoundaryConditions();
  }
}

void IncompressibleSolver::correctPressure(const fv::FvMatrix<Vec3>& UEqn, bool finalOuter, bool finalCorrector) {
  const field::FvMesh& mesh = ctx_.mesh;
  const fv::TimeStep step{time_.deltaT(), time_.deltaT0()};

  // rAU = 1/A and HbyA = rAU H, with HbyA's boundary values those of U on
  // patches where U is prescribed (OpenFOAM's constrainHbyA).
  const VolScalarField rAU = reciprocal(UEqn.A());
  VolVectorField HbyA = UEqn.H();
  for (std::size_t i = 0; i < HbyA.values().size(); ++i) HbyA.values()[i] *= rAU.values()[i];
  for (Label patch = 0; patch < mesh.nPatches(); ++patch) {
    const auto* bc = U_.boundaryCondition(patch);
    if (!bc) continue;  // coupled
    auto hb = HbyA.patchValues(patch);
    const auto ub = U_.patchValues(patch);
    const auto& pp = mesh.patches()[patch];
    for (Label i = 0; i < pp.size; ++i)
      hb[i] = bc->fixesValue() ? ub[i] : HbyA[mesh.poly().owner()[pp.start + i]];
  }

  // phiHbyA = flux(HbyA) + interpolate(rAU) ddtCorr(U, phi)
  SurfaceScalarField phiHbyA = fv::fvc::flux(HbyA);
  const SurfaceScalarField ddtCorr = fv::fvc::ddtCorr(U_, phiOld_, &phiOldOld_, terms_.ddtU, step);
  const auto rAUf = fv::fvc::interpolate(rAU);
  for (Label f = 0; f < mesh.nFaces(); ++f) phiHbyA[f] += rAUf[f] * ddtCorr[f];

  // fixedFluxPressure: the gradient that makes the corrected flux equal U's boundary flux.
  for (Label patch = 0; patch < mesh.nPatches(); ++patch) {
    auto* ffp = dynamic_cast<field::FixedFluxPressureBC*>(p_.boundaryCondition(patch));
    if (!ffp) continue;
    const auto& pp = mesh.patches()[patch];
    const auto& geo = mesh.geometry();
    std::vector<Scalar> gradient(pp.size);
    const auto ub = U_.patchValues(patch);
    for (Label i = 0; i < pp.size; ++i) {
      const Label f = pp.start + i;
      gradient[i] = (phiHbyA[f] - dot(ub[i], geo.faceAreas[f])) / (geo.faceAreaMags[f] * rAUf[f]);
    }
    ffp->setGradient(gradient);
  }

  const bool finalSolve = finalOuter && finalCorrector;
  for (int nonOrth = 0; nonOrth <= settings_.nNonOrthogonalCorrectors; ++nonOrth) {
    const bool lastNonOrth = nonOrth == settings_.nNonOrthogonalCorrectors;
    fv::FvMatrix<Scalar> pEqn = fv::fvm::laplacian(rAU, p_, terms_.laplacianP) ==
                                fv::fvc::div(phiHbyA);
    if (pRef_.needed()) pEqn.setReference(pRef_.localCell(), pRef_.value());
    pEqn.solve(p_, solvers_.solverFor(finalSolve && lastNonOrth ? "pFinal" : "p"));
    if (lastNonOrth) {
      const auto pFlux = pEqn.flux();
      for (Label f = 0; f < mesh.nFaces(); ++f) phi_[f] = phiHbyA[f] - pFlux[f];
    }
  }

  const fv::ContinuityErrors err = fv::continuityErrors(phi_, time_.deltaT());
  cumulativeContinuityError_ += err.global;
  if (ctx_.verbose && ctx_.comm.isRoot())
    fmt::print(ctx_.log, "time step continuity errors : sum local = {:.6g}, global = {:.6g}, cumulative = {:.6g}\n",
               err.sumLocal, err.global, cumulativeContinuityError_);

  // U = HbyA - rAU grad(p)
  const VolVectorField gradP = fv::fvc::grad(p_, terms_.gradP);
  for (Label c = 0; c < mesh.nCells(); ++c) U_[c] = HbyA[c] - rAU[c] * gradP[c];
  U_.correctBoundaryConditions();
}

void IncompressibleSolver::checkFinite() {
  // 0: all finite, 1: p is not, 2: U is not (the first bad cell decides).
  int local = 0;
  for (Label c = 0; c < ctx_.mesh.nCells() && local == 0; ++c) {
    const Vec3& u = U_[c];
    if (!std::isfinite(p_[c]))
      local = 1;
    else if (!(std::isfinite(u.x) && std::isfinite(u.y) && std::isfinite(u.z)))
      local = 2;
  }
  // One small reduction per step, so every rank stops together.
  const int badField = ctx_.comm.max(local);
  if (badField == 0) return;
  const std::string field = badField == 1 ? "p" : "U";
  const std::string kept = lastWrittenTime_ >= 0 ? fmt::format("the last good output is time {} in VTK/",
                                                               time_.timeName(lastWrittenTime_))
                                                 : "no output was written";
  throw parallel::CollectiveError(fmt::format("{} is not finite at time step {} (time {}): the run diverged; {}",
                                              field, time_.timeIndex(), time_.timeName(), kept));
}

void IncompressibleSolver::write() {
  vtk_.beginTime(time_.value());
  vtk_.addCellField("p", std::span<const double>(p_.values()));
  vtk_.addCellField("U", std::span<const Vec3>(U_.values()));
  vtk_.addBoundaryField("p", std::span<const double>(p_.boundaryValues().data(), p_.boundaryValues().size()));
  vtk_.addBoundaryField("U", std::span<const Vec3>(U_.boundaryValues().data(), U_.boundaryValues().size()));
  vtk_.endTime();
  lastWrittenTime_ = time_.value();
}

void IncompressibleSolver::runFunctionObjects() {
  if (functions_->size() == 0) return;
  output::TimeState state{time_.value(), time_.deltaT(), static_cast<long>(time_.timeIndex()), time_.writeTime(),
                          time_.timeName()};
  auto flat = [](const auto& values) {
    return std::span<const double>(reinterpret_cast<const double*>(values.data()),
                                   values.size() * (sizeof(values[0]) / sizeof(double)));
  };
  functions_->execute(state, [&](const std::string& name) -> std::optional<output::SampledField> {
    if (name == "p") return output::SampledField{1, flat(p_.values()), flat(p_.boundaryValues())};
    if (name == "U") return output::SampledField{3, flat(U_.values()), flat(U_.boundaryValues())};
    return std::nullopt;
  });
}

void IncompressibleSolver::reportStep() {
  if (!ctx_.comm.isRoot()) return;
  if (ctx_.verbose) {
    std::string line = "Residuals:";
    for (const auto& [name, perf] : solvers_.firstInStep())
      line += fmt::format(" {} {:.3g} ({} it)", name, perf.initialResidual, solvers_.lastPerformance().at(name).iterations);
    fmt::print(ctx_.log, "{}\n\n", line);
  }
  progress_.update(time_.value(), time_.progress(), time_.timeIndex());
}

}  // namespace sluice::solvers
