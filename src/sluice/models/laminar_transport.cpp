#include "sluice/models/laminar_transport.hpp"

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/fv/fvc_tensor.hpp"
#include "sluice/fv/fvm_laplacian.hpp"
#include "sluice/io/dictionary.hpp"

namespace sluice::models {

namespace fs = std::filesystem;

namespace {

const char* const kStressTerm = "div((nuEff*dev2(T(grad(U)))))";
const char* const kRhoStressTerm = "div(((rho*nuEff)*dev2(T(grad(U)))))";

/// The explicit stress term's scheme must be Gauss linear (what fvc::div of a tensor field does).
void checkStressScheme(const fv::FvSchemes& schemes, const char* term) {
  const fv::DivScheme stress = schemes.div(term);
  if (stress.kind != fv::DivKind::linear || stress.bounded)
    throw InputError(fmt::format("system/fvSchemes: divSchemes/{}: '{}' is not supported for the viscous stress term "
                                 "(supported: Gauss linear)",
                                 term, stress.text));
}

}  // namespace

LaminarTransport LaminarTransport::read(const fs::path& caseDir, Scalar nu) {
  const fs::path file = caseDir / "constant/turbulenceProperties";
  if (!fs::exists(file)) return LaminarTransport(nu);
  const io::Dictionary dict = io::Dictionary::readFile(file, "constant/turbulenceProperties");
  if (dict.found("simulationType"))
    dict.getSupported("simulationType", {"laminar"});
  if (const io::Dictionary* laminar = dict.findSubDict("laminar")) {
    const char* key = laminar->found("laminarModel") || !laminar->found("model") ? "laminarModel" : "model";
    if (!laminar->found(key)) laminar->fail("missing 'laminarModel'");
    laminar->getSupported(key, {"Stokes", "Newtonian"});
  }
  return LaminarTransport(nu);
}

void LaminarTransport::checkSchemes(const fv::FvSchemes& schemes) const {
  checkStressScheme(schemes, kStressTerm);
  schemes.laplacian("laplacian(nuEff,U)");
  schemes.grad("grad(U)");
}

void LaminarTransport::checkRhoSchemes(const fv::FvSchemes& schemes) {
  checkStressScheme(schemes, kRhoStressTerm);
  schemes.laplacian("laplacian((rho*nuEff),U)");
  schemes.grad("grad(U)");
}

fv::FvMatrix<Vec3> LaminarTransport::divDevReff(const field::VolVectorField& U, const fv::FvSchemes& schemes) const {
  const field::FvMesh& mesh = U.mesh();
  // nuEff dev2(T(grad(U))), cells and boundary faces, then its divergence (Gauss linear).
  fv::TensorFieldValues stress = fv::fvc::gradField(U, schemes.grad("grad(U)"));
  for (fv::Tensor& t : stress.cells) t = nu_ * fv::dev2(fv::transpose(t));
  for (fv::Tensor& t : stress.boundary) t = nu_ * fv::dev2(fv::transpose(t));
  const field::VolVectorField explicitPart = fv::fvc::div(mesh, stress, kStressTerm);
  fv::FvMatrix<Vec3> m = -fv::fvm::laplacian(nu_, "nuEff", U, schemes);
  m -= explicitPart;
  return m;
}

}  // namespace sluice::models

namespace sluice::models {

fv::FvMatrix<Vec3> LaminarTransport::divDevRhoReff(const field::VolScalarField& rhoNuEff,
                                                   const field::VolVectorField& U, const fv::FvSchemes& schemes) {
  const field::FvMesh& mesh = U.mesh();
  fv::TensorFieldValues stress = fv::fvc::gradField(U, schemes.grad("grad(U)"));
  for (std::size_t c = 0; c < stress.cells.size(); ++c)
    stress.cells[c] = rhoNuEff.values()[c] * fv::dev2(fv::transpose(stress.cells[c]));
  const auto bvals = rhoNuEff.boundaryValues();
  for (std::size_t b = 0; b < stress.boundary.size(); ++b)
    stress.boundary[b] = bvals[b] * fv::dev2(fv::transpose(stress.boundary[b]));
  const field::VolVectorField explicitPart = fv::fvc::div(mesh, stress, kRhoStressTerm);
  fv::FvMatrix<Vec3> m = -fv::fvm::laplacian(rhoNuEff, U, schemes);
  m -= explicitPart;
  return m;
}

}  // namespace sluice::models
