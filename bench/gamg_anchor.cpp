// Bench-only anchor for GAMG (issue 12): one pressure matrix solved by
// sluice's GAMG (OpenFOAM's tutorial settings) and by hypre's BoomerAMG as a
// preconditioner of hypre's PCG, in one process, side by side. The matrix is
// the icoFoam cavity's first pressure equation on an n x n grid (uniform 1/A:
// the Neumann 5-point Laplacian with OpenFOAM's sign and its reference cell 0,
// as the solver assembles it), the right-hand side a smooth field. Reports
// set-up time (sluice: the agglomeration once per mesh, and the coarse
// coefficients per matrix; hypre: BoomerAMG's set-up per matrix), solve time,
// iterations and the final residual in OpenFOAM's normalisation for both.
// hypre is a comparison, not a dependency of the solver (bench/CMakeLists.txt
// builds this only when libhypre-dev is installed).
//
//   build/bench/gamg_anchor 400          # 400 x 400 cells
#include <HYPRE.h>
#include <HYPRE_parcsr_ls.h>
#include <mpi.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "sluice/io/dictionary.hpp"
#include "sluice/linear/gamg/agglomeration.hpp"
#include "sluice/linear/gamg/multigrid_mesh.hpp"
#include "sluice/linear/linear_solver.hpp"
#include "sluice/linear/solver_registry.hpp"

namespace {

using namespace sluice;
using namespace sluice::linear;
using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point since) { return std::chrono::duration<double>(Clock::now() - since).count(); }

struct NoGhosts final : GhostUpdater {
  void startGhostUpdate(std::span<double>, int) override {}
  void finishGhostUpdate() override {}
};

/// OpenFOAM's normalised residual of x for A x = b (serial).
double normalisedResidual(const LduMatrix& A, std::vector<double> x, const std::vector<double>& b) {
  NoGhosts none;
  const std::size_t n = b.size();
  std::vector<double> ax(n), ones(n);
  A.amul(x, ax, none);
  const double xAvg = std::accumulate(x.begin(), x.end(), 0.0) / static_cast<double>(n);
  std::vector<double> rowSums(n);
  A.sumA(rowSums);
  double norm = 0, res = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double pA = rowSums[i] * xAvg;
    norm += std::abs(ax[i] - pA) + std::abs(b[i] - pA);
    res += std::abs(b[i] - ax[i]);
  }
  return res / (norm + 1e-20);
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const int n = argc > 1 ? std::atoi(argv[1]) : 400;
  parallel::Communicator comm(MPI_COMM_WORLD);
  if (comm.size() != 1) {
    std::fprintf(stderr, "gamg_anchor runs on one process\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }

  // The matrix: cells c = j n + i, faces in owner order (right, then up).
  auto a = std::make_shared<LduAddressing>();
  a->nCells = a->nLocalCells = n * n;
  std::vector<Scalar> weights;
  std::vector<Label> lower, upper;
  for (int c = 0; c < n * n; ++c) {
    if (c % n + 1 < n) {
      lower.push_back(c);
      upper.push_back(c + 1);
      weights.push_back(1.0);  // x-face: |Sf| / sqrt(|Sf|) of a unit face, scaled by 1
    }
    if (c / n + 1 < n) {
      lower.push_back(c);
      upper.push_back(c + n);
      weights.push_back(1.01);
    }
  }
  a->setFaces(std::move(lower), std::move(upper));
  LduMatrix A(a);
  std::fill(A.upper().begin(), A.upper().end(), 1.0);
  std::fill(A.lower().begin(), A.lower().end(), 1.0);
  std::vector<Scalar>& d = A.diag();
  std::fill(d.begin(), d.end(), 0.0);
  for (Label f = 0; f < a->nFaces(); ++f) {
    d[a->lower[f]] -= 1.0;
    d[a->upper[f]] -= 1.0;
  }
  d[0] *= 2;  // setReference(0, 0)
  std::vector<double> b(static_cast<std::size_t>(n) * n);
  for (int c = 0; c < n * n; ++c) {
    const double x = (c % n + 0.5) / n, y = (c / n + 0.5) / n;
    b[c] = std::sin(3 * x) * std::cos(2 * y) + 0.5 * y * y;
  }

  // sluice GAMG.
  const SolverRegistry registry = SolverRegistry::standard();
  const io::Dictionary dict = io::Dictionary::parse(
      "p { solver GAMG; smoother GaussSeidel; tolerance 1e-6; relTol 0; nCellsInCoarsestLevel 10; }", "anchor");
  const SolverSettings settings = SolverSettings::read(dict.subDict("p"), registry);
  MultigridMesh mesh(comm, a, weights, GhostLayout{});
  auto t = Clock::now();
  const Agglomeration& agglomeration = mesh.agglomeration(settings.gamg->agglomeration);
  const double sluiceMeshSetup = seconds(t);
  std::unique_ptr<LinearSolver> gamg = registry.create(settings, {&comm, "p", {}, &mesh});
  NoGhosts none;
  std::vector<double> x(b.size(), 0.0);
  gamg->solve(A, x, b, none);  // first solve: workspace and smoothers
  A.markModified();
  std::fill(x.begin(), x.end(), 0.0);
  t = Clock::now();
  const SolverPerformance perf = gamg->solve(A, x, b, none);
  const double sluiceSolve = seconds(t);
  const double sluiceResidual = normalisedResidual(A, x, b);

  // hypre: BoomerAMG-preconditioned PCG on -A (positive definite).
  HYPRE_Init();
  const int last = n * n - 1;
  HYPRE_IJMatrix ij;
  HYPRE_IJMatrixCreate(MPI_COMM_WORLD, 0, last, 0, last, &ij);
  HYPRE_IJMatrixSetObjectType(ij, HYPRE_PARCSR);
  HYPRE_IJMatrixInitialize(ij);
  std::vector<std::vector<std::pair<int, double>>> rows(static_cast<std::size_t>(n) * n);
  for (int c = 0; c < n * n; ++c) rows[c].emplace_back(c, -d[c]);
  for (Label f = 0; f < a->nFaces(); ++f) {
    rows[a->lower[f]].emplace_back(a->upper[f], -A.upper()[f]);
    rows[a->upper[f]].emplace_back(a->lower[f], -A.lower()[f]);
  }
  for (int c = 0; c < n * n; ++c) {
    std::vector<int> cols;
    std::vector<double> values;
    for (const auto& [col, v] : rows[c]) {
      cols.push_back(col);
      values.push_back(v);
    }
    int count = static_cast<int>(cols.size()), row = c;
    HYPRE_IJMatrixSetValues(ij, 1, &count, &row, cols.data(), values.data());
  }
  HYPRE_IJMatrixAssemble(ij);
  HYPRE_ParCSRMatrix parA;
  HYPRE_IJMatrixGetObject(ij, reinterpret_cast<void**>(&parA));
  std::vector<int> index(static_cast<std::size_t>(n) * n);
  std::iota(index.begin(), index.end(), 0);
  std::vector<double> minusB(b.size()), zero(b.size(), 0.0);
  for (std::size_t i = 0; i < b.size(); ++i) minusB[i] = -b[i];
  HYPRE_IJVector ijb, ijx;
  for (auto [v, values] : {std::pair{&ijb, &minusB}, std::pair{&ijx, &zero}}) {
    HYPRE_IJVectorCreate(MPI_COMM_WORLD, 0, last, v);
    HYPRE_IJVectorSetObjectType(*v, HYPRE_PARCSR);
    HYPRE_IJVectorInitialize(*v);
    HYPRE_IJVectorSetValues(*v, n * n, index.data(), values->data());
    HYPRE_IJVectorAssemble(*v);
  }
  HYPRE_ParVector parB, parX;
  HYPRE_IJVectorGetObject(ijb, reinterpret_cast<void**>(&parB));
  HYPRE_IJVectorGetObject(ijx, reinterpret_cast<void**>(&parX));
  HYPRE_Solver pcg, amg;
  HYPRE_ParCSRPCGCreate(MPI_COMM_WORLD, &pcg);
  HYPRE_PCGSetTol(pcg, 1e-6);  // relative 2-norm; the normalised residual is reported for both
  HYPRE_PCGSetMaxIter(pcg, 1000);
  HYPRE_PCGSetTwoNorm(pcg, 1);
  HYPRE_BoomerAMGCreate(&amg);
  HYPRE_BoomerAMGSetMaxIter(amg, 1);
  HYPRE_BoomerAMGSetTol(amg, 0.0);
  HYPRE_PCGSetPrecond(pcg, reinterpret_cast<HYPRE_PtrToSolverFcn>(HYPRE_BoomerAMGSolve),
                      reinterpret_cast<HYPRE_PtrToSolverFcn>(HYPRE_BoomerAMGSetup), amg);
  t = Clock::now();
  HYPRE_ParCSRPCGSetup(pcg, parA, parB, parX);
  const double hypreSetup = seconds(t);
  t = Clock::now();
  HYPRE_ParCSRPCGSolve(pcg, parA, parB, parX);
  const double hypreSolve = seconds(t);
  int hypreIterations = 0;
  HYPRE_PCGGetNumIterations(pcg, &hypreIterations);
  std::vector<double> hx(b.size());
  HYPRE_IJVectorGetValues(ijx, n * n, index.data(), hx.data());
  const double hypreResidual = normalisedResidual(A, hx, b);

  std::printf("%d x %d cells, %d GAMG levels\n", n, n, agglomeration.nLevels());
  std::printf("| solver | set-up per mesh s | set-up per matrix s | solve s | iterations | normalised residual |\n");
  std::printf("| --- | --- | --- | --- | --- | --- |\n");
  std::printf("| sluice GAMG (GaussSeidel, tolerance 1e-6) | %.4f | in the solve | %.4f | %d | %.2e |\n", sluiceMeshSetup,
              sluiceSolve, perf.iterations, sluiceResidual);
  std::printf("| hypre BoomerAMG + PCG (relative 2-norm 1e-6) | - | %.4f | %.4f | %d | %.2e |\n", hypreSetup, hypreSolve,
              hypreIterations, hypreResidual);
  HYPRE_ParCSRPCGDestroy(pcg);
  HYPRE_BoomerAMGDestroy(amg);
  HYPRE_IJMatrixDestroy(ij);
  HYPRE_IJVectorDestroy(ijb);
  HYPRE_IJVectorDestroy(ijx);
  HYPRE_Finalize();
  MPI_Finalize();
  return 0;
}
