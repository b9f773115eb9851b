#pragma once
// Finite-volume geometry of a PolyMesh, computed once: face centres and area
// vectors (triangle decomposition about the face's average point), cell
// centres and volumes (pyramid decomposition about an estimated centre),
// interpolation weights, delta coefficients and non-orthogonality. The
// owner-to-neighbour vectors are not stored (3 doubles per face, cheaper to
// subtract the centres where they are used): delta().
//
//   MeshGeometry geo = MeshGeometry::compute(mesh);
//   Scalar w = geo.weights[f];   // phi_f = w*phi_P + (1-w)*phi_N
//   Vec3 d = geo.delta(f, mesh.owner()[f], f < mesh.nInternalFaces() ? mesh.neighbour()[f] : -1);
#include <span>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/mesh/poly_mesh.hpp"

namespace sluice::mesh {

/// The area vector of one face (as MeshGeometry::faceAreas computes it).
Vec3 faceAreaVector(const std::vector<Vec3>& points, std::span<const Label> face);
/// The centre of one face (as MeshGeometry::faceCentres computes it, bit for bit).
Vec3 faceCentre(const std::vector<Vec3>& points, std::span<const Label> face);

struct MeshGeometry {
  /// Per face; empty after keepBoundaryFaceCentresOnly (an FvMesh's
  /// geometry: FvMesh::faceCentres() computes the list on request).
  std::vector<Vec3> faceCentres;
  std::vector<Vec3> faceAreas;      ///< per face: area vector, pointing out of the owner
  std::vector<Vec3> cellCentres;    ///< per cell
  std::vector<Scalar> cellVolumes;  ///< per cell (signed: negative for inverted cells)
  std::vector<Scalar> weights;      ///< per face: owner weight (1 on boundary faces)
  std::vector<Scalar> deltaCoeffs;  ///< per face: 1/|delta|
  std::vector<Scalar> nonOrthogonality;    ///< per internal face: angle between n and delta, degrees

  /// Per face: 1/max(n.delta, 0.05|delta|). Kept only when some face's value
  /// differs from its deltaCoeffs entry; otherwise (an orthogonal mesh) this
  /// is deltaCoeffs itself, which then holds the same values bit for bit.
  std::span<const Scalar> nonOrthDeltaCoeffs() const {
    return nonOrthDeltaCoeffs_.empty() ? std::span<const Scalar>(deltaCoeffs) : nonOrthDeltaCoeffs_;
  }
  /// Sets one face's deltaCoeffs and nonOrthDeltaCoeffs() entries (compute;
  /// FvMesh on its coupled faces): the first face whose two differ makes
  /// nonOrthDeltaCoeffs a list of its own.
  void setDeltaCoeffs(Label face, Scalar delta, Scalar nonOrthDelta);

  /// The face's delta: the centre of cell `far` minus the centre of its
  /// owner, or, for a boundary face (`far` < 0), the face centre minus the
  /// owner's centre.
  Vec3 delta(Label face, Label owner, Label far) const {
    return (far >= 0 ? cellCentres[far] : boundaryFaceCentre(face)) - cellCentres[owner];
  }
  /// The centre of a face at or after the first boundary face (any face
  /// while faceCentres is whole).
  const Vec3& boundaryFaceCentre(Label face) const {
    return faceCentres.empty() ? boundaryFaceCentres_[face - firstBoundaryFace_] : faceCentres[face];
  }
  /// Drops the internal faces' centres (no operator of an incompressible
  /// run uses them once the weights are computed; 3 doubles per face) and
  /// keeps the others for boundaryFaceCentre and delta.
  void keepBoundaryFaceCentresOnly(Label nInternalFaces);
  /// The unit normal of a face, pointing out of its owner.
  /// |faceAreas[face]|, computed where it is used (not stored: 8 B per face).
  Scalar faceAreaMag(Label face) const { return mag(faceAreas[face]); }
  Vec3 unitNormal(Label face) const { return faceAreas[face] / faceAreaMag(face); }

  static MeshGeometry compute(const PolyMesh& mesh) { return compute(mesh, mesh.nFaces()); }
  /// Per-face entries for the first `nFaces` faces only; the cells use every
  /// face. FvMesh passes the faces before the empty ones (needed for the
  /// cells' volumes and centres, not kept).
  static MeshGeometry compute(const PolyMesh& mesh, Label nFaces);
  /// Only the face centres and area vectors and the cell centres and
  /// volumes (the other members stay empty): half the memory of compute(),
  /// for start-up work such as geometric decomposition.
  static MeshGeometry computeCells(const PolyMesh& mesh);

 private:
  std::vector<Vec3> boundaryFaceCentres_;  ///< per face from firstBoundaryFace_, after keepBoundaryFaceCentresOnly
  Label firstBoundaryFace_ = 0;
  std::vector<Scalar> nonOrthDeltaCoeffs_;  ///< per face, or empty while it equals deltaCoeffs
};

}  // namespace sluice::mesh
