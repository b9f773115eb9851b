#pragma once
// The interface between the two phases, as OpenFOAM's interfaceProperties:
// the face unit normal flux nHatf, the curvature K, the surface tension
// force, the wall contact angle, the compression coefficient cAlpha.
//
//   gradAlpha_f = interpolate(grad(alpha1))                   (grad scheme "nHat")
//   nHatfv      = gradAlpha_f / (|gradAlpha_f| + deltaN),     deltaN = 1e-8 / cbrt(mean cell volume)
//   on constantAlphaContactAngle walls nHatfv is turned to meet the wall at
//   theta0 and the condition's gradient set to (n_wall . nHatfv) |gradAlpha_f|
//   nHatf       = nHatfv . Sf
//   K           = -div(nHatf)
//   surface tension force (per face) = interpolate(sigma K) snGrad(alpha1)   (CSF)
//
//   InterfaceProperties interface(cAlpha, sigma, mesh);    // collective (mean cell volume)
//   interface.correct(alpha1, schemes);                    // after each change of alpha1; collective
//   const std::vector<Scalar>& nHatf = interface.nHatf();
//   field::SurfaceScalarField fst = interface.surfaceTensionForce(alpha1, schemes);
#include <vector>

#include "sluice/field/surface_field.hpp"
#include "sluice/field/vol_field.hpp"
#include "sluice/fv/fv_schemes.hpp"

namespace sluice::vof {

class InterfaceProperties {
 public:
  InterfaceProperties(Scalar cAlpha, Scalar sigma, const field::FvMesh& mesh);

  Scalar cAlpha() const { return cAlpha_; }
  Scalar sigma() const { return sigma_; }

  /// Recomputes nHatf and K from alpha1 (OpenFOAM's calculateK), setting the
  /// gradient of alpha1's contact-angle conditions and re-evaluating them.
  /// Collective (gradient ghosts).
  void correct(field::VolScalarField& alpha1, const fv::FvSchemes& schemes);

  /// Interface normal flux per face (zero on empty faces).
  const std::vector<Scalar>& nHatf() const { return nHatf_; }
  /// Curvature, cells (ghosts current) and boundary values.
  const field::VolScalarField& K() const { return K_; }

  /// interpolate(sigma K) snGrad(alpha1) per face (N/m3 scaled: the force per
  /// unit volume's face-normal component). Collective.
  field::SurfaceScalarField surfaceTensionForce(const field::VolScalarField& alpha1,
                                                const fv::FvSchemes& schemes) const;

  /// 1 in cells with 0.01 <= alpha1 <= 0.99, else 0 (owned cells).
  static std::vector<Scalar> nearInterface(const field::VolScalarField& alpha1);

 private:
  Scalar cAlpha_, sigma_, deltaN_;
  std::vector<Scalar> nHatf_;
  field::VolScalarField K_;
};

}  // namespace sluice::vof
