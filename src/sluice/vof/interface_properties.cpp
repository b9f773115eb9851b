#include "sluice/vof/interface_properties.hpp"

#include <cmath>
#include <numbers>

#include "sluice/field/boundary/alpha_contact_angle.hpp"
#include "sluice/fv/fvc_div.hpp"
#include "sluice/fv/fvc_grad.hpp"
#include "sluice/fv/fvc_interpolate.hpp"
#include "sluice/fv/fvc_sn_grad.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::vof {

namespace {

/// 1e-8 over the cube root of the mean cell volume (OpenFOAM's deltaN).
Scalar deltaN(const field::FvMesh& mesh) {
  std::array<double, 2> sums{0, static_cast<double>(mesh.nCells())};
  const auto volumes = mesh.cellVolumes();
  for (Label c = 0; c < mesh.nCells(); ++c) sums[0] += volumes[c];
  mesh.comm().sumInPlace(sums);
  return 1e-8 / std::cbrt(sums[0] / sums[1]);
}

}  // namespace

InterfaceProperties::InterfaceProperties(Scalar cAlpha, Scalar sigma, const field::FvMesh& mesh)
    : cAlpha_(cAlpha),
      sigma_(sigma),
      deltaN_(deltaN(mesh)),
      nHatf_(mesh.nFaces(), 0.0),
      K_("interfaceProperties:K", mesh, io::DimensionSet{{0, -1, 0, 0, 0, 0, 0}}) {}

void InterfaceProperties::correct(field::VolScalarField& alpha1, const fv::FvSchemes& schemes) {
  const field::FvMesh& mesh = alpha1.mesh();
  const auto& geo = mesh.geometry();
  const Label nInternal = mesh.nInternalFaces();
  const field::VolVectorField gradAlpha = fv::fvc::grad(alpha1, schemes.grad("nHat"));
  const field::SurfaceVectorField gradAlphaf = fv::fvc::interpolate(gradAlpha);

  std::vector<Vec3> nHatfv(mesh.nFaces());
  for (Label f = 0; f < mesh.nFaces(); ++f) nHatfv[f] = gradAlphaf[f] / (mag(gradAlphaf[f]) + deltaN_);

  // Contact angle: turn the wall face normal to meet the wall at theta0.
  for (Label p = 0; p < mesh.nPatches(); ++p) {
    auto* cac = dynamic_cast<field::AlphaContactAngleBC*>(alpha1.boundaryCondition(p));
    if (!cac) continue;
    const mesh::Patch& patch = mesh.patches()[p];
    const Scalar theta = cac->theta0() * std::numbers::pi / 180.0;
    std::vector<Scalar> gradient(patch.size);
    for (Label i = 0; i < patch.size; ++i) {
      const Label f = patch.start + i;
      const Vec3 nf = geo.unitNormal(f);
      Vec3& nHatp = nHatfv[f];
      const Scalar a12 = dot(nHatp, nf);
      const Scalar b1 = std::cos(theta);
      const Scalar b2 = std::cos(std::acos(a12) - theta);
      const Scalar det = 1.0 - a12 * a12;
      const Scalar a = (b1 - a12 * b2) / det;
      const Scalar b = (b2 - a12 * b1) / det;
      nHatp = a * nf + b * nHatp;
      nHatp = nHatp / (mag(nHatp) + deltaN_);
      gradient[i] = dot(nf, nHatp) * mag(gradAlphaf[f]);
    }
    cac->setGradient(gradient);
    // Only this patch is evaluated (OpenFOAM's acap.evaluate()): the gradient
    // limit depends on how often a condition is evaluated.
    cac->evaluate(mesh, alpha1.values(), alpha1.patchValues(p));
  }

  for (Label f = 0; f < mesh.nFaces(); ++f) nHatf_[f] = dot(nHatfv[f], geo.faceAreas[f]);

  // K = -div(nHatf): cells, ghosts exchanged, boundary values from the owner cells.
  const std::vector<Scalar> divN = fv::surfaceIntegrate<Scalar>(mesh, nHatf_);
  for (Label c = 0; c < mesh.nCells(); ++c) K_[c] = -divN[c];
  mesh.updateGhosts(std::span<Scalar>(K_.values()));
  const auto& owner = mesh.poly().owner();
  auto kb = K_.boundaryValues();
  for (Label f = nInternal; f < mesh.nFaces(); ++f) kb[f - nInternal] = K_[owner[f]];
}

field::SurfaceScalarField InterfaceProperties::surfaceTensionForce(const field::VolScalarField& alpha1,
                                                                   const fv::FvSchemes& schemes) const {
  const field::FvMesh& mesh = alpha1.mesh();
  field::VolScalarField sigmaK = K_;
  for (Scalar& v : sigmaK.values()) v *= sigma_;
  for (Scalar& v : sigmaK.boundaryValues()) v *= sigma_;
  const field::SurfaceScalarField sigmaKf = fv::fvc::interpolate(sigmaK);
  field::SurfaceScalarField force = fv::fvc::snGrad(alpha1, schemes);
  force.rename("surfaceTensionForce");
  for (Label f = 0; f < mesh.nFaces(); ++f) force[f] *= sigmaKf[f];
  return force;
}

std::vector<Scalar> InterfaceProperties::nearInterface(const field::VolScalarField& alpha1) {
  std::vector<Scalar> near(alpha1.mesh().nCells());
  for (Label c = 0; c < alpha1.mesh().nCells(); ++c) near[c] = (alpha1[c] >= 0.01 && alpha1[c] <= 0.99) ? 1 : 0;
  return near;
}

}  // namespace sluice::vof
