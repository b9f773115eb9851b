#include "sluice/fv/convection_scheme.hpp"

#include <algorithm>
#include <cmath>

#include "sluice/fv/face_loops.hpp"
#include "sluice/fv/fvc_grad.hpp"
#include "sluice/fv/value_ops.hpp"

namespace sluice::fv {

Scalar limitedLinearLimiter(Scalar r, Scalar k) {
  const Scalar twoByk = 2.0 / std::max(k, kSmall);
  return std::max(std::min(twoByk * r, 1.0), 0.0);
}

Scalar vanLeerLimiter(Scalar r) { return (r + std::abs(r)) / (1 + std::abs(r)); }

namespace {

Scalar signOf(Scalar s) { return s >= 0 ? 1.0 : -1.0; }

/// r from the face difference and the upwind cell's extrapolated difference
/// (OpenFOAM's NVD/TVD form). Where the two cells are equal (gradf == 0) the
/// face value does not depend on the limiter; r is then taken as large
/// (limiter 1), independent of the face's orientation, so that both sides of
/// a processor face assemble the same coefficients.
Scalar ratio(Scalar gradf, Scalar gradcf) {
  if (gradf == 0) return 2 * 1000 - 1;
  if (std::abs(gradcf) >= 1000 * std::abs(gradf)) return 2 * 1000 * signOf(gradcf) * signOf(gradf) - 1;
  return 2 * (gradcf / gradf) - 1;
}

/// The cell on the other side of each internal or coupled face (-1 elsewhere).
std::vector<Label> farCells(const field::FvMesh& mesh) {
  std::vector<Label> far(mesh.nFaces(), -1);
  const auto& neighbour = mesh.poly().neighbour();
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) far[f] = neighbour[f];
  forEachBoundaryFace(mesh, [&](Label f, BoundaryFaceKind kind, Label) {
    if (kind == BoundaryFaceKind::Coupled) far[f] = mesh.faceGhost(f);
  });
  return far;
}

Scalar upwindWeight(Scalar flux) { return flux >= 0 ? 1.0 : 0.0; }

Scalar limiterOf(const DivScheme& scheme, Scalar r) {
  return scheme.kind == DivKind::vanLeer ? vanLeerLimiter(r) : limitedLinearLimiter(r, scheme.coeff);
}

/// TVD weights from a scalar measure of the field (the field itself, or |v|^2 for vectors).
void scalarLimitedWeights(const field::FvMesh& mesh, std::span<const Scalar> phi, std::span<const Scalar> cells,
                          std::span<const Scalar> boundary, const DivScheme& scheme, const std::vector<Label>& far,
                          std::vector<Scalar>& weights) {
  const std::vector<Vec3> gradc = gradient<Scalar>(mesh, cells, boundary, GradScheme{});
  const auto& geo = mesh.geometry();
  const auto& owner = mesh.poly().owner();
  for (Label f = 0; f < mesh.nFaces(); ++f) {
    const Label N = far[f];
    if (N < 0) continue;
    const Label P = owner[f];
    const Scalar gradcf = dot(geo.delta(f, P, N), phi[f] > 0 ? gradc[P] : gradc[N]);
    const Scalar limiter = limiterOf(scheme, ratio(cells[N] - cells[P], gradcf));
    weights[f] = limiter * geo.weights[f] + (1 - limiter) * upwindWeight(phi[f]);
  }
}

/// limitedLinearV: one limiter per face from the direction of the largest change.
void vectorLimitedWeights(const field::FvMesh& mesh, std::span<const Scalar> phi, std::span<const Vec3> cells,
                          std::span<const Vec3> boundary, const DivScheme& scheme, const std::vector<Label>& far,
                          std::vector<Scalar>& weights) {
  const std::vector<Tensor> gradc = gradient<Vec3>(mesh, cells, boundary, GradScheme{});
  const auto& geo = mesh.geometry();
  const auto& owner = mesh.poly().owner();
  for (Label f = 0; f < mesh.nFaces(); ++f) {
    const Label N = far[f];
    if (N < 0) continue;
    const Label P = owner[f];
    const Vec3 gradfV = cells[N] - cells[P];
    const Scalar gradcf = dot(gradfV, dot(geo.delta(f, P, N), phi[f] > 0 ? gradc[P] : gradc[N]));
    const Scalar limiter = limiterOf(scheme, ratio(dot(gradfV, gradfV), gradcf));
    weights[f] = limiter * geo.weights[f] + (1 - limiter) * upwindWeight(phi[f]);
  }
}

}  // namespace

template <class T>
ConvectionInterpolation<T> convectionInterpolation(const field::FvMesh& mesh, std::span<const Scalar> phi,
                                                   std::span<const T> cells, std::span<const T> boundary,
                                                   const DivScheme& scheme, const GradScheme& gradScheme) {
  ConvectionInterpolation<T> ci;
  const auto& geo = mesh.geometry();
  ci.weights = geo.weights;
  const std::vector<Label> far = farCells(mesh);
  switch (scheme.kind) {
    case DivKind::linear:
      break;
    case DivKind::upwind:
      for (Label f = 0; f < mesh.nFaces(); ++f) ci.weights[f] = upwindWeight(phi[f]);
      break;
    case DivKind::linearUpwind: {
      for (Label f = 0; f < mesh.nFaces(); ++f) ci.weights[f] = upwindWeight(phi[f]);
      const std::vector<GradType<T>> g = gradient<T>(mesh, cells, boundary, gradScheme);
      const auto centres = mesh.cellCentres();
      const auto& owner = mesh.poly().owner();
      const auto faceCentres = mesh.faceCentres();
      ci.correction.assign(mesh.nFaces(), T{});
      for (Label f = 0; f < mesh.nFaces(); ++f) {
        const Label N = far[f];
        if (N < 0) continue;
        const Label up = phi[f] > 0 ? owner[f] : N;
        ci.correction[f] = alongDirection(faceCentres[f] - centres[up], g[up]);
      }
      break;
    }
    case DivKind::limitedLinear:
    case DivKind::vanLeer:
    case DivKind::limitedLinearV:
      if constexpr (std::is_same_v<T, Scalar>) {
        scalarLimitedWeights(mesh, phi, cells, boundary, scheme, far, ci.weights);
      } else if (scheme.kind == DivKind::limitedLinearV) {
        vectorLimitedWeights(mesh, phi, cells, boundary, scheme, far, ci.weights);
      } else {
        std::vector<Scalar> c2(cells.size()), b2(boundary.size());
        for (std::size_t i = 0; i < cells.size(); ++i) c2[i] = magSqr(cells[i]);
        for (std::size_t i = 0; i < boundary.size(); ++i) b2[i] = magSqr(boundary[i]);
        scalarLimitedWeights(mesh, phi, c2, b2, scheme, far, ci.weights);
      }
      break;
  }
  return ci;
}

template ConvectionInterpolation<Scalar> convectionInterpolation(const field::FvMesh&, std::span<const Scalar>,
                                                                 std::span<const Scalar>, std::span<const Scalar>,
                                                                 const DivScheme&, const GradScheme&);
template ConvectionInterpolation<Vec3> convectionInterpolation(const field::FvMesh&, std::span<const Scalar>,
                                                               std::span<const Vec3>, std::span<const Vec3>,
                                                               const DivScheme&, const GradScheme&);

}  // namespace sluice::fv
