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
// coupled faces (weights, delta()) is computed with the ghost centre, exactly
// as for an internal face, so interpolation and laplacians treat them alike.
//
//   FvMesh mesh(std::move(distributed), comm);            // collective (exchanges ghost centres)
//   std::vector<Scalar> p(mesh.nLocalCells());
//   mesh.updateGhosts(std::span(p), 1);                   // processor ghosts by halo exchange,
//                                                         // cyclic ghosts by local copy
//   mesh.startGhostUpdate(std::span(p), 1); ...interior work...; mesh.finishGhostUpdate();
//   for (Label f = mesh.nInternalFaces(); f < mesh.nFaces(); ++f)
//     if (Label g = mesh.faceGhost(f); g >= 0) { /* coupled face: neighbour value p[g] */ }
//
// Patches: every patch of the undecomposed mesh is present on every rank (in
// the same order, possibly with no faces), then the processor patches.
// Operators loop over patches and use patchKind(): Regular patches have a
// boundary condition, Empty patches (2D front/back) contribute nothing,
// Cyclic and Processor patches are coupled (faceGhost >= 0).
//
// Empty faces: the mesh moves the faces of empty patches behind all others
// (PolyMesh::moveEmptyFacesLast) and its finite-volume view stops before
// them: nFaces() counts the other faces only, patches() gives empty patches
// no faces (start nFaces(), size 0), and every per-face array (geometry,
// fluxes, boundary values, matrix coefficients) has no entries for them. A
// 2D mesh has about as many empty faces as all others together. poly() and
// distributed() keep every face (cell shapes for VTK, sampling); there the
// empty patches' ranges start at nFaces().
//
//   for (Label p = 0; p < mesh.nPatches(); ++p) {
//     const mesh::Patch& patch = mesh.patches()[p];
//     switch (mesh.patchKind(p)) { case PatchKind::Empty: continue; ... }
//   }
//
// Ghost updates use one HaloExchange with MPI tag 24336 on the mesh's
// communicator (do not run another exchange with that tag on it);
// beginGhostUpdate returns a transfer of its own, so several fields can be in
// flight at once.
//
// Construction helpers: makeSerialFvMesh (whole mesh on one rank, any
// communicator of size 1) and distributeFvMesh (rank 0's mesh split by a
// decomposition, then an FvMesh on every rank).
#include <array>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/field/field_types.hpp"
#include "sluice/linear/gamg/multigrid_mesh.hpp"
#include "sluice/linear/ldu_matrix.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/mesh/poly_mesh.hpp"
#include "sluice/parallel/communicator.hpp"
#include "sluice/parallel/distributed_mesh.hpp"
#include "sluice/parallel/halo_exchange.hpp"

namespace sluice::field {

/// How operators treat a patch.
enum class PatchKind {
  Regular,    ///< has a BoundaryCondition in every field
  Empty,      ///< type "empty": 2D front/back, faces excluded from all operators
  Cyclic,     ///< coupled to its neighbourPatch on this rank (faceGhost >= 0)
  Processor,  ///< coupled to a neighbour rank (faceGhost >= 0)
};

class FvMesh : public linear::GhostUpdater {
 public:
  /// Collective over `comm` (which must outlive the FvMesh and stay where it
  /// is): computes geometry, exchanges ghost cell centres and volumes, pairs
  /// cyclic faces (InputError naming the patch and face if a cyclic pair does
  /// not match, or if a cyclic is rotational: only translational cyclics are
  /// supported). Every rank throws the same InputError for cyclic problems
  /// found on any rank.
  FvMesh(parallel::DistributedMesh distributed, parallel::Communicator& comm);
  ~FvMesh() override;
  /// Fields refer to their FvMesh by address: do not move a mesh that has fields.
  FvMesh(FvMesh&&) noexcept;
  FvMesh& operator=(FvMesh&&) = delete;
  FvMesh(const FvMesh&) = delete;
  FvMesh& operator=(const FvMesh&) = delete;

  /// Matrix addressing of this mesh (shared by all its matrices): internal
  /// faces as lower/upper (views of poly()'s owner and neighbour lists; copied
  /// into the addressing if it outlives the mesh), coupled faces (in face
  /// order) as coupleRow/Ghost/Face.
  std::shared_ptr<const linear::LduAddressing> addressing() const;
  /// What GAMG needs of this mesh (faceAreaPair weights, ghost layout),
  /// built on the first call (local, not collective) and kept with its
  /// agglomerations.
  const linear::MultigridMesh& multigridMesh() const;

  /// Every face, the empty ones last (faces >= nFaces()); its patches() give
  /// the empty patches' faces.
  const mesh::PolyMesh& poly() const;
  /// Geometry of the nFaces() faces and of every local cell (cellCentres and
  /// cellVolumes: owned cells, then the ghosts, as cellCentres()); on coupled
  /// faces weights, deltaCoeff() and nonOrthDeltaCoeff() use the ghost
  /// centre (nonOrthogonality is not kept: no operator uses it). The
  /// internal faces' delta coefficients are computed where they are used
  /// (MeshGeometry::computeInternalDeltaCoeffs), not kept.
  const mesh::MeshGeometry& geometry() const;
  /// Centres of the nFaces() faces. The geometry keeps only the boundary
  /// faces' (geometry().boundaryFaceCentre); this list is computed on the
  /// first call (local, not collective) and kept, for the schemes that need
  /// internal face centres (limited gradients, linearUpwind, gravity).
  std::span<const Vec3> faceCentres() const;
  /// MeshGeometry::nonOrthCorrectionVector of the nFaces() faces (internal
  /// and coupled; zero on the others): the corrected snGrad schemes' only
  /// mesh-dependent factor, 3 square roots and 5 divisions per face, so it
  /// is computed on the first call (local, not collective) and kept (24 B
  /// per face, paid only by cases with a corrected scheme).
  std::span<const Vec3> nonOrthCorrectionVectors() const;
  /// Whether the mesh is orthogonal up to rounding: every internal and
  /// coupled face's non-orthogonal correction vector has components of at
  /// most kNegligibleNonOrthCorrection on every rank (blockMesh boxes: about
  /// 1e-13). A corrected scheme's explicit correction (the correction vector
  /// dotted with the interpolated gradient) is then rounding noise, and
  /// snGradCorrection skips it with its gradient, as `uncorrected` would.
  /// Checked without storing the vectors; collective on the first call (one
  /// reduction), which every rank makes at the same point (snGradCorrection
  /// is collective anyway: its gradient exchanges halo values).
  bool orthogonalUpToRounding() const;
  static constexpr Scalar kNegligibleNonOrthCorrection = 1e-12;
  /// The rank's mesh as distributed; its globalCellIds are globalCellIds()
  /// (the cyclic ghosts' ids appended after the processor ghosts').
  const parallel::DistributedMesh& distributed() const;
  /// Frees the global ids only sampling reads (output::SamplingMesh):
  /// distributed().globalPointIds (8 B per point) and the empty faces'
  /// entries of globalFaceIds (8 B per empty face: half the faces of a 2D
  /// mesh), and marks them released (DistributedMesh::samplingIdsReleased).
  /// For a run that samples nothing; local.
  void releaseSamplingIds();
  parallel::Communicator& comm() const;

  // Sizes and faceGhost are inline: operators call them in their face loops.
  Label nCells() const { return nCells_; }  ///< owned cells
  Label nGhostCells() const;                ///< processor + cyclic ghosts
  Label nProcessorGhosts() const;
  Label nLocalCells() const { return nLocalCells_; }
  Label nFaces() const { return nFaces_; }  ///< faces of the finite-volume view (not the empty ones)
  Label nInternalFaces() const { return nInternalFaces_; }
  Label nBoundaryFaces() const { return nFaces() - nInternalFaces(); }
  GlobalLabel nGlobalCells() const;

  /// Centres and volumes of all local cells, ghosts included.
  std::span<const Vec3> cellCentres() const;
  std::span<const Scalar> cellVolumes() const;
  /// Global id of every local cell (ghosts: the id of the cell they copy).
  std::span<const GlobalLabel> globalCellIds() const;
  /// Global (undecomposed) face id of every local face: the nFaces() faces,
  /// then the empty ones unless releaseSamplingIds() freed theirs.
  std::span<const GlobalLabel> globalFaceIds() const;

  /// Index of every owned cell in the case files' cell order (the order of
  /// nonuniform internalField lists): the global ids of the owned cells, as
  /// start-up numbers cells globally in the files' order at every rank count
  /// (a rank renumbers only its own cells, see parallel/local_renumbering).
  std::span<const GlobalLabel> fileCellIds() const;

  /// Which of x, y, z the mesh solves: false for a direction normal to its
  /// empty patches (2D, 1D meshes), the same on every rank.
  std::array<bool, 3> solutionDirections() const;

  // ---- patches
  /// Patches as the finite-volume view sees them: empty patches have no faces.
  const std::vector<mesh::Patch>& patches() const;
  Label nPatches() const;
  PatchKind patchKind(Label patch) const;
  /// First face of the patch in the undecomposed mesh and its global size
  /// (the length of a nonuniform value list for the patch).
  GlobalLabel patchGlobalStart(Label patch) const;
  GlobalLabel patchGlobalSize(Label patch) const;
  /// Position of boundary face `face` within its patch in the undecomposed mesh.
  GlobalLabel patchFaceFileIndex(Label face) const;

  // ---- faces
  /// Ghost cell across boundary face `face`, or -1 if the face is not coupled.
  Label faceGhost(Label face) const { return face < nInternalFaces_ ? -1 : boundaryFaceGhost_[face - nInternalFaces_]; }
  bool isCoupled(Label face) const { return faceGhost(face) >= 0; }
  /// Cell on the far side of the face: the neighbour of an internal face,
  /// the ghost of a coupled face, -1 otherwise.
  Label faceNeighbour(Label face) const;
  /// Owner-to-neighbour vector of a face: to the neighbour's or the ghost's
  /// centre, or to the face centre on other boundary faces (geometry().delta).
  Vec3 delta(Label face) const;
  /// Patch index of a boundary face (-1 for internal faces).
  Label facePatch(Label face) const;
  /// For a cyclic face: the paired face of the neighbour patch; -1 otherwise.
  Label cyclicPartnerFace(Label face) const;

  // ---- ghost updates
  /// Fills ghost entries of a local-cell array with `components` values per
  /// cell. One update in flight at a time. Logically const (only internal
  /// exchange buffers change), so fields holding a const FvMesh can use it.
  void startGhostUpdate(std::span<double> values, int components) const;
  void finishGhostUpdate() const;
  /// The same as a transfer of its own: several fields' ghost updates may be
  /// in flight at once, each completed by its handle's finish().
  ///   HaloTransfer tp = mesh.beginGhostUpdate(p, 1), tu = mesh.beginGhostUpdate(U, 3); ... tp.finish(); tu.finish();
  [[nodiscard]] parallel::HaloTransfer beginGhostUpdate(std::span<double> values, int components) const;
  void startGhostUpdate(std::span<double> values, int components) override {
    std::as_const(*this).startGhostUpdate(values, components);
  }
  void finishGhostUpdate() override { std::as_const(*this).finishGhostUpdate(); }
  void updateGhosts(std::span<double> values, int components) const {
    startGhostUpdate(values, components);
    finishGhostUpdate();
  }
  template <FieldValueType T>
  void updateGhosts(std::span<T> values) const {
    updateGhosts(asDoubles(values), FieldTraits<T>::nComponents);
  }
  void updateGhosts(std::vector<Scalar>& values) const { updateGhosts(std::span<Scalar>(values)); }
  void updateGhosts(std::vector<Vec3>& values) const { updateGhosts(std::span<Vec3>(values)); }

 private:
  /// The constructor's local part (checks, geometry, patch kinds), before its first collective.
  void prepareLocal();
  /// Puts the empty faces last in the distributed mesh (faces, global face ids, processor faces).
  void moveEmptyFacesLast();
  struct Impl;
  std::unique_ptr<Impl> impl_;
  // Copies of the Impl's sizes and its per-boundary-face ghost array (set once
  // the mesh is built; the array lives in *impl_, so it survives a move).
  Label nCells_ = 0, nLocalCells_ = 0, nFaces_ = 0, nInternalFaces_ = 0;
  const Label* boundaryFaceGhost_ = nullptr;
};

/// The whole mesh on one rank: `comm` must have size 1 (e.g. MPI_COMM_SELF,
/// or MPI_COMM_WORLD of a serial run). Throws sluice::Error otherwise.
FvMesh makeSerialFvMesh(mesh::PolyMesh mesh, parallel::Communicator& comm);

/// Collective: rank 0's `globalMesh` split by `cellToRank` (read on rank 0
/// only; other ranks pass nullptr and an empty span), see
/// parallel::distributeMesh, then an FvMesh on every rank.
FvMesh distributeFvMesh(const mesh::PolyMesh* globalMesh, std::span<const int> cellToRank,
                        parallel::Communicator& comm);

}  // namespace sluice::field
