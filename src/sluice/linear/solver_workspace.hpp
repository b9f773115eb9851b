#pragma once
// Storage the linear solvers of one run share: their work vectors, one row
// form of the matrix (RowMatrix) and the incomplete factors of the DIC and
// DILU preconditioners and smoothers. The solves of a run never overlap
// ("p", then "pFinal", "Ux", "Uy", ...: one solve at a time, each collective
// over the ranks), so they need this storage once, not once per fvSolution
// entry. The owner of the solvers (EquationSolvers) makes one workspace and
// passes it in every SolverEnvironment; a solver made without one (tests,
// GAMG's coarsest level) makes its own, so it keeps private storage as
// before.
//
//   auto workspace = std::make_shared<SolverWorkspace>();
//   auto p = registry.create(pSettings, {&comm, "p", warn, multigrid, workspace});
//   auto pFinal = registry.create(pFinalSettings, {&comm, "pFinal", warn, multigrid, workspace});
//   p->solve(A, x, b, ghosts);       // factors A into the workspace's DIC factor
//   pFinal->solve(A, x, b, ghosts);  // same matrix state: the factor is reused, not recomputed
//
// Inside a solve (the solver's code):
//   std::span<double> r = workspace.vector(0, nCells);   // slot 0 of this solve
//   RowMatrix& rows = workspace.rows(); rows.assign(A);
//
// Rules of use: a vector's values are whatever its last user left (zeros
// where newly grown), so a solve writes each vector before reading it and
// keeps nothing in it between solves. Between solves the workspace holds
// only the factors: LinearSolver::solve runs inside a SolveScope, and when
// the outermost scope ends (a smoother's or a nested solver's run inside
// their solver's) the work vectors and the row matrix are freed, so that
// what a run does between solves (U's correction, writes) does not sit on
// them (56 B per cell of a 2D mesh with PCG: three vectors and the row
// matrix). The factors stay while their matrix exists: the next solve
// reuses one whose matrix is unchanged (the components of a vector
// equation); an outermost solve first frees those of matrices destroyed
// since (releaseOrphanFactors). Slots are numbered per use: a solver
// takes slots from 0; a smoother (run inside smoothSolver's solve) takes
// from kFirstSmootherSlot, which its solver leaves alone. A factor entry
// holds the stamp of the matrix state it was computed from (see
// Preconditioner::prepare): whoever uses it next with another matrix
// recomputes it. In parallel each rank has its own workspace (its own
// rows); nothing in it communicates. Not for concurrent solves (threads).
#include <array>
#include <cstddef>
#include <memory>
#include <span>
#include <vector>

#include "sluice/linear/incomplete_ldu_factor.hpp"
#include "sluice/linear/row_matrix.hpp"

namespace sluice::linear {

class SolverWorkspace {
 public:
  /// The first slot a smoother's vectors use (smoothSolver takes 0 and 1).
  static constexpr std::size_t kFirstSmootherSlot = 2;

  /// Work vector `slot` with n entries. Grows (never shrinks) the slot's
  /// storage to n; the span stays valid until this slot grows again.
  std::span<double> vector(std::size_t slot, std::size_t n);

  /// The one RowMatrix buffer (a solver assigns it at the start of its solve).
  RowMatrix& rows() { return rows_; }

  /// A solve in progress; the outermost one frees the work vectors and the
  /// row matrix when it ends (see above).
  ///   const SolverWorkspace::SolveScope scope(workspace);   // first line of a solve
  class SolveScope {
   public:
    explicit SolveScope(SolverWorkspace& workspace) : workspace_(workspace) {
      if (workspace_.activeSolves_++ == 0) workspace_.releaseOrphanFactors();
    }
    ~SolveScope() {
      if (--workspace_.activeSolves_ == 0) workspace_.releaseScratch();
    }
    SolveScope(const SolveScope&) = delete;
    SolveScope& operator=(const SolveScope&) = delete;

   private:
    SolverWorkspace& workspace_;
  };
  /// Whether exactly one solve is in progress (the caller's own is the outermost).
  bool inOutermostSolve() const { return activeSolves_ == 1; }
  /// Frees the work vectors, then the row matrix (which first gives lent
  /// coefficients back to their matrix, RowMatrix::release); the factors stay.
  void releaseScratch();
  /// Frees the factors whose matrix no longer exists (CoefficientStamp::
  /// matrixGone): nothing can use them again. An outermost solve does this
  /// first, so a pressure equation's DIC factor does not sit through the next
  /// time step's momentum solve (the equation object is gone by then).
  void releaseOrphanFactors();

  /// The incomplete factor of one kind (symmetric: DIC, else DILU) and
  /// storage precision, with the stamp of the matrix it holds. Made on the
  /// first request; its address stays the same.
  template <class T>
  StampedFactor<T>& incompleteFactor(bool symmetric);

  /// Number of work vector slots in use, and the bytes of their storage.
  std::size_t vectorCount() const { return vectors_.size(); }
  std::size_t vectorBytes() const;
  /// Bytes of the factors.
  std::size_t factorBytes() const;
  std::size_t rowMatrixBytes() const { return rows_.offDiag().capacity() * sizeof(double); }
  /// Everything above.
  std::size_t bytes() const { return vectorBytes() + factorBytes() + rowMatrixBytes(); }

 private:
  std::vector<std::vector<double>> vectors_;
  RowMatrix rows_;
  int activeSolves_ = 0;
  std::array<std::unique_ptr<StampedFactor<double>>, 2> doubleFactors_;  ///< [symmetric]
  std::array<std::unique_ptr<StampedFactor<float>>, 2> singleFactors_;
};

extern template StampedFactor<double>& SolverWorkspace::incompleteFactor<double>(bool);
extern template StampedFactor<float>& SolverWorkspace::incompleteFactor<float>(bool);

}  // namespace sluice::linear
