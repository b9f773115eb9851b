// GAMG at 1-4 ranks on row-slab grids (grid_system.hpp) with a MultigridMesh
// built as FvMesh builds one (faceAreaPair weights from the face areas, the
// slab halo as ghost layout): convergence that does not degrade with the mesh
// size, agreement with the exact discrete solution (and so with PCG and
// across rank counts), a strongly graded mesh, and the communication of a
// solve counted with the profile and with PMPI interception.
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "linear/grid_system.hpp"
#include "linear/solver_test_support.hpp"
#include "parallel/mpi/pmpi_counters.hpp"
#include "sluice/linear/gamg/agglomeration.hpp"
#include "sluice/linear/gamg/gamg_solver.hpp"
#include "sluice/linear/gamg/multigrid_mesh.hpp"
#include "sluice/linear/solver_registry.hpp"
#include "sluice/parallel/comm_profile.hpp"

namespace sluice::linear {
namespace {

using parallel::CommProfile;
using parallel::Communicator;
using parallel::MpiOp;
using sluice::test::MpiCall;
using sluice::test::mpiCalls;
using test::SlabGrid;

/// Diffusion on an n x n grid of the unit square, cell heights growing by
/// `ratio` per row (1: uniform), zero values on the walls; b = A x* for the
/// smooth x* of exactValue.
struct GradedProblem {
  SlabGrid grid;
  std::vector<double> dy;  ///< per global row
  double dx;
  std::unique_ptr<MultigridMesh> multigrid;
  std::unique_ptr<LduMatrix> A;
  std::vector<double> b;

  GradedProblem(const Communicator& comm, int n, double ratio)
      : grid(test::makeSlabGrid(n, n, comm.rank(), comm.size())), dy(n), dx(1.0 / n) {
    double total = 0;
    for (int j = 0; j < n; ++j) total += dy[j] = std::pow(ratio, j);
    for (double& h : dy) h /= total;
    const LduAddressing& a = *grid.addressing;
    auto ij = [&](Label cell) {
      const GlobalLabel g = grid.globalIds[cell];
      return std::pair{static_cast<int>(g % n), static_cast<int>(g / n)};
    };
    // Coefficient and faceAreaPair weight of the face between two adjacent cells.
    auto face = [&](Label p, Label q) {
      const auto [ip, jp] = ij(p);
      const auto [iq, jq] = ij(q);
      if (jp == jq) return std::pair{dy[jp] / dx, std::sqrt(dy[jp])};  // x-face: area dy
      return std::pair{dx / (0.5 * (dy[jp] + dy[jq])), 1.01 * std::sqrt(dx)};
    };
    std::vector<Scalar> weights(a.lower.size());
    A = std::make_unique<LduMatrix>(grid.addressing);
    std::vector<Scalar>& d = A->diag();
    std::vector<Scalar>& u = A->upper();
    std::vector<Scalar>& l = A->lower();
    std::vector<Scalar>& cc = A->coupleCoeffs();
    for (std::size_t f = 0; f < a.lower.size(); ++f) {
      const auto [k, w] = face(a.lower[f], a.upper[f]);
      u[f] = l[f] = -k;
      weights[f] = w;
    }
    for (std::size_t i = 0; i < a.coupleRow.size(); ++i) cc[i] = -face(a.coupleRow[i], a.coupleGhost[i]).first;
    // Diagonal: every face of the cell, walls at half a cell.
    b.assign(static_cast<std::size_t>(a.nCells), 0.0);
    for (Label c = 0; c < a.nCells; ++c) {
      const auto [i, j] = ij(c);
      double diag = 0, ax = 0;
      for (const auto& [di, dj] : {std::pair{1, 0}, std::pair{-1, 0}, std::pair{0, 1}, std::pair{0, -1}}) {
        const int ni = i + di, nj = j + dj;
        double k;
        if (ni < 0 || ni >= n || nj < 0 || nj >= n)
          k = dj == 0 ? 2 * dy[j] / dx : 2 * dx / dy[j];
        else {
          k = dj == 0 ? dy[j] / dx : dx / (0.5 * (dy[j] + dy[nj]));
          ax -= k * test::exactValue(GlobalLabel(nj) * n + ni, n);
        }
        diag += k;
      }
      d[c] = diag;
      b[c] = diag * test::exactValue(grid.globalIds[c], n) + ax;
    }
    GhostLayout layout;
    layout.processor = grid.pattern;
    multigrid = std::make_unique<MultigridMesh>(comm, grid.addressing, std::move(weights), std::move(layout));
  }
};

struct Outcome {
  SolverPerformance perf;
  double error = 0;  ///< max over all ranks of |x - x*| / max |x*|
  int levels = 0;
};

Outcome solve(const Communicator& comm, GradedProblem& p, const std::string& body) {
  const SolverSettings s = test::settingsFrom(body);
  std::unique_ptr<LinearSolver> solver =
      SolverRegistry::standard().create(s, {&comm, "p", [](const std::string&) {}, p.multigrid.get()});
  std::vector<double> x(static_cast<std::size_t>(p.grid.nLocalCells()), 0.0);
  test::HaloGhosts ghosts(comm, p.grid.pattern, 301);
  Outcome out;
  out.perf = solver->solve(*p.A, x, p.b, ghosts);
  out.error = comm.max(test::localMaxError(p.grid, x, [&](GlobalLabel g) { return test::exactValue(g, p.grid.nx); }));
  if (const auto* gamg = dynamic_cast<const GamgSolver*>(solver.get())) out.levels = gamg->agglomeration()->nLevels();
  return out;
}

const std::string kGamg = "solver GAMG; smoother GaussSeidel; tolerance 1e-10; relTol 0;";
const std::string kPcgGamg =
    "solver PCG; preconditioner { preconditioner GAMG; smoother DICGaussSeidel; } tolerance 1e-10; relTol 0;";

TEST(GamgMpi, ConvergesInIterationsThatDoNotGrowWithTheMesh) {
  Communicator comm(MPI_COMM_WORLD);
  for (const std::string& body : {kGamg, kPcgGamg}) {
    SCOPED_TRACE(body);
    // 48^2 and 384^2 (8x finer, as 64^2 to 512^2): an even number of rows on
    // every rank at 1-4 ranks. Pairwise agglomeration of a block with an odd
    // number of rows leaves a row of three-cell groups, and convergence
    // suffers in OpenFOAM as here (icoFoam cavity, 63^2: 32 V-cycles in
    // OpenFOAM v1912, 64^2: 15).
    GradedProblem coarse(comm, 48, 1.0), fine(comm, 384, 1.0);
    const Outcome a = solve(comm, coarse, body), b = solve(comm, fine, body);
    EXPECT_TRUE(a.perf.converged);
    EXPECT_TRUE(b.perf.converged);
    // b = A x*: the solution to 1e-10 is x* to rounding (PCG's would be too).
    EXPECT_LT(a.error, 1e-7);
    EXPECT_LT(b.error, 1e-6);
    // GAMG: at most 30 % more iterations on the 64x larger mesh. PCG with a
    // GAMG preconditioner: the scaled V-cycle is not a fixed linear operator,
    // and CG with it needs 70 % more (7 -> 12 here; OpenFOAM v1912's GAMGPCG
    // the same on the icoFoam cavity at 48^2 and 384^2: 13 -> 23, and sluice's
    // residuals equal OpenFOAM's there), so it is held to at most twice.
    const double growth = body == kGamg ? 1.3 : 2.0;
    EXPECT_LE(b.perf.iterations, growth * a.perf.iterations)
        << "48^2: " << a.perf.iterations << " iterations, 384^2: " << b.perf.iterations;
    if (comm.isRoot())
      std::printf("[ figures  ] %d rank(s) %s: 48^2 %d, 384^2 %d iterations\n", comm.size(),
                  body.substr(0, 20).c_str(), a.perf.iterations, b.perf.iterations);
  }
}

TEST(GamgMpi, AgreesWithPcgAndAcrossSmoothersAndCoarsestSolves) {
  Communicator comm(MPI_COMM_WORLD);
  GradedProblem p(comm, 48, 1.0);
  const Outcome pcg = solve(comm, p, "solver PCG; preconditioner DIC; tolerance 1e-12; relTol 0;");
  ASSERT_TRUE(pcg.perf.converged);
  for (const std::string variant :
       {"smoother GaussSeidel;", "smoother symGaussSeidel;", "smoother DIC;", "smoother DILU;",
        "smoother DICGaussSeidel;", "smoother GaussSeidel; directSolveCoarsest yes;",
        "smoother GaussSeidel; nPreSweeps 2; interpolateCorrection yes;", "smoother GaussSeidel; mergeLevels 2;",
        "smoother GaussSeidel; scaleCorrection no; nCellsInCoarsestLevel 4;"}) {
    SCOPED_TRACE(variant);
    const Outcome g = solve(comm, p, "solver GAMG; " + variant + " tolerance 1e-12; relTol 0;");
    EXPECT_TRUE(g.perf.converged);
    EXPECT_LT(g.perf.iterations, 100);  // unscaled corrections: about 80
    EXPECT_LT(g.error, 1e-8);
    EXPECT_LT(std::abs(g.error - pcg.error), 1e-8);
  }
}

TEST(GamgMpi, ConvergesOnAStronglyGradedMesh) {
  Communicator comm(MPI_COMM_WORLD);
  // Cell heights grow by 1.08 per row: 1600x from bottom to top, aspect ratios 0.03 .. 50.
  GradedProblem p(comm, 96, 1.08);
  const Outcome g = solve(comm, p, "solver GAMG; smoother GaussSeidel; tolerance 1e-9; relTol 0;");
  EXPECT_TRUE(g.perf.converged);
  EXPECT_LT(g.perf.iterations, 100);
  EXPECT_LT(g.error, 1e-6);
  const Outcome pg = solve(comm, p, kPcgGamg);
  EXPECT_TRUE(pg.perf.converged);
  EXPECT_LT(pg.perf.iterations, 40);
}

// A matrix marked modified on one rank only (as a vector component whose
// boundary coefficients differ on that rank) is prepared again on every rank:
// the coarsest level's gather is collective, so a rank preparing alone would
// wait for the others. The solve gives what a fresh solver gives.
TEST(GamgMpi, MatrixChangedOnOneRankIsPreparedOnAll) {
  Communicator comm(MPI_COMM_WORLD);
  GradedProblem p(comm, 32, 1.0);
  const SolverSettings s = test::settingsFrom(kGamg);
  std::unique_ptr<LinearSolver> solver =
      SolverRegistry::standard().create(s, {&comm, "p", [](const std::string&) {}, p.multigrid.get()});
  test::HaloGhosts ghosts(comm, p.grid.pattern, 303);
  std::vector<double> x(static_cast<std::size_t>(p.grid.nLocalCells()), 0.0);
  solver->solve(*p.A, x, p.b, ghosts);
  std::fill(x.begin(), x.end(), 0.0);
  if (comm.rank() == comm.size() - 1) p.A->markModified();
  const SolverPerformance again = solver->solve(*p.A, x, p.b, ghosts);
  const Outcome fresh = solve(comm, p, kGamg);
  EXPECT_TRUE(again.converged);
  EXPECT_EQ(again.iterations, fresh.perf.iterations);
  EXPECT_EQ(again.finalResidual, fresh.perf.finalResidual);
}

TEST(GamgMpi, OneReductionPerIterationAndNoForbiddenCalls) {
  CommProfile profile;
  Communicator comm(MPI_COMM_WORLD, &profile);
  GradedProblem p(comm, 64, 1.0);
  for (const bool scale : {false, true}) {
    SCOPED_TRACE(scale ? "scaleCorrection yes" : "scaleCorrection no");
    const std::string body = std::string("solver GAMG; smoother GaussSeidel; tolerance 1e-9; relTol 0; scaleCorrection ") +
                             (scale ? "yes;" : "no;");
    const SolverSettings s = test::settingsFrom(body);
    std::unique_ptr<LinearSolver> solver =
        SolverRegistry::standard().create(s, {&comm, "p", [](const std::string&) {}, p.multigrid.get()});
    test::HaloGhosts ghosts(comm, p.grid.pattern, 302);
    std::vector<double> x(static_cast<std::size_t>(p.grid.nLocalCells()), 0.0);
    solver->solve(*p.A, x, p.b, ghosts);  // the first solve builds the hierarchy (shared by both settings)
    std::fill(x.begin(), x.end(), 0.0);
    p.A->markModified();  // new coefficients: the coarse levels are summed and gathered again
    const long allreduceBefore = static_cast<long>(profile.op(MpiOp::Allreduce).calls), gatherBefore = static_cast<long>(profile.op(MpiOp::Allgather).calls);
    const auto before = mpiCalls();
    const SolverPerformance perf = solver->solve(*p.A, x, p.b, ghosts);
    const auto calls = mpiCalls() - before;
    const long allreduce = static_cast<long>(profile.op(MpiOp::Allreduce).calls) - allreduceBefore;
    const int levels = dynamic_cast<const GamgSolver&>(*solver).agglomeration()->nLevels();
    ASSERT_GE(levels, 3);
    // One to agree that the matrix changed (at more than one rank), two for
    // the normalisation (mean of x, then the norms), one per iteration, and
    // with scaling one per scaled level (all but the two coarsest) per V-cycle.
    EXPECT_EQ(allreduce, (comm.size() > 1 ? 1 : 0) + 2 + perf.iterations * (1 + (scale ? levels - 2 : 0)));
    EXPECT_EQ(calls[MpiCall::Allreduce], allreduce);
    // The coarsest level: its coefficients once per solve, its right-hand side once per V-cycle.
    EXPECT_EQ(static_cast<long>(profile.op(MpiOp::Allgather).calls) - gatherBefore, comm.size() > 1 ? 1 + perf.iterations : 0);
    EXPECT_EQ(calls.forbidden(), 0);
    EXPECT_EQ(calls[MpiCall::Iprobe] + calls[MpiCall::Probe], 0);
    if (comm.isRoot())
      std::printf("[ figures  ] %d rank(s) %s: %d levels, %d iterations, %ld Allreduce per solve\n", comm.size(),
                  scale ? "scaled" : "unscaled", levels, perf.iterations, allreduce);
  }
}

}  // namespace
}  // namespace sluice::linear
