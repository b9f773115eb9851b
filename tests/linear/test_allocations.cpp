// No allocation inside iterations: the global operator new of this test
// executable counts calls, and a solve of 2 iterations makes as many as one
// of 6 (the work vectors and the row matrix a solve takes at its start and
// frees at its end, see SolverWorkspace, and nothing per iteration).
#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "linear/grid_system.hpp"
#include "linear/solver_test_support.hpp"
#include "sluice/parallel/comm_profile.hpp"

namespace {
std::atomic<long> allocations{0};  // test instrumentation only
}

void* operator new(std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace sluice::linear {
namespace {

TEST(Allocations, IterationsAllocateNothing) {
  const test::SlabGrid g = test::makeSlabGrid(16, 12, 0, 1);
  parallel::CommProfile profile;
  parallel::Communicator comm(MPI_COMM_SELF, &profile);
  test::NoGhosts ghosts;
  for (const std::string body :
       {"solver PCG; preconditioner DIC;", "solver PPCG; preconditioner DIC; progressChunks 3;",
        "solver PPCG; preconditioner none;", "solver PBiCGStab; preconditioner DILU; precision single;",
        "solver smoothSolver; smoother symGaussSeidel;", "solver smoothSolver; smoother DILU;",
        "solver GAMG; smoother GaussSeidel;"}) {
    const test::GridOperator op{1.0, body.find("PCG") != std::string::npos ? 0.0 : 1.5, 0.0};
    const LduMatrix A = test::assemble(g, op);
    const std::vector<double> b = test::rhsFor(g, op, [&](GlobalLabel gid) { return test::exactOf(g, gid); });
    std::vector<double> x(static_cast<std::size_t>(g.nLocalCells()), 0.0);
    const auto multigrid = test::multigridFor(comm, g);
    // Allocations of a solve (after a first one that factors and names the
    // profile region) stopped by maxIter, with its iterations.
    const auto allocationsOfSolve = [&](int maxIter) {
      auto solver = SolverRegistry::standard().create(
          test::settingsFrom(body + fmt::format(" tolerance 1e-30; relTol 0; maxIter {};", maxIter)),
          {&comm, "p", [](const std::string&) {}, multigrid.get()});
      solver->solve(A, x, b, ghosts);
      std::fill(x.begin(), x.end(), 0.0);
      const long before = allocations.load();
      const SolverPerformance p = solver->solve(A, x, b, ghosts);
      return std::pair<long, int>{allocations.load() - before, p.iterations};
    };
    const auto [few, fewIterations] = allocationsOfSolve(2);
    const auto [more, moreIterations] = allocationsOfSolve(6);
    EXPECT_EQ(fewIterations, 2) << body;
    EXPECT_EQ(moreIterations, 6) << body;
    EXPECT_GT(few, 0) << body << ": the counter sees the work vectors taken at the start";
    EXPECT_EQ(more, few) << body;
    EXPECT_LE(few, 20) << body << ": a buffer per work vector (PPCG has 13) and the row matrix";
  }
}

}  // namespace
}  // namespace sluice::linear
