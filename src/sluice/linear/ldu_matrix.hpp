#pragma once
// Sparse matrix of a finite-volume equation on one rank, in face
// (lower-diagonal-upper) form: one row per owned cell; for internal face f
// with owner P and neighbour N, A[P][N] = upper[f] and A[N][P] = lower[f]
// (symmetric matrices keep lower == upper); coefficients to ghost cells
// (processor and cyclic faces) are listed per coupled face: A[row][ghost] =
// coupleCoeff. The source vector is separate (LinearSystem).
//
// Matrix-vector product in parallel (see amul): start the ghost update of x,
// multiply the diagonal and internal faces, finish the update, add the
// coupled coefficients times the ghost values.
//
//   LduMatrix A(addressing);                // addressing shared by every matrix of the mesh
//   A.diag()[c] += ...; A.upper()[f] = ...; A.coupleCoeffs()[i] = ...;
//   A.amul(x, y, ghosts);                   // y = A x; x has nLocalCells entries
#include <memory>
#include <span>
#include <vector>

#include "sluice/core/types.hpp"

namespace sluice::linear {

/// Fills ghost entries (indices >= nCells) of a local-cell vector: halo
/// exchange for processor ghosts, local copies for cyclic ghosts.
/// field::FvMesh implements it; tests may implement it directly.
class GhostUpdater {
 public:
  virtual ~GhostUpdater() = default;
  virtual void startGhostUpdate(std::span<double> values, int components) = 0;
  virtual void finishGhostUpdate() = 0;
};

/// Mesh connectivity the matrix needs; built once per mesh.
struct LduAddressing {
  Label nCells = 0;          ///< owned cells (rows)
  Label nLocalCells = 0;     ///< owned + ghost cells (length of x)
  std::vector<Label> lower;  ///< per internal face: owner cell (row of `upper`)
  std::vector<Label> upper;  ///< per internal face: neighbour cell (owner < neighbour, sorted by owner)
  std::vector<Label> coupleRow;    ///< per coupled face: owned cell
  std::vector<Label> coupleGhost;  ///< per coupled face: ghost cell (>= nCells)
  std::vector<Label> coupleFace;   ///< per coupled face: mesh face index (for assembly)
};

class LduMatrix {
 public:
  explicit LduMatrix(std::shared_ptr<const LduAddressing> addressing);

  const LduAddressing& addressing() const { return *addressing_; }
  std::vector<Scalar>& diag() { return diag_; }
  std::vector<Scalar>& lower() { return lower_; }
  std::vector<Scalar>& upper() { return upper_; }
  std::vector<Scalar>& coupleCoeffs() { return couple_; }
  const std::vector<Scalar>& diag() const { return diag_; }
  const std::vector<Scalar>& lower() const { return lower_; }
  const std::vector<Scalar>& upper() const { return upper_; }
  const std::vector<Scalar>& coupleCoeffs() const { return couple_; }
  bool symmetric() const;  ///< lower == upper (checked on request, not cached)

  /// y = A x. x has nLocalCells entries (its ghosts are updated here); y has nCells.
  void amul(std::span<double> x, std::span<double> y, GhostUpdater& ghosts) const;

 private:
  std::shared_ptr<const LduAddressing> addressing_;
  std::vector<Scalar> diag_, lower_, upper_, couple_;
};

}  // namespace sluice::linear
