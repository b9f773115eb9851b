#pragma once
// Face interpolation of a transported field for the convection term
// div(phi, v), per divScheme. The face value on internal and coupled faces is
//   v_f = w v_P + (1 - w) v_N + correction
// with these weights w (owner side) and explicit corrections:
//   linear          w = geometric weight
//   upwind          w = 1 if phi >= 0 else 0
//   linearUpwind    w = upwind; correction = (C_f - C_upwind) . grad(v)_upwind, the
//                   gradient by the scheme named in the div scheme (deferred correction)
//   limitedLinear k, vanLeer   TVD limiter psi(r) as weights (as OpenFOAM, no deferred
//                   correction): w = psi w_linear + (1 - psi) w_upwind, with
//                   r = 2 (d . grad(v)_upwind) / (v_N - v_P) - 1 (Gauss linear gradient),
//                   psi = max(min(2 r / k, 1), 0) for limitedLinear, (r + |r|)/(1 + |r|)
//                   for vanLeer; vector fields are limited on |v|^2 (one limiter per face);
//                   where v_N = v_P the limiter is 1 (the face value does not depend on
//                   it; this keeps both sides of a processor face consistent)
//   limitedLinearV k  vectors: r from the direction of the largest change,
//                   r = 2 ((v_N - v_P) . (d . grad v)_upwind) / |v_N - v_P|^2 - 1
//                   (scalars: as limitedLinear)
// The weights depend on the current field (non-linear schemes), so a matrix
// built from them is a Picard linearisation, as in OpenFOAM.
//
//   ConvectionInterpolation<Vec3> ci = convectionInterpolation<Vec3>(mesh, phi, U.values(), U.boundaryValues(),
//                                                                    scheme, gradScheme);
//   Scalar w = ci.weights[f];            // internal and coupled faces
//   if (!ci.correction.empty()) ... ci.correction[f];
#include <span>
#include <vector>

#include "sluice/field/fv_mesh.hpp"
#include "sluice/fv/fv_schemes.hpp"

namespace sluice::fv {

template <class T>
struct ConvectionInterpolation {
  std::vector<Scalar> weights;  ///< per face (meaningful on internal and coupled faces)
  std::vector<T> correction;    ///< per face, or empty when the scheme has none
};

/// Collective when the scheme needs gradients (linearUpwind, limited schemes).
/// `phi` has one value per face; `cells` nLocalCells values (ghosts current);
/// `boundary` one value per boundary face.
template <class T>
ConvectionInterpolation<T> convectionInterpolation(const field::FvMesh& mesh, std::span<const Scalar> phi,
                                                   std::span<const T> cells, std::span<const T> boundary,
                                                   const DivScheme& scheme, const GradScheme& gradScheme);

/// The limiter functions (exposed for tests): psi(r).
Scalar limitedLinearLimiter(Scalar r, Scalar k);
Scalar vanLeerLimiter(Scalar r);

}  // namespace sluice::fv
