#include "sluice/fv/flux_reconstruction.hpp"

#include "sluice/fv/face_loops.hpp"
#include "sluice/fv/sym_tensor.hpp"
#include "sluice/parallel/comm_profile.hpp"

namespace sluice::fv {

namespace {

/// Calls add(cell, face) for each face of each owned cell in one fixed order
/// (internal faces for their owner then their neighbour, then the boundary
/// faces), the order both sums are accumulated in.
template <class Add>
void forEachCellFace(const field::FvMesh& mesh, Add&& add) {
  const auto& owner = mesh.poly().owner();
  const auto& neighbour = mesh.poly().neighbour();
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) {
    add(owner[f], f);
    add(neighbour[f], f);  // (-Sf)(-Sf) and (-Sf)(-phi): the same contributions
  }
  forEachBoundaryFace(mesh, [&](Label f, BoundaryFaceKind, Label) { add(owner[f], f); });
}

}  // namespace

FluxReconstruction::FluxReconstruction(const field::FvMesh& mesh) : mesh_(&mesh) {
  const parallel::ScopedPhase phase(mesh.comm().profile(), parallel::Phase::GradientsFluxes);
  const auto& geo = mesh.geometry();
  std::vector<SymTensor> m(mesh.nCells());
  forEachCellFace(mesh, [&](Label c, Label f) { m[c].addOuter(geo.faceAreas[f], 1.0 / geo.faceAreaMag(f)); });
  inverse_.resize(m.size());
  for (std::size_t c = 0; c < m.size(); ++c) {
    const Tensor inv = inverseDroppingEmpty(m[c]);  // symmetric: its upper triangle holds it
    inverse_[c] = {inv(0, 0), inv(0, 1), inv(0, 2), inv(1, 1), inv(1, 2), inv(2, 2)};  // SymTensor's order
  }
}

field::VolVectorField FluxReconstruction::reconstruct(const field::SurfaceScalarField& phi) const {
  const field::FvMesh& mesh = *mesh_;
  const parallel::ScopedPhase phase(mesh.comm().profile(), parallel::Phase::GradientsFluxes);
  const auto& geo = mesh.geometry();
  std::vector<Vec3> rhs(mesh.nCells());
  forEachCellFace(mesh, [&](Label c, Label f) { rhs[c] += geo.faceAreas[f] * (phi[f] / geo.faceAreaMag(f)); });
  field::VolVectorField result("reconstruct(" + phi.name() + ")", mesh, dimsQuotient(phi.dimensions(), dimsLength(2)));
  for (Label c = 0; c < mesh.nCells(); ++c) result[c] = dot(inverse_[c], rhs[c]);
  const auto& owner = mesh.poly().owner();
  auto bvals = result.boundaryValues();
  for (Label f = mesh.nInternalFaces(); f < mesh.nFaces(); ++f) bvals[f - mesh.nInternalFaces()] = result[owner[f]];
  result.correctBoundaryConditions();
  return result;
}

}  // namespace sluice::fv
