#include "sluice/fv/fvc_sn_grad.hpp"

#include <algorithm>

#include "sluice/fv/face_loops.hpp"
#include "sluice/fv/fvc_grad.hpp"
#include "sluice/fv/term_names.hpp"
#include "sluice/fv/value_ops.hpp"
#include "sluice/parallel/comm_profile.hpp"

namespace sluice::fv {

SnGradDeltaCoeffs snGradDeltaCoeffs(const field::FvMesh& mesh, const SnGradScheme& scheme) {
  return {&mesh.geometry(), scheme.kind == SnGradKind::orthogonal};
}

template <class T>
std::vector<T> snGradCorrection(const field::FvMesh& mesh, std::span<const T> cells, std::span<const T> boundary,
                                const SnGradScheme& scheme, const GradScheme& gradScheme) {
  // On a mesh orthogonal up to rounding the correction is rounding noise:
  // not computed, nor the gradient it needs (as with `uncorrected`).
  if (!scheme.hasCorrection() || mesh.orthogonalUpToRounding()) return {};
  const std::vector<GradType<T>> g = gradient<T>(mesh, cells, boundary, gradScheme);
  const auto& geo = mesh.geometry();
  const std::span<const Vec3> corrVec = mesh.nonOrthCorrectionVectors();
  const auto& owner = mesh.poly().owner();
  const auto& neighbour = mesh.poly().neighbour();
  const bool limited = scheme.kind == SnGradKind::limited && scheme.limitCoeff < 1;
  const Scalar psi = scheme.limitCoeff;
  std::vector<T> corr(mesh.nFaces(), T{});
  auto faceCorrection = [&](Label f, Label N) {
    const Scalar w = geo.weights[f];
    const GradType<T> gf = w * g[owner[f]] + (1 - w) * g[N];
    T c = alongDirection(corrVec[f], gf);
    if (limited) {
      const T orth = geo.nonOrthDeltaCoeff(f) * (cells[N] - cells[owner[f]]);
      const Scalar limiter = std::min(psi * magnitude(orth) / ((1 - psi) * magnitude(c) + kSmall), 1.0);
      c *= limiter;
    }
    corr[f] = c;
  };
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) faceCorrection(f, neighbour[f]);
  forEachBoundaryFace(mesh, [&](Label f, BoundaryFaceKind kind, Label) {
    if (kind == BoundaryFaceKind::Coupled) faceCorrection(f, mesh.faceGhost(f));
  });
  return corr;
}

template std::vector<Scalar> snGradCorrection(const field::FvMesh&, std::span<const Scalar>, std::span<const Scalar>,
                                              const SnGradScheme&, const GradScheme&);
template std::vector<Vec3> snGradCorrection(const field::FvMesh&, std::span<const Vec3>, std::span<const Vec3>,
                                            const SnGradScheme&, const GradScheme&);

namespace fvc {

template <field::FieldValueType T>
field::SurfaceField<T> snGrad(const field::VolField<T>& vf, const SnGradScheme& scheme, const GradScheme& gradScheme) {
  const parallel::ScopedPhase phase(vf.mesh().comm().profile(), parallel::Phase::GradientsFluxes);
  const field::FvMesh& mesh = vf.mesh();
  field::SurfaceField<T> result("snGrad(" + vf.name() + ")", mesh, dimsQuotient(vf.dimensions(), dimsLength(1)));
  const SnGradDeltaCoeffs deltaCoeffs = snGradDeltaCoeffs(mesh, scheme);
  const auto& owner = mesh.poly().owner();
  const auto& neighbour = mesh.poly().neighbour();
  const std::vector<T>& v = vf.values();
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) result[f] = deltaCoeffs[f] * (v[neighbour[f]] - v[owner[f]]);
  forEachBoundaryFace(mesh, [&](Label f, BoundaryFaceKind kind, Label) {
    if (kind == BoundaryFaceKind::Coupled) result[f] = deltaCoeffs[f] * (v[mesh.faceGhost(f)] - v[owner[f]]);
  });
  forEachRegularPatch(mesh, [&](Label patch, Label start, Label size) {
    const PatchCoeffs<T> c = gradientCoeffs(vf, patch);
    for (Label i = 0; i < size; ++i) result[start + i] = cmptMultiply(c.internal[i], v[owner[start + i]]) + c.boundary[i];
  });
  const std::vector<T> corr = snGradCorrection<T>(mesh, v, vf.boundaryValues(), scheme, gradScheme);
  for (std::size_t f = 0; f < corr.size(); ++f) result[static_cast<Label>(f)] += corr[f];
  return result;
}

template <field::FieldValueType T>
field::SurfaceField<T> snGrad(const field::VolField<T>& vf, const FvSchemes& schemes) {
  const SnGradScheme scheme = schemes.snGrad(snGradTerm(vf));
  return snGrad(vf, scheme, scheme.hasCorrection() ? schemes.grad(gradTerm(vf)) : GradScheme{});
}

template field::SurfaceField<Scalar> snGrad(const field::VolField<Scalar>&, const FvSchemes&);
template field::SurfaceField<Vec3> snGrad(const field::VolField<Vec3>&, const FvSchemes&);
template field::SurfaceField<Scalar> snGrad(const field::VolField<Scalar>&, const SnGradScheme&, const GradScheme&);
template field::SurfaceField<Vec3> snGrad(const field::VolField<Vec3>&, const SnGradScheme&, const GradScheme&);

}  // namespace fvc
}  // namespace sluice::fv
