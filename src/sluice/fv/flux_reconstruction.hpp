#pragma once
// OpenFOAM's reconstruct with its mesh part kept: cell vectors from face
// fluxes, inv(sum_f Sf Sf / |Sf|) . sum_f Sf phi_f / |Sf| over each cell's
// non-empty faces (the empty direction of a 2D mesh gets zero). The inverse
// tensors depend on the mesh alone, so they are computed once (48 B per
// owned cell) and a reconstruct sums only the fluxes: the same bits as
// fvc::reconstruct, which makes them every time.
//
//   const fv::FluxReconstruction reconstruction(mesh);   // once (local, not collective)
//   VolVectorField v = reconstruction.reconstruct(phi);  // collective: ghosts exchanged
//
// The mesh must outlive the object.
#include <vector>

#include "sluice/field/fv_mesh.hpp"
#include "sluice/field/surface_field.hpp"
#include "sluice/field/vol_field.hpp"
#include "sluice/fv/sym_tensor.hpp"

namespace sluice::fv {

class FluxReconstruction {
 public:
  explicit FluxReconstruction(const field::FvMesh& mesh);

  /// Named "reconstruct(<phi's name>)"; boundary values from the owner
  /// cells; ghosts exchanged.
  field::VolVectorField reconstruct(const field::SurfaceScalarField& phi) const;

 private:
  const field::FvMesh* mesh_;
  /// Per owned cell, the symmetric inverse.
  std::vector<SymTensor> inverse_;
};

}  // namespace sluice::fv
