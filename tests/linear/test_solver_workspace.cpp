// Solvers sharing one SolverWorkspace (as EquationSolvers makes them): the
// same results bit for bit as solvers with their own storage; the DIC/DILU
// factor reused for the matrix state it holds and recomputed for another;
// the storage of p and pFinal together is the storage of one of them, and
// between solves the workspace holds only the factors.
#include <algorithm>
#include <memory>
#include <optional>
#include <utility>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "linear/grid_system.hpp"
#include "linear/shared_workspace_scenario.hpp"
#include "linear/solver_test_support.hpp"
#include "sluice/linear/dic_preconditioner.hpp"
#include "sluice/linear/pcg_solver.hpp"
#include "sluice/linear/solver_registry.hpp"
#include "sluice/linear/solver_workspace.hpp"

namespace sluice::linear {
namespace {

using parallel::Communicator;
using test::GridOperator;
using test::NoGhosts;
using test::SlabGrid;

TEST(SolverWorkspace, SharedSolversGiveBitForBitTheResultsOfSolversWithOwnStorage) {
  const SlabGrid g = test::makeSlabGrid(20, 16, 0, 1);
  Communicator comm(MPI_COMM_SELF);
  NoGhosts ghosts;
  for (const test::ScenarioBodies& bodies : test::scenarioBodies()) {
    SCOPED_TRACE(bodies.p + " | " + bodies.pFinal + " | " + bodies.U);
    const test::ScenarioResult own = test::runScenario(comm, g, ghosts, bodies, /*share=*/false);
    const test::ScenarioResult shared = test::runScenario(comm, g, ghosts, bodies, /*share=*/true);
    test::expectIdentical(shared, own);
  }
}

struct Pressure {
  SlabGrid g = test::makeSlabGrid(12, 10, 0, 1);
  Communicator comm{MPI_COMM_SELF};
  NoGhosts ghosts;
  std::shared_ptr<SolverWorkspace> workspace = std::make_shared<SolverWorkspace>();
  std::vector<double> b = test::rhsFor(g, GridOperator{}, [this](GlobalLabel gid) { return test::exactOf(g, gid); });

  std::unique_ptr<LinearSolver> make(const std::string& body, const std::string& name,
                                     std::shared_ptr<SolverWorkspace> ws) {
    return SolverRegistry::standard().create(test::settingsFrom(body + " tolerance 1e-10;"),
                                             {&comm, name, {}, nullptr, std::move(ws)});
  }
  void solve(LinearSolver& solver, const LduMatrix& A) {
    std::vector<double> x(static_cast<std::size_t>(g.nLocalCells()), 0.0);
    solver.solve(A, x, b, ghosts);
  }
  static long factorizations(const LinearSolver& s) {
    return dynamic_cast<const PcgSolver&>(s).preconditioner().factorizations();
  }
};

TEST(SolverWorkspace, FactorIsReusedForTheMatrixStateItHoldsAndRecomputedForAnother) {
  Pressure t;
  LduMatrix A = test::assemble(t.g, GridOperator{});
  const LduMatrix B = test::assemble(t.g, GridOperator{2.0, 0.0, 0.0});
  auto p = t.make("solver PCG; preconditioner DIC;", "p", t.workspace);
  auto pFinal = t.make("solver PCG; preconditioner DIC;", "pFinal", t.workspace);
  t.solve(*p, A);
  t.solve(*pFinal, A);  // the same matrix state: p's factor serves
  EXPECT_EQ(Pressure::factorizations(*p), 1);
  EXPECT_EQ(Pressure::factorizations(*pFinal), 0);
  A.diag()[0] *= 2;  // a new state of A
  t.solve(*pFinal, A);
  t.solve(*p, A);  // pFinal factored it: p reuses that
  EXPECT_EQ(Pressure::factorizations(*pFinal), 1);
  EXPECT_EQ(Pressure::factorizations(*p), 1);
  t.solve(*p, B);  // another matrix: refactored, and then A is no longer in the factor
  t.solve(*pFinal, A);
  EXPECT_EQ(Pressure::factorizations(*p), 2);
  EXPECT_EQ(Pressure::factorizations(*pFinal), 2);

  // Another precision (or kind) is another factor: it neither takes nor spoils the double one.
  auto single = t.make("solver PCG; preconditioner DIC; precision single;", "pcorr", t.workspace);
  t.solve(*single, A);
  t.solve(*pFinal, A);
  EXPECT_EQ(Pressure::factorizations(*single), 1);
  EXPECT_EQ(Pressure::factorizations(*pFinal), 2);
}

TEST(SolverWorkspace, PreconditionersMadeWithOneWorkspaceShareTheFactor) {
  Pressure t;
  const LduMatrix A = test::assemble(t.g, GridOperator{});
  const auto M1 = makeDicPreconditioner(Precision::Double, t.workspace);
  const auto M2 = makeDicPreconditioner(Precision::Double, t.workspace);
  const auto own = makeDicPreconditioner(Precision::Double);
  EXPECT_TRUE(M1->prepare(A));
  EXPECT_FALSE(M2->prepare(A));
  EXPECT_TRUE(own->prepare(A));  // a workspace of its own
  const std::vector<double> r(t.b);
  std::vector<double> w1(r.size()), w2(r.size()), w3(r.size());
  EXPECT_EQ(M1->apply(r, w1), own->apply(r, w3));
  EXPECT_EQ(M2->apply(r, w2), own->apply(r, w3));
  EXPECT_EQ(w1, w3);
  EXPECT_EQ(w2, w3);
}

// The storage of a workspace at its largest over the ghost updates of the
// solves run with this updater (a solve updates ghosts inside its iterations).
class StorageProbe final : public GhostUpdater {
 public:
  const SolverWorkspace* workspace = nullptr;
  std::size_t vectorCount = 0, vectorBytes = 0, rowMatrixBytes = 0, factorBytes = 0;

  void startGhostUpdate(std::span<double>, int) override {
    if (workspace->bytes() <= vectorBytes + rowMatrixBytes + factorBytes) return;
    vectorCount = workspace->vectorCount();
    vectorBytes = workspace->vectorBytes();
    rowMatrixBytes = workspace->rowMatrixBytes();
    factorBytes = workspace->factorBytes();
  }
  void finishGhostUpdate() override {}
};

TEST(SolverWorkspace, PAndPFinalTogetherTakeTheStorageOfOneSolverAndNoneIsHeldBetweenSolves) {
  Pressure t;
  const LduMatrix A = test::assemble(t.g, GridOperator{});
  const LduMatrix A2 = test::assemble(t.g, GridOperator{});  // pFinal's matrix: another object
  const LduMatrix U = test::assemble(t.g, GridOperator{1.0, 2.0, -1.0});
  const auto solve = [&](LinearSolver& solver, const LduMatrix& M, StorageProbe& probe) {
    std::vector<double> x(static_cast<std::size_t>(t.g.nLocalCells()), 0.0);
    solver.solve(M, x, t.b, probe);
  };
  auto alone = t.make("solver PCG; preconditioner DIC;", "p", nullptr);
  StorageProbe own;
  own.workspace = &alone->workspace();
  solve(*alone, A, own);

  auto p = t.make("solver PCG; preconditioner DIC;", "p", t.workspace);
  auto pFinal = t.make("solver PCG; preconditioner DIC;", "pFinal", t.workspace);
  auto u = t.make("solver smoothSolver; smoother symGaussSeidel;", "U", t.workspace);
  StorageProbe shared;
  shared.workspace = t.workspace.get();
  for (int step = 0; step < 2; ++step) {
    solve(*u, U, shared);
    solve(*p, A, shared);
    solve(*pFinal, A2, shared);
  }
  EXPECT_EQ(&p->workspace(), t.workspace.get());
  const auto nCells = static_cast<std::size_t>(t.g.nCells());
  const std::size_t nFaces = t.g.addressing->lower.size();
  // During a PCG solve: r, p and one vector for M^-1 r and A p, as OpenFOAM's PCG.
  EXPECT_EQ(own.vectorCount, 3u);
  EXPECT_EQ(own.vectorBytes, 3 * nCells * sizeof(double));
  EXPECT_EQ(own.rowMatrixBytes, 2 * nFaces * sizeof(double));
  // 1/D per cell alone: PCG's DIC takes A's entries from the row matrix,
  // and the factorisation's D is not kept.
  EXPECT_EQ(own.factorBytes, nCells * sizeof(double));
  EXPECT_EQ(shared.vectorCount, own.vectorCount);
  EXPECT_EQ(shared.vectorBytes, own.vectorBytes);
  EXPECT_EQ(shared.rowMatrixBytes, own.rowMatrixBytes);
  EXPECT_EQ(shared.factorBytes, own.factorBytes);
  // Between solves only the factors are held.
  for (const SolverWorkspace* w : {&alone->workspace(), t.workspace.get()}) {
    EXPECT_EQ(w->vectorBytes(), 0u);
    EXPECT_EQ(w->rowMatrixBytes(), 0u);
    EXPECT_EQ(w->bytes(), w->factorBytes());
  }
  EXPECT_EQ(t.workspace->factorBytes(), nCells * sizeof(double));
}

// Records, at each ghost update inside a solve, whether the matrix's upper
// coefficients are lent and the workspace's row matrix bytes.
class LendingProbe final : public GhostUpdater {
 public:
  const LduMatrix* matrix = nullptr;
  const SolverWorkspace* workspace = nullptr;
  int updates = 0, lentUpdates = 0;
  std::size_t heldBytes = 0;  ///< face-form upper plus row form, at most

  void startGhostUpdate(std::span<double>, int) override {
    ++updates;
    if (matrix->upperLent()) ++lentUpdates;
    const std::size_t upperBytes = matrix->upperLent() ? 0 : matrix->addressing().lower.size() * sizeof(double);
    heldBytes = std::max(heldBytes, upperBytes + workspace->rowMatrixBytes());
  }
  void finishGhostUpdate() override {}
};

TEST(SolverWorkspace, PcgOnALendingMatrixHoldsOneCopyOfTheCoefficientsWithTheSameBits) {
  Pressure t;
  const auto nFaces = t.g.addressing->lower.size();
  LduMatrix A = test::assemble(t.g, GridOperator{});
  A.makeSymmetric();
  const std::vector<double> upper = std::as_const(A).upper();
  for (const char* body : {"solver PCG; preconditioner DIC;", "solver PCG; preconditioner diagonal;",
                           "solver PCG; preconditioner DIC; precision single;"}) {
    SCOPED_TRACE(body);
    auto solveWith = [&](bool lending, LendingProbe& probe) {
      auto p = t.make(body, "p", std::make_shared<SolverWorkspace>());
      probe.matrix = &A;
      probe.workspace = &p->workspace();
      std::vector<double> x(static_cast<std::size_t>(t.g.nLocalCells()), 0.0);
      std::optional<LduMatrix::Lending> scope;
      if (lending) scope.emplace(A);
      const SolverPerformance perf = p->solve(A, x, t.b, probe);
      EXPECT_FALSE(A.upperLent());
      return std::pair(perf, x);
    };
    LendingProbe plain, lent;
    const auto [perfPlain, xPlain] = solveWith(false, plain);
    const auto [perfLent, xLent] = solveWith(true, lent);
    EXPECT_EQ(xLent, xPlain);
    EXPECT_EQ(perfLent.initialResidual, perfPlain.initialResidual);
    EXPECT_EQ(perfLent.finalResidual, perfPlain.finalResidual);
    EXPECT_EQ(perfLent.iterations, perfPlain.iterations);
    EXPECT_EQ(plain.lentUpdates, 0);
    EXPECT_EQ(lent.lentUpdates, lent.updates) << "lent from the first product to the last";
    EXPECT_GT(lent.updates, 0);
    EXPECT_EQ(plain.heldBytes, 3 * nFaces * sizeof(double));  // upper, and both triangles in row form
    EXPECT_EQ(lent.heldBytes, 2 * nFaces * sizeof(double));   // the row form alone
    EXPECT_EQ(std::as_const(A).upper(), upper);
  }
}

TEST(SolverWorkspace, FactorOfADestroyedMatrixIsFreedWhenTheNextSolveStarts) {
  Pressure t;
  auto p = t.make("solver PCG; preconditioner DIC;", "p", t.workspace);
  auto u = t.make("solver smoothSolver; smoother symGaussSeidel;", "U", t.workspace);
  const LduMatrix U = test::assemble(t.g, GridOperator{1.0, 2.0, -1.0});
  const auto nCells = static_cast<std::size_t>(t.g.nCells());
  {
    const LduMatrix A = test::assemble(t.g, GridOperator{});
    t.solve(*p, A);
    t.solve(*u, U);  // A still exists: its factor stays for a later solve of A
    EXPECT_EQ(t.workspace->factorBytes(), nCells * sizeof(double));
  }
  EXPECT_EQ(t.workspace->factorBytes(), nCells * sizeof(double));  // nothing frees it until a solve starts
  t.solve(*u, U);
  EXPECT_EQ(t.workspace->factorBytes(), 0u);
  const LduMatrix B = test::assemble(t.g, GridOperator{});
  t.solve(*p, B);  // a new factor in the same entry
  EXPECT_EQ(t.workspace->factorBytes(), nCells * sizeof(double));
  EXPECT_EQ(Pressure::factorizations(*p), 2);
}

TEST(SolverWorkspace, NestedSolveScopesFreeTheScratchWhenTheOutermostEnds) {
  SolverWorkspace w;
  {
    const SolverWorkspace::SolveScope outer(w);
    w.vector(0, 10);
    {
      const SolverWorkspace::SolveScope inner(w);  // e.g. a solve inside a preconditioner
      w.vector(1, 5);
    }
    EXPECT_EQ(w.vectorBytes(), 15 * sizeof(double));  // the outer solve's vectors survive the inner one
  }
  EXPECT_EQ(w.vectorCount(), 0u);
  EXPECT_EQ(w.vectorBytes(), 0u);
  EXPECT_EQ(w.vector(0, 4)[3], 0.0);  // taken again: zeros
}

TEST(SolverWorkspace, VectorsGrowToTheLargestRequestAndKeepTheirSlot) {
  SolverWorkspace w;
  std::span<double> a = w.vector(1, 10);
  EXPECT_EQ(a.size(), 10u);
  EXPECT_EQ(w.vectorCount(), 2u);
  a[3] = 7;
  const std::span<double> same = w.vector(1, 5);  // smaller: the same storage, first 5 entries
  EXPECT_EQ(same.data(), a.data());
  EXPECT_EQ(same.size(), 5u);
  EXPECT_EQ(same[3], 7);
  w.vector(4, 3);  // more slots: slot 1's storage stays where it is
  EXPECT_EQ(w.vector(1, 10).data(), a.data());
  EXPECT_EQ(w.vectorBytes(), (0 + 10 + 0 + 0 + 3) * sizeof(double));
}

}  // namespace
}  // namespace sluice::linear
