// Serial solves (one rank, MPI_COMM_SELF) of manufactured problems: every
// solver reaches the discrete solution; PCG and PPCG agree; stopping rules;
// single-precision factors; GAMG's reported name and errors; reductions in the profile.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "linear/grid_system.hpp"
#include "sluice/core/error.hpp"
#include "linear/solver_test_support.hpp"
#include "sluice/linear/pcg_solver.hpp"
#include "sluice/linear/solver_registry.hpp"
#include "sluice/parallel/comm_profile.hpp"

namespace sluice::linear {
namespace {

using parallel::CommProfile;
using parallel::Communicator;
using parallel::MpiOp;
using test::GridOperator;
using test::NoGhosts;
using test::SlabGrid;
using test::Solve;

struct Serial {
  CommProfile profile;
  Communicator comm{MPI_COMM_SELF, &profile};
  NoGhosts ghosts;
  Solve run(const SlabGrid& g, const GridOperator& op, const std::string& body) {
    return test::solveOn(comm, g, ghosts, op, body);
  }
};

const GridOperator kPoisson{};
const GridOperator kNegativePoisson{1.0, 0.0, 0.0, -1.0};
const GridOperator kConvection{1.0, 2.0, -1.0};

TEST(Solvers, SymmetricSolversReachThe2dPoissonSolution) {
  const SlabGrid g = test::makeSlabGrid(12, 10, 0, 1);
  for (const std::string body : {
           "solver PCG; preconditioner DIC;", "solver PCG; preconditioner diagonal;", "solver PCG; preconditioner none;",
           "solver PPCG; preconditioner DIC;", "solver PPCG; preconditioner none;",
           "solver PBiCGStab; preconditioner DIC;", "solver smoothSolver; smoother symGaussSeidel;",
           "solver smoothSolver; smoother GaussSeidel; nSweeps 2;", "solver smoothSolver; smoother DIC;",
           "solver GAMG; smoother GaussSeidel;"}) {
    Serial s;
    const Solve r = s.run(g, kPoisson, body + " tolerance 1e-10; maxIter 5000;");
    SCOPED_TRACE(body);
    EXPECT_TRUE(r.perf.converged);
    EXPECT_LT(r.perf.finalResidual, 1e-10);
    EXPECT_GT(r.perf.initialResidual, 0.1);
    EXPECT_GT(r.perf.iterations, 1);
    EXPECT_LT(r.error, 1e-8);
  }
}

TEST(Solvers, DicIsExactOnA1dProblemSoCgNeedsOneIteration) {
  const SlabGrid g = test::makeSlabGrid(1, 40, 0, 1);
  for (const std::string solver : {"PCG", "PPCG"}) {
    Serial s;
    const Solve r = s.run(g, kPoisson, "solver " + solver + "; preconditioner DIC; tolerance 1e-12;");
    EXPECT_EQ(r.perf.iterations, 1) << solver;
    EXPECT_LT(r.error, 1e-12) << solver;
  }
  Serial s;  // without a preconditioner CG needs about n/2 iterations on a symmetric 1D problem
  const Solve r = s.run(g, kPoisson, "solver PCG; preconditioner none; tolerance 1e-12;");
  EXPECT_GE(r.perf.iterations, 15);
  EXPECT_LE(r.perf.iterations, 41);
  EXPECT_LT(r.error, 1e-10);
}

TEST(Solvers, NegativeDefiniteMatrixAsOpenFoamAssemblesIt) {
  const SlabGrid g = test::makeSlabGrid(10, 9, 0, 1);
  for (const std::string body : {"solver PCG; preconditioner DIC;", "solver PPCG; preconditioner DIC;",
                                 "solver smoothSolver; smoother GaussSeidel;"}) {
    Serial s;
    const Solve r = s.run(g, kNegativePoisson, body + " tolerance 1e-10; maxIter 5000;");
    EXPECT_TRUE(r.perf.converged) << body;
    EXPECT_LT(r.error, 1e-8) << body;
  }
}

TEST(Solvers, AsymmetricConvectionDiffusion) {
  const SlabGrid g = test::makeSlabGrid(12, 10, 0, 1);
  for (const std::string body :
       {"solver PBiCGStab; preconditioner DILU;", "solver PBiCGStab; preconditioner diagonal;",
        "solver PBiCGStab; preconditioner none;", "solver PBiCGStab; preconditioner DILU; precision single;",
        "solver smoothSolver; smoother GaussSeidel;", "solver smoothSolver; smoother symGaussSeidel;",
        "solver smoothSolver; smoother DILU;", "solver GAMG; smoother GaussSeidel;"}) {
    Serial s;
    const Solve r = s.run(g, kConvection, body + " tolerance 1e-10; maxIter 5000;");
    SCOPED_TRACE(body);
    EXPECT_TRUE(r.perf.converged);
    EXPECT_LT(r.perf.finalResidual, 1e-10);
    EXPECT_LT(r.error, 1e-8);
  }
}

TEST(Solvers, SolverNamesAndGamgWithoutAMesh) {
  const SlabGrid g = test::makeSlabGrid(6, 5, 0, 1);
  Serial s;
  EXPECT_EQ(s.run(g, kPoisson, "solver PCG; preconditioner DIC;").perf.solverName, "DICPCG");
  EXPECT_EQ(s.run(g, kPoisson, "solver PPCG; preconditioner none;").perf.solverName, "nonePPCG");
  EXPECT_EQ(s.run(g, kConvection, "solver PBiCGStab; preconditioner DILU;").perf.solverName, "DILUPBiCGStab");
  EXPECT_EQ(s.run(g, kConvection, "solver smoothSolver; smoother GaussSeidel;").perf.solverName, "smoothSolver");
  EXPECT_EQ(s.run(g, kPoisson, "solver GAMG; smoother GaussSeidel;").perf.solverName, "GAMG");
  EXPECT_EQ(s.run(g, kPoisson, "solver PCG; preconditioner { preconditioner GAMG; smoother GaussSeidel; }")
                .perf.solverName,
            "GAMGPCG");

  // GAMG agglomerates the mesh: a solver made without one fails at its first solve, naming the entry.
  const LduMatrix A = test::assemble(g, kPoisson);
  std::vector<double> b(30, 1.0), x(30, 0.0);
  auto solver = SolverRegistry::standard().create(test::settingsFrom("solver GAMG; smoother GaussSeidel;"),
                                                  {&s.comm, "p", [](const std::string&) {}});
  try {
    solver->solve(A, x, b, s.ghosts);
    FAIL() << "expected an error";
  } catch (const sluice::Error& e) {
    EXPECT_STREQ(e.what(), "system/fvSolution: solvers/p: GAMG needs the mesh (its face areas and halo) and none was given");
  }
}

TEST(Solvers, PerformanceLine) {
  const SolverPerformance p{"DICPCG", "p", 1, 8.2e-07, 41, true};
  EXPECT_EQ(p.line(), "DICPCG:  Solving for p, Initial residual = 1, Final residual = 8.2e-07, No Iterations 41");
  const SolverPerformance q{"smoothSolver", "Ux", 0.00123456789, 0.1, 3, false};
  EXPECT_EQ(q.line(),
            "smoothSolver:  Solving for Ux, Initial residual = 0.00123457, Final residual = 0.1, No Iterations 3");
}

TEST(Solvers, PcgAndPpcgGiveTheSameSolution) {
  const SlabGrid g = test::makeSlabGrid(30, 24, 0, 1);
  for (const std::string pc : {"DIC", "diagonal", "none"}) {
    Serial s;
    const Solve cg = s.run(g, kPoisson, "solver PCG; preconditioner " + pc + "; tolerance 1e-12;");
    const Solve pipe = s.run(g, kPoisson, "solver PPCG; preconditioner " + pc + "; tolerance 1e-12;");
    SCOPED_TRACE(pc);
    EXPECT_TRUE(cg.perf.converged);
    EXPECT_TRUE(pipe.perf.converged);
    EXPECT_LE(std::abs(cg.perf.iterations - pipe.perf.iterations), 2);
    double diff = 0, ref = 0;
    for (Label c = 0; c < g.nCells(); ++c) {
      diff = std::max(diff, std::abs(cg.x[c] - pipe.x[c]));
      ref = std::max(ref, std::abs(cg.x[c]));
    }
    EXPECT_LT(diff / ref, 1e-9);
    // The recursive residual of pipelined CG against the true residual of its solution.
    const LduMatrix A = test::assemble(g, kPoisson);
    std::vector<double> x = pipe.x;
    auto check = SolverRegistry::standard().create(
        test::settingsFrom("solver PCG; preconditioner none; maxIter 0;"), {&s.comm, "p", {}});
    const std::vector<double> b = test::rhsFor(g, kPoisson, [&](GlobalLabel gid) { return test::exactOf(g, gid); });
    const double trueResidual = check->solve(A, x, b, s.ghosts).initialResidual;
    EXPECT_LT(trueResidual, 1e-11);
  }
}

TEST(Solvers, SinglePrecisionDicConvergesLikeDouble) {
  const SlabGrid g = test::makeSlabGrid(30, 24, 0, 1);
  for (const std::string solver : {"PCG", "PPCG"}) {
    Serial s;
    const Solve dbl = s.run(g, kPoisson, "solver " + solver + "; preconditioner DIC; tolerance 1e-10;");
    const Solve sgl =
        s.run(g, kPoisson, "solver " + solver + "; preconditioner DIC; tolerance 1e-10; precision single;");
    SCOPED_TRACE(solver);
    EXPECT_TRUE(sgl.perf.converged);
    EXPECT_LE(std::abs(dbl.perf.iterations - sgl.perf.iterations), 2);
    EXPECT_LT(sgl.error, 1e-8);
    EXPECT_NE(dbl.x, sgl.x);  // the factors really differ
  }
}

// Residual normalisation on a hand-computed 3-cell system (see test_ldu_matrix):
// x = (1, 2, 3), b = (1, 1, 1); A x = (2, 2.5, 17); row sums (3, 1.5, 5.5);
// mean x = 2, so pA = (6, 3, 11); normFactor = (4 + 0.5 + 6) + (5 + 2 + 10) = 27.5;
// sum |b - A x| = 1 + 1.5 + 16 = 18.5; residual = 18.5 / 27.5.
TEST(Solvers, ResidualNormalisationOfAHandExample) {
  auto a = std::make_shared<LduAddressing>();
  a->nCells = a->nLocalCells = 3;
  a->setFaces({0, 1}, {1, 2});
  LduMatrix A(a);
  A.diag() = {4, 5, 6};
  A.upper() = {-1, -2};
  A.lower() = {-1.5, -0.5};
  const std::vector<double> b{1, 1, 1};
  for (const std::string body :
       {"solver PCG; preconditioner DIC;", "solver PPCG; preconditioner DIC;", "solver PBiCGStab; preconditioner DILU;",
        "solver smoothSolver; smoother GaussSeidel;"}) {
    Serial s;
    std::vector<double> x{1, 2, 3};
    auto solver = SolverRegistry::standard().create(test::settingsFrom(body + " maxIter 0;"), {&s.comm, "p", {}});
    const SolverPerformance p = solver->solve(A, x, b, s.ghosts);
    EXPECT_DOUBLE_EQ(p.initialResidual, 18.5 / 27.5) << body;
    EXPECT_EQ(p.finalResidual, p.initialResidual) << body;
    EXPECT_EQ(p.iterations, 0) << body;
    EXPECT_FALSE(p.converged) << body;
    EXPECT_EQ(x, (std::vector<double>{1, 2, 3})) << body;
  }
  // A uniform x = 2 gives A x = pA, so normFactor = sum |b - pA| = 5 + 2 + 10
  // = sum |b - A x|: residual 1.
  Serial s;
  std::vector<double> x{2, 2, 2};
  auto solver = SolverRegistry::standard().create(test::settingsFrom("solver PCG; preconditioner none; maxIter 0;"),
                                                  {&s.comm, "p", {}});
  EXPECT_DOUBLE_EQ(solver->solve(A, x, b, s.ghosts).initialResidual, (5.0 + 2.0 + 10.0) / 17.0);
}

TEST(Solvers, ConvergedInitialGuessTakesNoIterations) {
  const SlabGrid g = test::makeSlabGrid(8, 6, 0, 1);
  const LduMatrix A = test::assemble(g, kPoisson);
  auto exact = [&](GlobalLabel gid) { return test::exactOf(g, gid); };
  const std::vector<double> b = test::rhsFor(g, kPoisson, exact);
  for (const std::string body :
       {"solver PCG; preconditioner DIC;", "solver PPCG; preconditioner DIC;", "solver PBiCGStab; preconditioner DILU;",
        "solver smoothSolver; smoother GaussSeidel;", "solver GAMG; smoother GaussSeidel;"}) {
    Serial s;
    std::vector<double> x(48);
    for (Label c = 0; c < 48; ++c) x[c] = exact(g.globalIds[c]);
    const std::vector<double> start = x;
    std::vector<std::string> warnings;
    const auto multigrid = test::multigridFor(s.comm, g);
    auto solver = SolverRegistry::standard().create(
        test::settingsFrom(body + " tolerance 1e-8;"),
        {&s.comm, "p", [&](const std::string& m) { warnings.push_back(m); }, multigrid.get()});
    multigrid->agglomeration({});  // GAMG's hierarchy (built once per mesh, with reductions of its own)
    const auto allreduceBefore = s.profile.op(MpiOp::Allreduce).calls;
    const SolverPerformance p = solver->solve(A, x, b, s.ghosts);
    EXPECT_EQ(p.iterations, 0) << body;
    EXPECT_TRUE(p.converged) << body;
    EXPECT_LT(p.initialResidual, 1e-14) << body;
    EXPECT_EQ(x, start) << body;
    // The mean of x and the normalisation.
    EXPECT_EQ(s.profile.op(MpiOp::Allreduce).calls - allreduceBefore, 2u) << body;
    EXPECT_EQ(s.profile.op(MpiOp::Iallreduce).calls, 0u) << body;
  }
}

TEST(Solvers, RelTolMinIterAndMaxIter) {
  const SlabGrid g = test::makeSlabGrid(16, 12, 0, 1);
  for (const std::string solver : {"solver PCG; preconditioner DIC;", "solver PPCG; preconditioner DIC;",
                                   "solver PBiCGStab; preconditioner DILU;"}) {
    SCOPED_TRACE(solver);
    Serial s;
    const Solve rel = s.run(g, kPoisson, solver + " tolerance 1e-14; relTol 0.01;");
    EXPECT_TRUE(rel.perf.converged);
    EXPECT_LT(rel.perf.finalResidual, 0.01 * rel.perf.initialResidual);
    EXPECT_GT(rel.perf.finalResidual, 1e-14);
    const Solve full = s.run(g, kPoisson, solver + " tolerance 1e-14;");
    EXPECT_LT(rel.perf.iterations, full.perf.iterations);

    const Solve capped = s.run(g, kPoisson, solver + " tolerance 1e-14; maxIter 3;");
    EXPECT_EQ(capped.perf.iterations, 3);
    EXPECT_FALSE(capped.perf.converged);
    EXPECT_LT(capped.perf.finalResidual, capped.perf.initialResidual);

    const Solve forced = s.run(g, kPoisson, solver + " tolerance 100; minIter 4;");
    EXPECT_EQ(forced.perf.iterations, 4);
    EXPECT_TRUE(forced.perf.converged);
  }
  Serial s;  // smoothSolver counts sweeps and checks after every nSweeps
  const Solve sweeps = s.run(g, kPoisson, "solver smoothSolver; smoother GaussSeidel; nSweeps 3; tolerance 100; minIter 4;");
  EXPECT_EQ(sweeps.perf.iterations, 6);
  const Solve capped = s.run(g, kPoisson, "solver smoothSolver; smoother GaussSeidel; nSweeps 2; tolerance 1e-14; maxIter 7;");
  EXPECT_EQ(capped.perf.iterations, 8);
}

TEST(Solvers, FactorsAndWorkspaceAreReusedAcrossSolves) {
  const SlabGrid g = test::makeSlabGrid(10, 8, 0, 1);
  LduMatrix A = test::assemble(g, kPoisson);
  auto exact = [&](GlobalLabel gid) { return test::exactOf(g, gid); };
  const std::vector<double> b = test::rhsFor(g, kPoisson, exact);
  Serial s;
  auto solver = SolverRegistry::standard().create(test::settingsFrom("solver PCG; preconditioner DIC; tolerance 1e-10;"),
                                                  {&s.comm, "p", {}});
  const auto& pcg = dynamic_cast<const PcgSolver&>(*solver);
  std::vector<double> x1(80, 0.0), x2(80, 0.0);
  const SolverPerformance p1 = solver->solve(A, x1, b, s.ghosts);
  const SolverPerformance p2 = solver->solve(A, x2, b, s.ghosts);
  EXPECT_EQ(pcg.preconditioner().factorizations(), 1);
  EXPECT_EQ(x1, x2);
  EXPECT_EQ(p1.iterations, p2.iterations);
  A.diag()[0] *= 2;  // new coefficients: refactored at the next solve
  std::vector<double> x3(80, 0.0);
  solver->solve(A, x3, b, s.ghosts);
  EXPECT_EQ(pcg.preconditioner().factorizations(), 2);
}

TEST(Solvers, ProfileCountsReductionsAndTheSolveRegion) {
  const SlabGrid g = test::makeSlabGrid(20, 16, 0, 1);
  {
    Serial s;
    const Solve r = s.run(g, kPoisson, "solver PCG; preconditioner DIC; tolerance 1e-10;");
    EXPECT_EQ(s.profile.op(MpiOp::Allreduce).calls, 2u + 2u * r.perf.iterations);
    EXPECT_EQ(s.profile.op(MpiOp::Iallreduce).calls, 0u);
    const auto& regions = s.profile.regions();
    ASSERT_EQ(regions.size(), 1u);
    EXPECT_EQ(regions[0].name, "linear-solve:p");
    EXPECT_EQ(regions[0].calls, 1u);
  }
  {
    Serial s;
    const Solve r = s.run(g, kPoisson, "solver PPCG; preconditioner DIC; tolerance 1e-10;");
    EXPECT_GT(r.perf.iterations, 5);
    EXPECT_EQ(s.profile.op(MpiOp::Allreduce).calls, 2u);
    EXPECT_EQ(s.profile.op(MpiOp::Iallreduce).calls, r.perf.iterations + 1u);
    EXPECT_EQ(s.profile.op(MpiOp::Test).calls, 0u);
  }
  {
    Serial s;
    const Solve r = s.run(g, kConvection, "solver PBiCGStab; preconditioner DILU; tolerance 1e-10;");
    // 3 per iteration, except that a solve ending on the half step saves one.
    const auto calls = s.profile.op(MpiOp::Allreduce).calls;
    EXPECT_GE(calls, 2u + 3u * r.perf.iterations - 1u);
    EXPECT_LE(calls, 2u + 3u * r.perf.iterations);
  }
}

TEST(Solvers, ProgressChunksDoNotChangeTheArithmetic) {
  const SlabGrid g = test::makeSlabGrid(20, 16, 0, 1);
  Serial plain, chunked;
  const Solve a = plain.run(g, kPoisson, "solver PPCG; preconditioner DIC; tolerance 1e-10;");
  const Solve b = chunked.run(g, kPoisson, "solver PPCG; preconditioner DIC; tolerance 1e-10; progressChunks 5;");
  EXPECT_EQ(a.x, b.x);
  EXPECT_EQ(a.perf.iterations, b.perf.iterations);
  EXPECT_EQ(a.perf.finalResidual, b.perf.finalResidual);
  EXPECT_EQ(chunked.profile.op(MpiOp::Iallreduce).calls, b.perf.iterations + 1u);
  // Each overlapped pass tests at least once (one rank: the first test completes it).
  EXPECT_GE(chunked.profile.op(MpiOp::Test).calls, std::uint64_t(b.perf.iterations));
}

}  // namespace
}  // namespace sluice::linear
