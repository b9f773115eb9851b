#include "sluice/fv/fvc_tensor.hpp"

#include "sluice/fv/face_loops.hpp"
#include "sluice/fv/fvc_div.hpp"
#include "sluice/fv/fvc_grad.hpp"

namespace sluice::fv::fvc {

TensorFieldValues gradField(const field::VolVectorField& U, const GradScheme& scheme) {
  const field::FvMesh& mesh = U.mesh();
  TensorFieldValues t;
  t.cells = gradient<Vec3>(mesh, U.values(), U.boundaryValues(), scheme);
  t.boundary.assign(mesh.nBoundaryFaces(), Tensor{});
  const auto& geo = mesh.geometry();
  const auto& owner = mesh.poly().owner();
  const Label nInternal = mesh.nInternalFaces();
  forEachBoundaryFace(mesh, [&](Label f, BoundaryFaceKind kind, Label) {
    if (kind == BoundaryFaceKind::Coupled) {
      const Scalar w = geo.weights[f];
      t.boundary[f - nInternal] = w * t.cells[owner[f]] + (1 - w) * t.cells[mesh.faceGhost(f)];
    }
  });
  forEachRegularPatch(mesh, [&](Label patch, Label start, Label size) {
    const PatchCoeffs<Vec3> c = gradientCoeffs(U, patch);
    // On symmetry patches (constraint types) the gradient field's own
    // condition first makes the value symmetric: (T + R T R^T) / 2 with the
    // reflection R = I - 2 n n, as OpenFOAM evaluates it before correcting
    // the normal derivative.
    const bool symmetric = field::isSymmetryType(mesh.patches()[patch].type);
    for (Label i = 0; i < size; ++i) {
      const Label f = start + i;
      const Vec3 n = geo.unitNormal(f);
      Tensor tb = t.cells[owner[f]];
      if (symmetric) {
        tb = 0.5 * (tb + transform(Tensor::identity() - 2.0 * outer(n, n), tb));
      }
      const Vec3 snGrad = cmptMultiply(c.internal[i], U[owner[f]]) + c.boundary[i];
      t.boundary[f - nInternal] = tb + outer(n, snGrad - dot(n, tb));
    }
  });
  return t;
}

field::VolVectorField div(const field::FvMesh& mesh, const TensorFieldValues& t, std::string name) {
  const auto& geo = mesh.geometry();
  const auto& owner = mesh.poly().owner();
  const auto& neighbour = mesh.poly().neighbour();
  const Label nInternal = mesh.nInternalFaces();
  std::vector<Vec3> faceFlux(mesh.nFaces());
  for (Label f = 0; f < nInternal; ++f) {
    const Scalar w = geo.weights[f];
    faceFlux[f] = dot(geo.faceAreas[f], Tensor(w * t.cells[owner[f]] + (1 - w) * t.cells[neighbour[f]]));
  }
  forEachBoundaryFace(mesh, [&](Label f, BoundaryFaceKind kind, Label) {
    const Scalar w = geo.weights[f];
    const Tensor tf = kind == BoundaryFaceKind::Coupled ? w * t.cells[owner[f]] + (1 - w) * t.cells[mesh.faceGhost(f)]
                                                        : t.boundary[f - nInternal];
    faceFlux[f] = dot(geo.faceAreas[f], tf);
  });
  const std::vector<Vec3> owned = surfaceIntegrate<Vec3>(mesh, faceFlux);
  field::VolVectorField result(std::move(name), mesh, io::DimensionSet{});
  std::copy(owned.begin(), owned.end(), result.values().begin());
  auto bvals = result.boundaryValues();
  for (Label f = nInternal; f < mesh.nFaces(); ++f) bvals[f - nInternal] = owned[owner[f]];
  result.correctBoundaryConditions();
  return result;
}

}  // namespace sluice::fv::fvc
