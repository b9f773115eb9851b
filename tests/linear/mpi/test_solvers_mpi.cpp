// Distributed solves at 1-4 ranks: a 2D grid split into row slabs with ghost
// rows, HaloExchange as the GhostUpdater. Solutions match a serial solve of
// the whole grid (done on every process with MPI_COMM_SELF) to 1e-8 relative,
// so they agree across rank counts; reductions are counted with the profile
// and with PMPI interception.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "linear/grid_system.hpp"
#include "linear/solver_test_support.hpp"
#include "parallel/mpi/pmpi_counters.hpp"
#include "sluice/linear/solver_registry.hpp"
#include "sluice/parallel/comm_profile.hpp"

namespace sluice::linear {
namespace {

using parallel::CommProfile;
using parallel::Communicator;
using parallel::MpiOp;
using sluice::test::MpiCall;
using sluice::test::mpiCalls;
using sluice::test::MpiCalls;
using test::GridOperator;
using test::SlabGrid;
using test::Solve;

constexpr int kNx = 24, kNy = 20;
const GridOperator kPoisson{};
const GridOperator kNegativePoisson{1.0, 0.0, 0.0, -1.0};
const GridOperator kConvection{1.0, 2.0, -1.0};

struct Distributed {
  CommProfile profile;
  Communicator comm{MPI_COMM_WORLD, &profile};
  SlabGrid grid = test::makeSlabGrid(kNx, kNy, comm.rank(), comm.size());
  test::HaloGhosts ghosts{comm, grid.pattern, 300};
  Solve run(const GridOperator& op, const std::string& body) {
    return test::solveOn(comm, grid, ghosts, op, body);
  }
};

// The whole grid solved on this process alone; x by global id.
std::vector<double> serialSolution(const GridOperator& op, const std::string& body) {
  Communicator self(MPI_COMM_SELF);
  const SlabGrid g = test::makeSlabGrid(kNx, kNy, 0, 1);
  test::NoGhosts none;
  const Solve s = test::solveOn(self, g, none, op, body);
  EXPECT_TRUE(s.perf.converged) << body;
  return s.x;
}

// max over owned cells |x - reference| / max |reference| (this rank).
double diffToReference(const SlabGrid& g, const std::vector<double>& x, const std::vector<double>& reference) {
  double diff = 0, ref = 0;
  for (Label c = 0; c < g.nCells(); ++c) {
    diff = std::max(diff, std::abs(x[c] - reference[g.globalIds[c]]));
    ref = std::max(ref, std::abs(reference[g.globalIds[c]]));
  }
  return diff / ref;
}

TEST(SolversMpi, PcgAndPpcgMatchTheSerialSolutionAtAnyRankCount) {
  const std::string tight = " tolerance 1e-13;";
  for (const GridOperator& op : {kPoisson, kNegativePoisson}) {
    const std::vector<double> reference = serialSolution(op, "solver PCG; preconditioner DIC;" + tight);
    Distributed d;
    const Solve cg = d.run(op, "solver PCG; preconditioner DIC;" + tight);
    const Solve pipe = d.run(op, "solver PPCG; preconditioner DIC;" + tight);
    EXPECT_TRUE(cg.perf.converged);
    EXPECT_TRUE(pipe.perf.converged);
    EXPECT_LT(diffToReference(d.grid, cg.x, reference), 1e-8);
    EXPECT_LT(diffToReference(d.grid, pipe.x, reference), 1e-8);
    EXPECT_LT(cg.error, 1e-9);
    EXPECT_LT(pipe.error, 1e-9);
    EXPECT_LE(std::abs(cg.perf.iterations - pipe.perf.iterations), 2);
    // Every rank reports the same global figures.
    EXPECT_EQ(d.comm.max(pipe.perf.iterations), d.comm.min(pipe.perf.iterations));
    EXPECT_EQ(d.comm.max(pipe.perf.finalResidual), d.comm.min(pipe.perf.finalResidual));
  }
}

TEST(SolversMpi, PpcgMakesOneIallreducePerIterationAndNoAllreduceInTheLoop) {
  for (const std::string pc : {"DIC", "none"}) {
    Distributed d;
    const Solve warm = d.run(kPoisson, "solver PPCG; preconditioner " + pc + "; tolerance 1e-10;");  // halo set-up
    d.profile.reset();
    const MpiCalls before = mpiCalls();
    const Solve r = d.run(kPoisson, "solver PPCG; preconditioner " + pc + "; tolerance 1e-10;");
    const MpiCalls calls = mpiCalls() - before;
    SCOPED_TRACE(pc);
    ASSERT_GT(r.perf.iterations, 5);
    EXPECT_EQ(r.perf.iterations, warm.perf.iterations);
    // Constant before the loop (mean of x; normalisation), one per pass in it:
    // one per iteration plus the pass that confirms convergence.
    EXPECT_EQ(d.profile.op(MpiOp::Allreduce).calls, 2u);
    EXPECT_EQ(d.profile.op(MpiOp::Iallreduce).calls, r.perf.iterations + 1u);
    EXPECT_EQ(calls[MpiCall::Allreduce], 2);
    EXPECT_EQ(calls[MpiCall::Iallreduce], r.perf.iterations + 1);
    EXPECT_EQ(calls[MpiCall::Wait], r.perf.iterations + 1);
    EXPECT_EQ(calls.forbidden(), 0);
    // A looser tolerance: fewer iterations, the same two blocking reductions.
    d.profile.reset();
    const Solve loose = d.run(kPoisson, "solver PPCG; preconditioner " + pc + "; tolerance 1e-4;");
    EXPECT_LT(loose.perf.iterations, r.perf.iterations);
    EXPECT_EQ(d.profile.op(MpiOp::Allreduce).calls, 2u);
    EXPECT_EQ(d.profile.op(MpiOp::Iallreduce).calls, loose.perf.iterations + 1u);
  }
}

TEST(SolversMpi, PcgMakesAtMostTwoAllreducePerIteration) {
  Distributed d;
  const MpiCalls before = mpiCalls();
  const Solve r = d.run(kPoisson, "solver PCG; preconditioner DIC; tolerance 1e-10;");
  const MpiCalls calls = mpiCalls() - before;
  ASSERT_GT(r.perf.iterations, 5);
  EXPECT_EQ(d.profile.op(MpiOp::Allreduce).calls, 2u + 2u * r.perf.iterations);
  EXPECT_EQ(calls[MpiCall::Allreduce], 2 + 2 * r.perf.iterations);
  EXPECT_EQ(calls[MpiCall::Iallreduce], 0);
  EXPECT_EQ(calls.forbidden(), 0);
}

TEST(SolversMpi, AsymmetricSolversMatchTheSerialSolution) {
  const std::vector<double> reference =
      serialSolution(kConvection, "solver PBiCGStab; preconditioner DILU; tolerance 1e-13;");
  for (const std::string body :
       {"solver PBiCGStab; preconditioner DILU;", "solver PBiCGStab; preconditioner DILU; precision single;",
        "solver PBiCGStab; preconditioner diagonal;", "solver smoothSolver; smoother GaussSeidel;",
        "solver smoothSolver; smoother symGaussSeidel; nSweeps 2;", "solver smoothSolver; smoother DILU;",
        "solver GAMG; smoother GaussSeidel;"}) {
    Distributed d;
    const Solve r = d.run(kConvection, body + " tolerance 1e-12; maxIter 5000;");
    SCOPED_TRACE(body);
    EXPECT_TRUE(r.perf.converged);
    EXPECT_LT(diffToReference(d.grid, r.x, reference), 1e-8);
    EXPECT_LT(r.error, 1e-9);
  }
}

// A vector equation's components solved together (one pass over the matrix
// for all) give each component the bits and the performance of its own
// solve, also when the components stop after different iteration counts
// (the third is converged from the start).
TEST(SolversMpi, ComponentsSolvedTogetherEqualSeparateSolves) {
  Distributed d;
  const LduMatrix A = test::assemble(d.grid, kConvection);
  const std::vector<double> b0 =
      test::rhsFor(d.grid, kConvection, [&](GlobalLabel gid) { return test::exactOf(d.grid, gid); });
  std::vector<double> b1(b0.size()), b2(b0.size(), 0.0);
  for (std::size_t i = 0; i < b0.size(); ++i) b1[i] = 0.5 * b0[i] + 1e-3 * std::sin(double(d.grid.globalIds[i]));
  const std::vector<std::vector<double>> b{b0, b1, b2};
  const auto n = static_cast<std::size_t>(d.grid.nLocalCells());
  for (const std::string body : {"solver smoothSolver; smoother symGaussSeidel; tolerance 1e-9;",
                                 "solver smoothSolver; smoother GaussSeidel; nSweeps 2; tolerance 1e-12; maxIter 40;",
                                 "solver smoothSolver; smoother DILU; tolerance 1e-9;"}) {
    SCOPED_TRACE(body);
    const SolverSettings s = test::settingsFrom(body);
    auto alone = SolverRegistry::standard().create(s, {&d.comm, "U", {}});
    auto together = SolverRegistry::standard().create(s, {&d.comm, "U", {}});
    EXPECT_EQ(together->solvesComponentsTogether(), body.find("GaussSeidel") != std::string::npos);
    for (const std::size_t K : {std::size_t{2}, std::size_t{3}}) {
      std::vector<std::vector<double>> xAlone(K, std::vector<double>(n, 0.0)), xTogether = xAlone;
      std::vector<SolverPerformance> perfAlone;
      for (std::size_t c = 0; c < K; ++c) perfAlone.push_back(alone->solve(A, xAlone[c], b[c], d.ghosts));
      // Interleaved cell by cell, as a vector equation's components are solved.
      std::vector<double> x(K * n), rhs(K * b0.size());
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t c = 0; c < K; ++c) x[K * i + c] = xTogether[c][i];
      for (std::size_t i = 0; i < b0.size(); ++i)
        for (std::size_t c = 0; c < K; ++c) rhs[K * i + c] = b[c][i];
      const std::vector<SolverPerformance> perf = together->solveComponents(A, x, rhs, static_cast<int>(K), d.ghosts);
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t c = 0; c < K; ++c) xTogether[c][i] = x[K * i + c];
      ASSERT_EQ(perf.size(), K);
      for (std::size_t c = 0; c < K; ++c) {
        SCOPED_TRACE(c);
        EXPECT_EQ(perf[c].iterations, perfAlone[c].iterations);
        EXPECT_EQ(perf[c].initialResidual, perfAlone[c].initialResidual);
        EXPECT_EQ(perf[c].finalResidual, perfAlone[c].finalResidual);
        EXPECT_EQ(perf[c].converged, perfAlone[c].converged);
        EXPECT_TRUE(std::equal(xAlone[c].begin(), xAlone[c].begin() + d.grid.nCells(), xTogether[c].begin()));
      }
      EXPECT_GT(perfAlone[0].iterations, 0);
      if (K == 3) {
        EXPECT_EQ(perfAlone[2].iterations, 0);  // b = 0 from x = 0: converged before iterating
      }
    }
  }
}

TEST(SolversMpi, SymmetricSmoothersAndPreconditioners) {
  const std::vector<double> reference = serialSolution(kPoisson, "solver PCG; preconditioner DIC; tolerance 1e-13;");
  for (const std::string body : {"solver PCG; preconditioner diagonal;", "solver PPCG; preconditioner diagonal;",
                                 "solver PCG; preconditioner none;", "solver smoothSolver; smoother DIC;"}) {
    Distributed d;
    const Solve r = d.run(kPoisson, body + " tolerance 1e-12; maxIter 5000;");
    SCOPED_TRACE(body);
    EXPECT_TRUE(r.perf.converged);
    EXPECT_LT(diffToReference(d.grid, r.x, reference), 1e-8);
  }
}

TEST(SolversMpi, SinglePrecisionDicConvergesToTheSameSolution) {
  const std::vector<double> reference = serialSolution(kPoisson, "solver PCG; preconditioner DIC; tolerance 1e-13;");
  for (const std::string solver : {"PCG", "PPCG"}) {
    Distributed d;
    const Solve dbl = d.run(kPoisson, "solver " + solver + "; preconditioner DIC; tolerance 1e-12;");
    const Solve sgl = d.run(kPoisson, "solver " + solver + "; preconditioner DIC; tolerance 1e-12; precision single;");
    SCOPED_TRACE(solver);
    EXPECT_TRUE(sgl.perf.converged);
    EXPECT_LE(std::abs(dbl.perf.iterations - sgl.perf.iterations), 2);
    EXPECT_LT(diffToReference(d.grid, sgl.x, reference), 1e-8);
  }
}

TEST(SolversMpi, ProgressChunksKeepTheArithmeticAndTestTheReduction) {
  Distributed plain, chunked;
  const Solve a = plain.run(kPoisson, "solver PPCG; preconditioner DIC; tolerance 1e-10;");
  const MpiCalls before = mpiCalls();
  const Solve b = chunked.run(kPoisson, "solver PPCG; preconditioner DIC; tolerance 1e-10; progressChunks 4;");
  const MpiCalls calls = mpiCalls() - before;
  EXPECT_EQ(a.x, b.x);
  EXPECT_EQ(a.perf.iterations, b.perf.iterations);
  EXPECT_EQ(calls[MpiCall::Iallreduce], b.perf.iterations + 1);
  EXPECT_EQ(calls[MpiCall::Allreduce], 2);
  EXPECT_GE(calls[MpiCall::Test], b.perf.iterations);
  EXPECT_EQ(static_cast<long>(chunked.profile.op(MpiOp::Test).calls), calls[MpiCall::Test]);
}

TEST(SolversMpi, OverlappedSolutionUpdateKeepsTheArithmeticAndTheReductions) {
  // x += alpha p done in the next reduction's overlap window (RePiPePCG's
  // rearrangement): the same solution bit for bit, the same reductions.
  Distributed plain, overlapped;
  const std::string settings = "solver PPCG; preconditioner DIC; tolerance 1e-10; progressChunks 4;";
  const Solve a = plain.run(kPoisson, settings);
  const MpiCalls before = mpiCalls();
  const Solve b = overlapped.run(kPoisson, settings + " overlapSolutionUpdate yes;");
  const MpiCalls calls = mpiCalls() - before;
  EXPECT_EQ(a.x, b.x);
  EXPECT_EQ(a.perf.iterations, b.perf.iterations);
  EXPECT_EQ(a.perf.finalResidual, b.perf.finalResidual);
  EXPECT_EQ(calls[MpiCall::Iallreduce], b.perf.iterations + 1);
  EXPECT_EQ(calls[MpiCall::Allreduce], 2);
  // Capped by maxIter, the last pass has no overlap window: x is still complete.
  Distributed capped, cappedOverlapped;
  const Solve c = capped.run(kPoisson, "solver PPCG; preconditioner DIC; tolerance 1e-14; maxIter 7;");
  const Solve d = cappedOverlapped.run(
      kPoisson, "solver PPCG; preconditioner DIC; tolerance 1e-14; maxIter 7; overlapSolutionUpdate yes;");
  EXPECT_EQ(c.perf.iterations, 7);
  EXPECT_EQ(c.x, d.x);
}

TEST(SolversMpi, PpcgDirectionUpdateInTheOverlapWindowAgreesToRounding) {
  const std::vector<double> reference = serialSolution(kPoisson, "solver PCG; preconditioner DIC; tolerance 1e-13;");
  Distributed plain, overlapped;
  const std::string settings = "solver PPCG; preconditioner DIC; tolerance 1e-12; progressChunks 3;";
  const Solve a = plain.run(kPoisson, settings);
  const auto before = mpiCalls();
  const Solve b = overlapped.run(kPoisson, settings + " overlapDirectionUpdate yes;");
  const MpiCalls calls = mpiCalls() - before;
  EXPECT_TRUE(b.perf.converged);
  EXPECT_LE(std::abs(a.perf.iterations - b.perf.iterations), 1);
  EXPECT_LT(diffToReference(overlapped.grid, b.x, reference), 1e-8);
  EXPECT_LT(b.error, 1e-9);
  EXPECT_EQ(calls[MpiCall::Iallreduce], b.perf.iterations + 1);
  EXPECT_EQ(calls[MpiCall::Allreduce], 2);
  // Capped by maxIter: p and x are complete when the solve returns.
  Distributed capped, cappedOverlapped;
  const Solve c = capped.run(kPoisson, "solver PPCG; preconditioner DIC; tolerance 1e-14; maxIter 7;");
  const Solve d = cappedOverlapped.run(
      kPoisson, "solver PPCG; preconditioner DIC; tolerance 1e-14; maxIter 7; overlapDirectionUpdate yes;");
  EXPECT_EQ(d.perf.iterations, 7);
  double maxDiff = 0, maxRef = 0;
  for (Label i = 0; i < capped.grid.nCells(); ++i) {
    maxDiff = std::max(maxDiff, std::abs(c.x[i] - d.x[i]));
    maxRef = std::max(maxRef, std::abs(c.x[i]));
  }
  EXPECT_LT(maxDiff, 1e-12 * maxRef);
}

TEST(SolversMpi, GamgSolveRegionIsProfiled) {
  Distributed d;
  const LduMatrix A = test::assemble(d.grid, kPoisson);
  const std::vector<double> b(static_cast<std::size_t>(d.grid.nCells()), 1.0);
  const auto multigrid = test::multigridFor(d.comm, d.grid);
  auto solver = SolverRegistry::standard().create(test::settingsFrom("solver GAMG; smoother GaussSeidel; tolerance 1e-8;"),
                                                  {&d.comm, "p", [](const std::string&) {}, multigrid.get()});
  for (int i = 0; i < 3; ++i) {
    std::vector<double> x(static_cast<std::size_t>(d.grid.nLocalCells()), 0.0);
    const SolverPerformance p = solver->solve(A, x, b, d.ghosts);
    EXPECT_EQ(p.solverName, "GAMG");
    EXPECT_TRUE(p.converged);
  }
  const auto& regions = d.profile.regions();
  ASSERT_EQ(regions.size(), 1u);
  EXPECT_EQ(regions[0].name, "linear-solve:p");
  EXPECT_EQ(regions[0].calls, 3u);
}

}  // namespace
}  // namespace sluice::linear
