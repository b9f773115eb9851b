#pragma once
// Preconditioner M for the Krylov solvers: w = M^-1 r on the owned cells of
// one rank. Couplings to ghost cells are ignored (block Jacobi across ranks),
// so applying M needs no communication.
//
// The factor is computed from a matrix and reused while that matrix's
// coefficients do not change: prepare(A) refactors only when A's stamp
// (identity and version, see LduMatrix::stamp()) differs from the one
// factored last; update(A) refactors unconditionally. DIC and DILU made with
// a SolverWorkspace keep their factor (and its stamp) there, shared with the
// other preconditioners of that kind and precision: "p" and "pFinal" then
// hold one factor, and pFinal's prepare(A) after p's on the same matrix
// state does not refactor.
//
//   std::unique_ptr<Preconditioner> M = registry.createPreconditioner("DIC", Precision::Single);
//   M->prepare(A);                 // factors on the first call, then only after A changed
//   double wr = M->apply(r, w);    // w = M^-1 r; wr = this rank's sum w.r
//
// With Precision::Single the factors are stored as float (half the memory
// traffic); vectors and arithmetic stay double. A solver that has assigned A
// to a RowMatrix passes it to prepare: the double DIC and DILU factors then
// take A's entries from it instead of storing their own copy (see
// IncompleteLduFactor), and the applies until the next prepare use it, so it
// must hold A while they run:
//   rows.assign(A);
//   M->prepare(A, &rows);
//   M->apply(r, w);
#include <array>
#include <span>
#include <string_view>

#include "sluice/linear/ldu_matrix.hpp"
#include "sluice/linear/progress_hook.hpp"
#include "sluice/linear/row_matrix.hpp"

namespace sluice::linear {

/// The solution update of a conjugate-gradient iteration: x += alpha p,
/// r -= alpha Ap over the owned cells.
struct CgUpdate {
  double alpha = 0;
  std::span<const double> p, Ap;
  std::span<double> x, r;
};

class Preconditioner {
 public:
  virtual ~Preconditioner() = default;

  /// Registry name ("DIC", "DILU", "diagonal", "none").
  virtual std::string_view name() const = 0;
  /// Whether apply and updateAndApply never read the face-form off-diagonal
  /// coefficients of the prepared matrix (a solver may lend them to its row
  /// matrix then, see RowMatrix::lendFrom). False unless known.
  virtual bool appliesWithoutFaceCoefficients() const { return false; }

  /// Refactors if A is not the matrix state factored last (or that factor
  /// needs a row matrix and none is given). True if it did. `rowsOfA`: a
  /// row matrix assigned from A that stays so for the applies that follow
  /// (null: none).
  bool prepare(const LduMatrix& A, const RowMatrix* rowsOfA = nullptr);
  /// Refactors for A's current coefficients (`rowsOfA` as for prepare).
  void update(const LduMatrix& A, const RowMatrix* rowsOfA = nullptr);
  /// Number of factorisations this preconditioner has made so far.
  long factorizations() const { return factorizations_; }

  /// w = M^-1 r over the owned cells (r and w have at least nCells entries
  /// and do not overlap). Long sweeps are split into progress.pieces() pieces
  /// with progress.poke() between them. Returns this rank's sum of w[i] r[i]
  /// (computed while w is written: CG needs it next).
  virtual double apply(std::span<const double> r, std::span<double> w, const ProgressHook& progress = {}) const = 0;
  /// The CG update followed by w = M^-1 r (the new r), returning this
  /// rank's {sum |r|, sum w.r}. The incomplete factors override it to do both
  /// in one pass over the cells (the update rides in the forward sweep); the
  /// default runs the update loop and then apply(). `w` may be update.Ap's
  /// storage (CG keeps A p and M^-1 r in one vector): a cell's Ap is read
  /// before its w is written.
  virtual std::array<double, 2> updateAndApply(const CgUpdate& update, std::span<double> w) const;

 protected:
  virtual void factor(const LduMatrix& A) = 0;
  /// The stamp of the factor in use: this object's own, or (overridden) that
  /// of a factor shared through a SolverWorkspace.
  virtual CoefficientStamp& factorStamp() { return stamp_; }
  /// Whether the factor in use can be applied given rowsOfA (a factor that
  /// keeps no copy of A's entries needs them).
  virtual bool factorUsableWith(const RowMatrix* /*rowsOfA*/) const { return true; }
  /// The row matrix of the last prepare or update (null: none).
  const RowMatrix* rowsOfA() const { return rows_; }

 private:
  const RowMatrix* rows_ = nullptr;
  CoefficientStamp stamp_;
  long factorizations_ = 0;
};

}  // namespace sluice::linear
