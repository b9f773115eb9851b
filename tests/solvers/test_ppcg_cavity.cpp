// PPCG (pipelined CG) for p in the cavity run by `sluice run` at 2 and 3
// ranks:
//  - it gives PCG's solution within the solver tolerance (U and p by cell id);
//  - the communication profile shows exactly one MPI_Iallreduce per PPCG
//    iteration (plus one per solve: the pass that confirms convergence, see
//    linear/ppcg_solver.hpp) and no blocking MPI_Allreduce inside the
//    iterations: two PPCG runs of the same steps with very different
//    iteration counts (p to 1e-10 and to 1e-4) make the same number of
//    Allreduce calls.
// U is solved with a fixed number of sweeps (tolerance 0, maxIter 4), so its
// reductions do not depend on the p solution.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numeric>
#include <string>

#include "solvers/solver_case_support.hpp"

using namespace sluice;

namespace {

constexpr int kSteps = 10;

test::CavityCase ppcgCavity(const std::string& pSolver, double pTolerance) {
  test::CavityCase c;
  c.n = 40;
  c.deltaT = 0.01;
  c.endTime = kSteps * c.deltaT;
  c.pSolver = pSolver;
  c.pTolerance = pTolerance;
  c.uSolverSettings = "solver smoothSolver; smoother symGaussSeidel; tolerance 0; relTol 0; maxIter 4;";
  return c;
}

struct PpcgRun {
  test::CommandResult result;
  test::VtkCells cells;
  std::vector<int> pIterations;  ///< per p solve, from the log
  test::RankFigure iallreduce, allreduce, pSolves;
};

PpcgRun run(const std::filesystem::path& caseDir, const test::CavityCase& c, int np) {
  test::writeCavityCase(caseDir, c);
  PpcgRun r;
  r.result = test::runSluice(caseDir, np);
  if (r.result.exitCode != 0) return r;
  r.cells = test::readLastVtkCells(caseDir);
  r.pIterations = test::solverIterations(r.result.output, "p");
  const test::ProfileJson profile(caseDir / "sluice-profile.json");
  r.iallreduce = profile.opCalls("Iallreduce");
  r.allreduce = profile.opCalls("Allreduce");
  const test::RankFigure p = profile.regionCalls("linear-solve:p"), pFinal = profile.regionCalls("linear-solve:pFinal");
  r.pSolves = {p.min + pFinal.min, p.mean + pFinal.mean, p.max + pFinal.max};
  EXPECT_EQ(profile.steps(), kSteps);
  return r;
}

void expectSameOnAllRanks(const test::RankFigure& f, const char* what) {
  EXPECT_EQ(f.min, f.max) << what << " differs between ranks";
}

void checkPpcg(int np) {
  test::TempDir dir("ppcg-np" + std::to_string(np));
  const PpcgRun pcg = run(dir.path() / "pcg", ppcgCavity("PCG", 1e-10), np);
  ASSERT_EQ(pcg.result.exitCode, 0) << pcg.result.output;
  const PpcgRun tight = run(dir.path() / "ppcg-tight", ppcgCavity("PPCG", 1e-10), np);
  ASSERT_EQ(tight.result.exitCode, 0) << tight.result.output;
  const PpcgRun loose = run(dir.path() / "ppcg-loose", ppcgCavity("PPCG", 1e-4), np);
  ASSERT_EQ(loose.result.exitCode, 0) << loose.result.output;
  EXPECT_NE(tight.result.output.find("DICPPCG:  Solving for p"), std::string::npos) << tight.result.output;

  // Same solution as PCG: U and p by cell id.
  double dU = 0, dp = 0, pRange = 0;
  for (const auto& [id, u] : pcg.cells.U) {
    dU = std::max(dU, mag(tight.cells.U.at(id) - u));
    dp = std::max(dp, std::abs(tight.cells.p.at(id) - pcg.cells.p.at(id)));
    pRange = std::max(pRange, std::abs(pcg.cells.p.at(id)));
  }
  std::printf("np %d: PPCG vs PCG max |dU| = %.2e, max |dp| = %.2e (max |p| %.3g)\n", np, dU, dp, pRange);
  EXPECT_LE(dU, 1e-8);
  EXPECT_LE(dp, 1e-8 * pRange);

  // One Iallreduce per PPCG iteration plus one per solve; every solve iterates.
  const int nSolves = kSteps * 2;  // PISO nCorrectors 2, no non-orthogonal correctors
  for (const PpcgRun* r : {&tight, &loose}) {
    ASSERT_EQ(static_cast<int>(r->pIterations.size()), nSolves) << r->result.output;
    EXPECT_GT(*std::min_element(r->pIterations.begin(), r->pIterations.end()), 0);
    const long long iterations = std::accumulate(r->pIterations.begin(), r->pIterations.end(), 0LL);
    expectSameOnAllRanks(r->iallreduce, "Iallreduce calls");
    expectSameOnAllRanks(r->allreduce, "Allreduce calls");
    expectSameOnAllRanks(r->pSolves, "p solves");
    EXPECT_EQ(r->pSolves.max, nSolves);
    EXPECT_EQ(r->iallreduce.max, static_cast<double>(iterations + nSolves));
    std::printf("np %d: %lld PPCG iterations in %d solves, %.0f Iallreduce, %.0f Allreduce per rank\n", np, iterations,
                nSolves, r->iallreduce.max, r->allreduce.max);
  }
  // Iterations differ a lot, blocking reductions do not: none per iteration.
  const long long tightIterations = std::accumulate(tight.pIterations.begin(), tight.pIterations.end(), 0LL);
  const long long looseIterations = std::accumulate(loose.pIterations.begin(), loose.pIterations.end(), 0LL);
  EXPECT_GE(tightIterations, looseIterations + 10 * nSolves);  // measured: about 30 more per solve
  EXPECT_EQ(tight.allreduce.max, loose.allreduce.max);
  // PCG needs blocking reductions per iteration, PPCG none: PCG's run makes
  // more Allreduce calls than PPCG's by at least one per PCG iteration.
  const std::vector<int> pcgIterations = test::solverIterations(pcg.result.output, "p");
  const long long pcgTotal = std::accumulate(pcgIterations.begin(), pcgIterations.end(), 0LL);
  EXPECT_EQ(pcg.iallreduce.max, 0);
  EXPECT_GE(pcg.allreduce.max - tight.allreduce.max, static_cast<double>(pcgTotal));
}

}  // namespace

TEST(CavityPpcg, SameSolutionAsPcgAndOneIallreducePerIterationAt2Ranks) { checkPpcg(2); }

TEST(CavityPpcg, SameSolutionAsPcgAndOneIallreducePerIterationAt3Ranks) { checkPpcg(3); }
