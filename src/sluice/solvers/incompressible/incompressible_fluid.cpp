#include "sluice/solvers/incompressible/incompressible_fluid.hpp"

#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "sluice/field/field_io.hpp"
#include "sluice/fv/fvc_interpolate.hpp"
#include "sluice/models/viscosity.hpp"
#include "sluice/solvers/case_features.hpp"

namespace sluice::solvers {

namespace fs = std::filesystem;

IncompressibleFluid::IncompressibleFluid(RunContext& context, Application application)
    : FluidSolver(context, application == Application::icoFoam ? Algorithm::Piso : Algorithm::Pimple),
      application_(application) {
  const bool pimpleFoam = application == Application::pimpleFoam;
  const std::string appName = pimpleFoam ? "pimpleFoam" : "icoFoam";
  const bool root = context.comm.isRoot();
  auto warn = [root](const std::string& message) {
    if (root) std::cerr << "warning: " << message << '\n';
  };

  nu_ = models::readKinematicViscosity(context.caseDir, {.requireTransportModel = pimpleFoam});
  if (pimpleFoam) {
    rejectUnsupportedCaseFeatures(context.caseDir, appName);
    transport_ = models::LaminarTransport::read(context.caseDir, nu_);
    transport_->checkSchemes(schemes_);
  }

  // The fields: p and U from the start time's files, phi = flux(U) (OpenFOAM's createPhi).
  const std::string timeName = fieldFolder();  // the start time's folder (a restart: its snapshot's)
  field::VolScalarField p = field::readVolScalarField(context.caseDir, "p", timeName, context.mesh);
  field::VolVectorField U = field::readVolVectorField(context.caseDir, "U", timeName, context.mesh);
  field::expectDimensions(p, io::DimensionSet{{0, 2, -2, 0, 0, 0, 0}}, timeName + "/p");
  field::expectDimensions(U, io::DimensionSet{{0, 1, -1, 0, 0, 0, 0}}, timeName + "/U");
  field::SurfaceScalarField phi = fv::fvc::flux(U);
  phi.rename("phi");
  const field::VolVectorField& Ur = fields().add(std::move(U), {.write = true, .oldTimes = true});
  const field::VolScalarField& pr = fields().add(std::move(p), {.write = true});
  fields().add(std::move(phi), {.oldTimes = true});

  // Every scheme and linear solver the steps use, looked up now so that a
  // missing or bad entry is a start-up error on every rank alike.
  schemes_.ddt("ddt(U)");
  if (const fv::DivScheme div = schemes_.div("div(phi,U)"); div.kind == fv::DivKind::linearUpwind)
    schemes_.grad(div.gradTerm);
  if (!pimpleFoam) schemes_.laplacian("laplacian(nu,U)");
  schemes_.grad("grad(p)");
  const PimpleSettings& s = pimple_.settings();
  pressureLaplacian_ = s.consistent ? "laplacian((1|max(((1|(1|A(U)))-H(1)),(0.1|(1|A(U))))),p)"
                                    : "laplacian((1|A(U)),p)";
  schemes_.laplacian(pressureLaplacian_);
  if (s.consistent) schemes_.snGrad("snGrad(p)");
  if (s.momentumPredictor) {
    if (!pimpleFoam || s.nOuterCorrectors > 1) solvers_.prepare("U");
    if (pimpleFoam) solvers_.prepare("UFinal");
  }
  if (s.nCorrectors > 1 || s.nNonOrthogonalCorrectors > 0) solvers_.prepare("p");
  solvers_.prepare("pFinal");

  pRef_ = pressure::PressureReference::read(pimple_.dict(), pr, fmt::format("system/fvSolution: {}", pimple_.name()));

  if (pimpleFoam) {
    fvOptions_ = fv_options::FvOptions::read(context.caseDir, context.mesh, timeName, warn,
                                             [this](const std::string& line) { log(line); });
    fvOptions_.checkFields({Ur.name()}, appName);
  } else {
    for (const char* file : {"constant/fvOptions", "system/fvOptions"})
      if (fs::exists(context.caseDir / file))
        warn(fmt::format("{} is not read: icoFoam applies no fvOptions (as OpenFOAM's icoFoam); use pimpleFoam",
                         file));
  }
  finishSetup();
}

IncompressibleFluid::~IncompressibleFluid() = default;

}  // namespace sluice::solvers
