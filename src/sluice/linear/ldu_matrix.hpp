#pragma once
// Sparse matrix of a finite-volume equation on one rank, in face
// (lower-diagonal-upper) form: one row per owned cell; for internal face f
// with owner P and neighbour N, A[P][N] = upper[f] and A[N][P] = lower[f];
// coefficients to ghost cells
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
//
// Coefficient versions: every call of a non-const coefficient accessor
// (diag(), lower(), upper(), coupleCoeffs() on a non-const matrix) and every
// markModified() advances version(); stamp() identifies this matrix object
// together with its version. Preconditioners keep the stamp of the matrix they
// factored and refactor only when it no longer matches, so assemble through
// the accessors (or call markModified() after writing through a reference
// kept across a solve).
//
//   CoefficientStamp s = A.stamp();
//   A.diag()[0] += 1;                       // s.matches(A) is now false
//
// Symmetric storage (OpenFOAM's): a matrix stores no lower coefficients
// until something asks for them writable; until then lower() reads upper(),
// so a symmetric matrix (a Laplacian, the pressure equation) keeps one
// coefficient per face. The first non-const lower() copies upper into lower
// storage; from then on the two are independent.
//
//   LduMatrix P(addressing);  P.upper()[f] = g;      // P.lower()[f] == g, one array stored
//   LduMatrix C(addressing);  C.lower()[f] = -w F;   // C.storesLower(): upper and lower apart
//
// Lending: a solver iterates on a row-form copy of the coefficients
// (RowMatrix). For a matrix in symmetric storage whose owner allows it for
// a stretch of solves (a Lending scope), the solver may free the face-form
// upper coefficients once its row copy holds them and make them again from
// it when the solve ends (RowMatrix::lendFrom, release), so the two copies
// are not held at once; the version does not change. While lent, upper(),
// lower(), amul, residual, sumA, copies and assignment refuse (Error).
//
//   { const LduMatrix::Lending lending(P); solver.solve(P, x, b, ghosts); }   // P whole again after the solve
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/linear/row_pattern.hpp"

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
///
/// lower and upper are views: of lists this addressing keeps (setFaces: GAMG
/// levels, tests), or of lists kept elsewhere, assigned directly. An FvMesh's
/// addressing views the mesh's own owner and neighbour lists (one copy of
/// them per rank, not two); the mesh gives a shared addressing copies of
/// them if it is destroyed first, so a matrix may outlive its mesh.
///
///   auto a = std::make_shared<LduAddressing>();
///   a->nCells = a->nLocalCells = 3;
///   a->setFaces({0, 1}, {1, 2});            // kept by the addressing
///   a->lower = std::span(mesh.owner()).first(n);  // or viewed: kept elsewhere, unchanged
struct LduAddressing {
  Label nCells = 0;               ///< owned cells (rows)
  Label nLocalCells = 0;          ///< owned + ghost cells (length of x)
  std::span<const Label> lower;   ///< per internal face: owner cell (row of `upper`)
  std::span<const Label> upper;   ///< per internal face: neighbour cell (owner < neighbour, sorted by owner)
  std::vector<Label> coupleRow;    ///< per coupled face: owned cell
  std::vector<Label> coupleGhost;  ///< per coupled face: ghost cell (>= nCells)
  std::vector<Label> coupleFace;   ///< per coupled face: mesh face index (for assembly)

  Label nFaces() const { return static_cast<Label>(lower.size()); }
  Label nCoupled() const { return static_cast<Label>(coupleRow.size()); }

  /// Makes lower and upper these lists, kept by this addressing.
  void setFaces(std::vector<Label> lowerCells, std::vector<Label> upperCells);

  /// The row (CSR) view of lower/upper, built on the first call (thread-safe)
  /// and kept: do not change lower or upper after calling it.
  const RowPattern& rows() const;

 private:
  std::vector<Label> ownLower_, ownUpper_;  ///< setFaces' lists (empty while lower/upper view others')
  mutable std::once_flag rowsBuilt_;
  mutable RowPattern rows_;
};

/// Throws sluice::Error naming the first inconsistency: list sizes, cells out
/// of range, lower >= upper, faces not sorted by owner, coupled rows or ghosts
/// out of range.
void checkAddressing(const LduAddressing& addressing);

/// Start of each owned cell's faces in the owner-sorted face list
/// (nCells + 1 entries): cell c owns faces ownerStart[c] .. ownerStart[c+1]-1.
std::vector<Label> ownerStart(const LduAddressing& addressing);

class LduMatrix;

/// One state of one matrix's coefficients (see LduMatrix::stamp()). A default
/// stamp matches no matrix.
class CoefficientStamp {
 public:
  bool matches(const LduMatrix& matrix) const;
  /// Whether the matrix this stamp was taken from has been destroyed (a
  /// default stamp: true), so that no matrix can match it again.
  bool matrixGone() const { return identity_.expired(); }

 private:
  friend class LduMatrix;
  std::weak_ptr<const int> identity_;  ///< keeps the matrix's identity block alive, so it is never reused
  std::uint64_t version_ = 0;
};

class LduMatrix {
 public:
  /// Zero coefficients sized from the addressing (checked with checkAddressing).
  explicit LduMatrix(std::shared_ptr<const LduAddressing> addressing);
  /// A copy is a different matrix (own identity, version 0).
  LduMatrix(const LduMatrix& other);
  LduMatrix& operator=(const LduMatrix& other);
  LduMatrix(LduMatrix&&) noexcept = default;
  LduMatrix& operator=(LduMatrix&&) noexcept = default;

  const LduAddressing& addressing() const { return *addressing_; }
  const std::shared_ptr<const LduAddressing>& sharedAddressing() const { return addressing_; }
  Label nCells() const { return addressing_->nCells; }
  Label nLocalCells() const { return addressing_->nLocalCells; }

  // Non-const accessors advance version() (see the file comment).
  std::vector<Scalar>& diag() { ++version_; return diag_; }
  /// Writable lower coefficients; on a matrix storing none, first a copy of upper.
  std::vector<Scalar>& lower();
  std::vector<Scalar>& upper() {
    requireNotLent("upper");
    ++version_;
    return upper_;
  }
  std::vector<Scalar>& coupleCoeffs() { ++version_; return couple_; }
  const std::vector<Scalar>& diag() const { return diag_; }
  /// The lower coefficients: upper() while the matrix stores none (symmetric storage).
  const std::vector<Scalar>& lower() const {
    requireNotLent("lower");
    return lowerStored_ ? lower_ : upper_;
  }
  const std::vector<Scalar>& upper() const {
    requireNotLent("upper");
    return upper_;
  }
  const std::vector<Scalar>& coupleCoeffs() const { return couple_; }
  bool symmetric() const;  ///< lower == upper (checked on request, not cached)
  /// Whether lower coefficients are stored apart from upper (see the file comment).
  bool storesLower() const { return lowerStored_; }
  /// Frees the lower coefficients: lower() reads upper() again.
  void makeSymmetric();
  /// Whether the equation has terms that make lower differ from upper
  /// (convection), whatever the values are now: OpenFOAM's asymmetric matrix
  /// type, which decides which solvers may be used. Set by whoever assembles.
  bool asymmetricStructure() const { return asymmetricStructure_; }
  void setAsymmetricStructure(bool asymmetric) { asymmetricStructure_ = asymmetric; }

  /// Allows solvers to lend this matrix's coefficients (file comment) while
  /// the scope lasts; made by the matrix's owner, around its solves.
  class Lending {
   public:
    explicit Lending(LduMatrix& matrix) : matrix_(matrix) { matrix_.lendable_ = &matrix_; }
    ~Lending() { matrix_.lendable_ = nullptr; }
    Lending(const Lending&) = delete;
    Lending& operator=(const Lending&) = delete;

   private:
    LduMatrix& matrix_;
  };
  /// The matrix, writable, while a Lending scope allows lending; else null.
  LduMatrix* lendable() const { return lendable_; }
  /// Whether a row matrix holds the upper coefficients now (upper() empty).
  bool upperLent() const { return upperLent_; }

  /// Advanced by every non-const coefficient accessor and markModified().
  std::uint64_t version() const { return version_; }
  /// Declares the coefficients changed (after writes through a kept reference).
  void markModified() { ++version_; }
  /// This matrix and its current version.
  CoefficientStamp stamp() const;

  /// y = A x. x has nLocalCells entries (its ghosts are updated here); y has
  /// nCells. The solvers' iterations use RowMatrix::multiply instead.
  void amul(std::span<double> x, std::span<double> y, GhostUpdater& ghosts) const;
  /// r = b - A x (x: nLocalCells entries, ghosts updated; b, r: nCells).
  void residual(std::span<double> x, std::span<const double> b, std::span<double> r, GhostUpdater& ghosts) const;
  /// Row sums of A, coupled coefficients included (= A applied to a field of ones); nCells entries.
  void sumA(std::span<double> rowSums) const;

 private:
  std::shared_ptr<const LduAddressing> addressing_;
  std::vector<Scalar> diag_, lower_, upper_, couple_;
  bool lowerStored_ = false;  ///< false: lower_ is empty and lower() reads upper_
  bool asymmetricStructure_ = false;
  friend class CoefficientStamp;
  friend class RowMatrix;  // lends upper_ and gives it back (see Lending)
  void requireNotLent(const char* what) const;
  std::shared_ptr<const int> identity_;  ///< unique per matrix object (see CoefficientStamp)
  std::uint64_t version_ = 0;
  LduMatrix* lendable_ = nullptr;  ///< this matrix while a Lending scope lasts
  bool upperLent_ = false;
};

}  // namespace sluice::linear
