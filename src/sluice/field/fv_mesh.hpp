#pragma once
// The finite-volume view of one rank's mesh: topology, geometry, ghost cells
// and how to fill them. Built once at start-up from a DistributedMesh (a
// serial run is a one-rank DistributedMesh).
//
// Local cell numbering: owned cells 0..nCells()-1, then ghost cells
// nCells()..nLocalCells()-1: first the processor ghosts (copies of neighbour
// ranks' cells, in DistributedMesh order), then one cyclic ghost per cyclic
// face (a copy of the partner face's owner cell, on this rank; its centre
// translated to sit across this face). Processor and cyclic faces are the
// "coupled" faces: boundary faces whose far side is a ghost cell. Geometry on
// coupled faces (weights, deltas) is computed with the ghost centre, exactly
// as for an internal face, so interpolation and laplacians treat them alike.
//
//   FvMesh mesh(std::move(distributed), comm);            // collective (exchanges ghost centres)
//   std::vector<Scalar> p(mesh.nLocalCells());
//   mesh.updateGhosts(std::span(p), 1);                   // processor ghosts by halo exchange,
//                                                         // cyclic ghosts by local copy
//   mesh.startGhostUpdate(std::span(p), 1); ...interior work...; mesh.finishGhostUpdate();
//   for (Label f = mesh.nInternalFaces(); f < mesh.nFaces(); ++f)
//     if (Label g = mesh.faceGhost(f); g >= 0) { /* coupled face: neighbour value p[g] */ }
#include <memory>
#include <span>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/mesh/poly_mesh.hpp"
#include "sluice/parallel/communicator.hpp"
#include "sluice/parallel/distributed_mesh.hpp"
#include "sluice/linear/ldu_matrix.hpp"
#include "sluice/parallel/halo_exchange.hpp"

namespace sluice::field {

class FvMesh : public linear::GhostUpdater {
 public:
  /// Collective over `comm` (which must outlive the FvMesh): computes
  /// geometry, exchanges ghost cell centres and volumes, pairs cyclic faces
  /// (InputError naming the patch if a cyclic pair does not match).
  FvMesh(parallel::DistributedMesh distributed, parallel::Communicator& comm);
  ~FvMesh() override;

  /// Matrix addressing of this mesh (shared by all its matrices).
  std::shared_ptr<const linear::LduAddressing> addressing() const;

  const mesh::PolyMesh& poly() const;
  const mesh::MeshGeometry& geometry() const;     ///< owned cells; coupled faces use ghost centres
  parallel::Communicator& comm() const;

  Label nCells() const;          ///< owned cells
  Label nGhostCells() const;     ///< processor + cyclic ghosts
  Label nLocalCells() const { return nCells() + nGhostCells(); }
  Label nFaces() const;
  Label nInternalFaces() const;
  GlobalLabel nGlobalCells() const;

  /// Centres and volumes of all local cells, ghosts included.
  std::span<const Vec3> cellCentres() const;
  std::span<const Scalar> cellVolumes() const;
  /// Global id of every local cell (ghosts: the id of the cell they copy).
  std::span<const GlobalLabel> globalCellIds() const;

  /// Ghost cell across boundary face `face`, or -1 if the face is not coupled.
  Label faceGhost(Label face) const;
  bool isCoupled(Label face) const { return faceGhost(face) >= 0; }
  /// Patch index of a boundary face (-1 for internal faces).
  Label facePatch(Label face) const;

  /// Fills ghost entries of a local-cell array with `components` values per
  /// cell. One update in flight at a time.
  void startGhostUpdate(std::span<double> values, int components) override;
  void finishGhostUpdate() override;
  void updateGhosts(std::span<double> values, int components) {
    startGhostUpdate(values, components);
    finishGhostUpdate();
  }
  void updateGhosts(std::vector<Scalar>& values) { updateGhosts(std::span<double>(values), 1); }
  void updateGhosts(std::vector<Vec3>& values) {
    updateGhosts(std::span<double>(reinterpret_cast<double*>(values.data()), 3 * values.size()), 3);
  }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sluice::field
