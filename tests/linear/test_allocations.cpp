// No allocation inside solves once a solver object has its workspace: the
// global operator new of this test executable counts calls, and a second
// solve with the same solver (and matrix) must make none.
#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

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

TEST(Allocations, RepeatedSolvesAllocateNothing) {
  const test::SlabGrid g = test::makeSlabGrid(16, 12, 0, 1);
  parallel::CommProfile profile;
  parallel::Communicator comm(MPI_COMM_SELF, &profile);
  test::NoGhosts ghosts;
  for (const std::string body :
       {"solver PCG; preconditioner DIC;", "solver PPCG; preconditioner DIC; progressChunks 3;",
        "solver PPCG; preconditioner none;", "solver PBiCGStab; preconditioner DILU; precision single;",
        "solver smoothSolver; smoother symGaussSeidel;", "solver smoothSolver; smoother DILU;", "solver GAMG; smoother GaussSeidel;"}) {
    const test::GridOperator op{1.0, body.find("PCG") != std::string::npos ? 0.0 : 1.5, 0.0};
    const LduMatrix A = test::assemble(g, op);
    const std::vector<double> b = test::rhsFor(g, op, [&](GlobalLabel gid) { return test::exactOf(g, gid); });
    std::vector<double> x(static_cast<std::size_t>(g.nLocalCells()), 0.0);
    const auto multigrid = test::multigridFor(comm, g);
    auto solver = SolverRegistry::standard().create(test::settingsFrom(body + " tolerance 1e-9; maxIter 3000;"),
                                                    {&comm, "p", [](const std::string&) {}, multigrid.get()});
    const long first = allocations.load();
    solver->solve(A, x, b, ghosts);  // sizes the workspace, factors, names the profile region
    EXPECT_GT(allocations.load() - first, 0) << body << ": the counter sees the workspace allocations";
    std::fill(x.begin(), x.end(), 0.0);
    const long before = allocations.load();
    const SolverPerformance p = solver->solve(A, x, b, ghosts);
    const long made = allocations.load() - before;
    EXPECT_TRUE(p.converged) << body;
    EXPECT_GT(p.iterations, 3) << body;
    EXPECT_EQ(made, 0) << body;
  }
}

}  // namespace
}  // namespace sluice::linear
