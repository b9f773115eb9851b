#include "sluice/solvers/incompressible_vof/incompressible_vof.hpp"

#include <filesystem>
#include <limits>

#include <fmt/format.h>

#include "sluice/field/field_io.hpp"
#include "sluice/field/value_wise.hpp"
#include "sluice/fv/flow_diagnostics.hpp"
#include "sluice/fv/fvc.hpp"
#include "sluice/fv/fvm.hpp"
#include "sluice/fv/value_ops.hpp"
#include "sluice/models/laminar_transport.hpp"
#include "sluice/solvers/case_features.hpp"

namespace sluice::solvers {

namespace fs = std::filesystem;
using field::SurfaceScalarField;
using field::VolScalarField;
using field::VolVectorField;

namespace {

const io::DimensionSet kPressure{{1, -1, -2, 0, 0, 0, 0}};
const io::DimensionSet kVelocity{{0, 1, -1, 0, 0, 0, 0}};
const io::DimensionSet kDimless{{0, 0, 0, 0, 0, 0, 0}};
const io::DimensionSet kDensity{{1, -3, 0, 0, 0, 0, 0}};

/// The initial volume fraction must lie in [0, 1] (within 1e-6): the same
/// InputError on every rank, naming the first offending cell of the case files.
void checkInitialFraction(const VolScalarField& alpha, const std::string& file) {
  const field::FvMesh& mesh = alpha.mesh();
  constexpr Scalar tol = 1e-6;
  long long first = std::numeric_limits<long long>::max();
  Scalar value = 0;
  const auto ids = mesh.fileCellIds();
  for (Label c = 0; c < mesh.nCells(); ++c)
    if ((alpha[c] < -tol || alpha[c] > 1 + tol) && static_cast<long long>(ids[c]) < first) {
      first = static_cast<long long>(ids[c]);
      value = alpha[c];
    }
  const long long bad = mesh.comm().min(first);
  if (bad == std::numeric_limits<long long>::max()) return;
  value = mesh.comm().sum(first == bad ? value : 0.0);
  throw InputError(fmt::format("{}: internalField: cell {} has {} = {:.9g}, outside [0, 1] (a volume fraction)",
                               file, bad, alpha.name(), value));
}

}  // namespace

IncompressibleVoF::IncompressibleVoF(RunContext& context)
    : FluidSolver(context, Algorithm::Pimple),
      mixture_(vof::TwoPhaseMixture::read(context.caseDir)),
      alphaName_(mixture_.alpha1Name()),
      alphaControls_(vof::AlphaControls::read(fvSolutionDict_, alphaName_)),
      gravity_(vof::Gravity::read(context.caseDir)),
      maxAlphaCo_(context.controlDict.get<Scalar>("maxAlphaCo")),
      interface_(alphaControls_.cAlpha, mixture_.sigma(), context.mesh),
      nu_("nu", context.mesh, io::DimensionSet{{0, 2, -1, 0, 0, 0, 0}}),
      gh_(gravity_.gh(context.mesh)),
      ghf_(gravity_.ghf(context.mesh)) {
  {
    const auto volumes = context.mesh.cellVolumes();
    Scalar local = 0;
    for (Label c = 0; c < context.mesh.nCells(); ++c) local += volumes[c];
    totalVolume_ = context.comm.sum(local);
  }
  prePredictorRegion_ = "alpha-predictor";
  if (!(maxAlphaCo_ > 0)) context.controlDict.fail(fmt::format("maxAlphaCo must be positive, found {}", maxAlphaCo_));
  for (const char* file : {"constant/fvOptions", "system/fvOptions"})
    if (fs::exists(context.caseDir / file))
      throw InputError(fmt::format("{}: interFoam in sluice applies no fvOptions yet; remove the file to run "
                                   "without them",
                                   file));
  rejectUnsupportedCaseFeatures(context.caseDir, "interFoam");
  models::LaminarTransport::read(context.caseDir, 1.0);  // only laminar Stokes momentum transport

  const field::FvMesh& mesh = context.mesh;
  const std::string timeName = fieldFolder();  // the start time's folder (a restart: its snapshot's)
  VolScalarField p_rgh = field::readVolScalarField(context.caseDir, "p_rgh", timeName, mesh);
  VolVectorField U = field::readVolVectorField(context.caseDir, "U", timeName, mesh);
  VolScalarField alpha = field::readVolScalarField(context.caseDir, alphaName_, timeName, mesh);
  field::expectDimensions(p_rgh, kPressure, timeName + "/p_rgh");
  field::expectDimensions(U, kVelocity, timeName + "/U");
  field::expectDimensions(alpha, kDimless, timeName + "/" + alphaName_);
  checkInitialFraction(alpha, timeName + "/" + alphaName_);

  SurfaceScalarField phi = fv::fvc::flux(U);
  phi.rename("phi");
  fields().add(std::move(alpha), {.write = true, .oldTimes = true});
  fields().add(std::move(U), {.write = true, .oldTimes = true});
  fields().add(std::move(p_rgh), {.write = true});
  fields().add(std::move(phi), {.oldTimes = true});
  fields().add(VolScalarField("rho", mesh, kDensity), {.oldTimes = true});
  fields().add(VolScalarField("p", mesh, kPressure), {.write = true});
  const io::DimensionSet kMassFlux{{1, 0, -1, 0, 0, 0, 0}};
  fields().add(SurfaceScalarField("rhoPhi", mesh, kMassFlux));
  fields().add(SurfaceScalarField("alphaPhi0." + mixture_.phase1().name, mesh, io::DimensionSet{{0, 3, -1, 0, 0, 0, 0}}));
  pRef_ = pressure::PressureReference::read(pimple_.dict(), fields().get<VolScalarField>("p_rgh"),
                                            fmt::format("system/fvSolution: {}", pimple_.name()));

  // Every scheme and linear solver the stages use, looked up now so that a
  // missing or bad entry is a start-up error on every rank alike.
  if (const fv::DdtScheme ddt = schemes_.ddt("ddt(alpha)"); ddt.kind != fv::DdtKind::Euler)
    throw InputError(fmt::format("system/fvSchemes: ddtSchemes: '{}' is not supported for interFoam (supported: "
                                 "Euler)",
                                 ddt.text));
  schemes_.ddt("ddt(rho,U)");
  schemes_.div("div(phi,alpha)");
  schemes_.div("div(phirb,alpha)");
  if (const fv::DivScheme div = schemes_.div("div(rhoPhi,U)"); div.kind == fv::DivKind::linearUpwind)
    schemes_.grad(div.gradTerm);
  models::LaminarTransport::checkRhoSchemes(schemes_);
  schemes_.grad("nHat");
  schemes_.laplacian("laplacian(rAUf,p_rgh)");
  schemes_.laplacian("laplacian(rAUf,pcorr)");
  const PimpleSettings& s = pimple_.settings();
  if (alphaControls_.mulesCorr) {
    solvers_.prepare(alphaName_ + "Final");
    if (s.nOuterCorrectors > 1) solvers_.prepare(alphaName_);
  }
  if (s.momentumPredictor) {
    solvers_.prepare("UFinal");
    if (s.nOuterCorrectors > 1) solvers_.prepare("U");
  }
  if (s.nCorrectors > 1 || s.nNonOrthogonalCorrectors > 0) solvers_.prepare("p_rgh");
  solvers_.prepare("p_rghFinal");
  solvers_.prepare("pcorrFinal");
  if (s.nNonOrthogonalCorrectors > 0) solvers_.prepare("pcorr");

  finishSetup();  // conditions linked: derived fields can be evaluated

  // As OpenFOAM's createFields: the interface (its contact angles set
  // alpha's wall values), rho from them, rhoPhi = rho_f phi, p = p_rgh + rho gh
  // (with the reference level), alphaPhi = alpha_f phi; then the start-up
  // flux projection.
  correctMixture();
  updateDensity();
  {
    const SurfaceScalarField rhof = fv::fvc::interpolate(fields().get<VolScalarField>("rho"));
    const SurfaceScalarField& phi0 = fields().get<SurfaceScalarField>("phi");
    SurfaceScalarField& rhoPhi = fields().modify<SurfaceScalarField>("rhoPhi");
    for (Label f = 0; f < mesh.nFaces(); ++f) rhoPhi[f] = rhof[f] * phi0[f];
  }
  updatePressure();
  {
    const SurfaceScalarField alphaf = fv::fvc::interpolate(fields().get<VolScalarField>(alphaName_));
    const SurfaceScalarField& phi0 = fields().get<SurfaceScalarField>("phi");
    SurfaceScalarField& alphaPhi = fields().modify<SurfaceScalarField>("alphaPhi0." + mixture_.phase1().name);
    for (Label f = 0; f < mesh.nFaces(); ++f) alphaPhi[f] = alphaf[f] * phi0[f];
  }
  correctInitialFlux();
}

IncompressibleVoF::~IncompressibleVoF() = default;

void IncompressibleVoF::updateDensity() {
  field::combineWith(fields().modify<VolScalarField>("rho"), fields().get<VolScalarField>(alphaName_),
                     [this](Scalar, Scalar alpha) { return mixture_.rho(alpha); });
}

void IncompressibleVoF::correctMixture() {
  field::combineWith(nu_, fields().get<VolScalarField>(alphaName_),
                     [this](Scalar, Scalar alpha) { return mixture_.nu(alpha); });
  interface_.correct(fields().modify<VolScalarField>(alphaName_), schemes_);
}

const fv::FluxReconstruction& IncompressibleVoF::fluxReconstruction() {
  if (!reconstruction_) reconstruction_.emplace(ctx_.mesh);
  return *reconstruction_;
}

VolScalarField IncompressibleVoF::rhoNuEff() const {
  VolScalarField result = fields().get<VolScalarField>("rho");
  result.rename("(rho*nuEff)");
  result.setDimensions(io::DimensionSet{{1, -1, -1, 0, 0, 0, 0}});
  field::combineWith(result, nu_, [](Scalar rho, Scalar nu) { return rho * nu; });
  return result;
}

PhaseFractionStats IncompressibleVoF::phaseFractionStats() const {
  const VolScalarField& alpha = fields().get<VolScalarField>(alphaName_);
  const field::FvMesh& mesh = alpha.mesh();
  const auto volumes = mesh.cellVolumes();
  Scalar sum = 0;
  Scalar lo = std::numeric_limits<Scalar>::max(), hi = std::numeric_limits<Scalar>::lowest();
  for (Label c = 0; c < mesh.nCells(); ++c) {
    sum += alpha[c] * volumes[c];
    lo = std::min(lo, alpha[c]);
    hi = std::max(hi, alpha[c]);
  }
  const std::array<double, 3> r = mesh.comm().sumMinMax(sum, lo, hi);
  return PhaseFractionStats{r[0] / totalVolume_, r[0], r[1], r[2]};
}

void IncompressibleVoF::logPhaseFraction() {
  const PhaseFractionStats s = lastStats_ = phaseFractionStats();
  log(fmt::format("Phase-1 volume fraction = {:.6g}  Min({}) = {:.6g}  Max({}) = {:.6g}", s.volumeFraction,
                  alphaName_, s.min, alphaName_, s.max));
}

Scalar IncompressibleVoF::deltaTFactor(const fv::CourantNumber& co) {
  // The interface Courant number: only cells near the interface count.
  const field::FvMesh& mesh = ctx_.mesh;
  const std::vector<Scalar> sumMagPhi = fv::sumMagFlux(fields().get<SurfaceScalarField>("phi"));
  const std::vector<Scalar> near = vof::InterfaceProperties::nearInterface(fields().get<VolScalarField>(alphaName_));
  const auto volumes = mesh.cellVolumes();
  Scalar maxRatio = 0, sum = 0;
  for (Label c = 0; c < mesh.nCells(); ++c) {
    maxRatio = std::max(maxRatio, near[c] * sumMagPhi[c] / volumes[c]);
    sum += near[c] * sumMagPhi[c];
  }
  const std::array<double, 3> r = mesh.comm().sumMinMax(sum, 0.0, maxRatio);
  const Scalar dt = time_.deltaT();
  const Scalar alphaCoMax = 0.5 * r[2] * dt;
  const Scalar alphaCoMean = 0.5 * r[0] / totalVolume_ * dt;
  log(fmt::format("Interface Courant Number mean: {:.6g} max: {:.6g}", alphaCoMean, alphaCoMax));
  noteStepFigure("interfaceCoMax", alphaCoMax);
  return std::min(FluidSolver::deltaTFactor(co), maxAlphaCo_ / (alphaCoMax + fv::kSmall));
}

}  // namespace sluice::solvers
