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
//   Scalar dc = geo.deltaCoeff(f);   // 1/|d|
//   Vec3 d = geo.delta(f, mesh.owner()[f], f < mesh.nInternalFaces() ? mesh.neighbour()[f] : -1);
#include <algorithm>
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
  std::vector<Scalar> nonOrthogonality;    ///< per internal face: angle between n and delta, degrees

  /// 1/|delta| of a face.
  Scalar deltaCoeff(Label face) const {
    if (face >= firstStoredDelta_) return deltaCoeffs_[face - firstStoredDelta_];
    return deltaCoeffOf(internalDelta(face));
  }
  /// 1/max(n.delta, 0.05|delta|) of a face: deltaCoeff() on a face where
  /// they are equal (every face of an orthogonal mesh).
  Scalar nonOrthDeltaCoeff(Label face) const {
    if (face >= firstStoredDelta_) {
      const std::vector<Scalar>& stored = nonOrthDeltaCoeffs_.empty() ? deltaCoeffs_ : nonOrthDeltaCoeffs_;
      return stored[face - firstStoredDelta_];
    }
    return nonOrthDeltaCoeffOf(faceAreas[face], internalDelta(face));
  }
  /// Whether a list of nonOrthDeltaCoeff values is kept beside deltaCoeff's:
  /// only when some face's two differ (not on an orthogonal mesh).
  bool keepsNonOrthDeltaCoeffs() const { return !nonOrthDeltaCoeffs_.empty(); }
  /// Sets one face's deltaCoeff and nonOrthDeltaCoeff (compute; FvMesh on its
  /// coupled faces): the first face whose two differ makes a list of the
  /// second.
  void setDeltaCoeffs(Label face, Scalar delta, Scalar nonOrthDelta);
  /// Drops the internal faces' delta coefficients (8 B per face, 16 on a
  /// non-orthogonal mesh): deltaCoeff() and nonOrthDeltaCoeff() then compute
  /// them from the owner and neighbour centres and the area vector, with
  /// compute()'s formulas (the same bits). `owner` and `neighbour` are the
  /// mesh's lists (at least nInternalFaces entries); they must outlive this
  /// geometry and its copies, and the internal faces' cell centres must not
  /// change.
  void computeInternalDeltaCoeffs(Label nInternalFaces, std::span<const Label> owner,
                                  std::span<const Label> neighbour);
  /// Lengths and areas below this count as zero (degenerate faces and cells).
  static constexpr Scalar kTinyLength = 1e-300;
  /// The formulas: 1/|d| and 1/max(n.d, 0.05|d|, tiny) with n = Sf/|Sf|.
  static Scalar deltaCoeffOf(const Vec3& d) { return 1.0 / std::max(mag(d), kTinyLength); }
  static Scalar nonOrthDeltaCoeffOf(const Vec3& sf, const Vec3& d) {
    const Scalar magS = mag(sf);
    const Scalar nDotD = magS > kTinyLength ? dot(sf, d) / magS : 0.0;
    return 1.0 / std::max({nDotD, 0.05 * mag(d), kTinyLength});
  }

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
  /// n - d * nonOrthDeltaCoeff of a face whose owner and far cell (neighbour
  /// or coupled ghost) are given: the direction of the explicit
  /// non-orthogonal correction (zero, up to rounding, on orthogonal faces).
  Vec3 nonOrthCorrectionVector(Label face, Label owner, Label far) const {
    return unitNormal(face) - delta(face, owner, far) * nonOrthDeltaCoeff(face);
  }

  static MeshGeometry compute(const PolyMesh& mesh) { return compute(mesh, mesh.nFaces()); }
  /// Per-face entries for the first `nFaces` faces only; the cells use every
  /// face. FvMesh passes the faces before the empty ones (needed for the
  /// cells' volumes and centres, not kept).
  static MeshGeometry compute(const PolyMesh& mesh, Label nFaces);
  /// Only the face centres and area vectors and the cell centres and
  /// volumes (the other members stay empty): half the memory of compute(),
  /// for start-up work such as geometric decomposition.
  static MeshGeometry computeCells(const PolyMesh& mesh);
  /// computeCells' cell centres alone, bit for bit, holding neither the
  /// face centres nor the area vectors (each computed again where it is
  /// used, up to four times per face): 48 B per face less at the peak of a
  /// start-up that needs only centres.
  static std::vector<Vec3> computeCellCentres(const PolyMesh& mesh);

 private:
  Vec3 internalDelta(Label face) const { return cellCentres[neighbour_[face]] - cellCentres[owner_[face]]; }

  std::vector<Vec3> boundaryFaceCentres_;  ///< per face from firstBoundaryFace_, after keepBoundaryFaceCentresOnly
  Label firstBoundaryFace_ = 0;
  /// Per face from firstStoredDelta_ (every face, until computeInternalDeltaCoeffs).
  std::vector<Scalar> deltaCoeffs_;
  std::vector<Scalar> nonOrthDeltaCoeffs_;  ///< the same faces, or empty while equal to deltaCoeffs_
  Label firstStoredDelta_ = 0;
  std::span<const Label> owner_, neighbour_;  ///< the mesh's, after computeInternalDeltaCoeffs
};

}  // namespace sluice::mesh
