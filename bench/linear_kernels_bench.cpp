// Side by side in one run: sluice's row-form kernels (RowMatrix, the level-
// scheduled incomplete factor) against the face-loop forms they replaced (the
// loops OpenFOAM's lduMatrix::Amul, DICPreconditioner and
// symGaussSeidelSmoother run), on the 5-point Laplacian of an nx x ny grid;
// and smoothSolver's iteration with its residual as a pass of its own
// ("face" column) against the residual taken during the last sweep ("row"),
// for one system and for two (one after the other against interleaved).
// Prints microseconds per call, best of 5 batches, and the ratio row/face.
//
//   build/bench/linear_kernels_bench 200 2000     # 200 x 200 cells, 2000 calls per batch
//   build/bench/linear_kernels_bench 1000 40
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <vector>

#include "sluice/linear/incomplete_ldu_factor.hpp"
#include "sluice/linear/ldu_matrix.hpp"
#include "sluice/linear/row_matrix.hpp"

namespace {

using namespace sluice;
using namespace sluice::linear;

struct NoGhosts final : GhostUpdater {
  void startGhostUpdate(std::span<double>, int) override {}
  void finishGhostUpdate() override {}
};

double bestMicroseconds(int calls, const std::function<void()>& f) {
  double best = 1e300;
  for (int batch = 0; batch < 5; ++batch) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int k = 0; k < calls; ++k) f();
    const auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double, std::micro>(t1 - t0).count() / calls);
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  const int nx = argc > 1 ? std::atoi(argv[1]) : 200;
  const int calls = argc > 2 ? std::atoi(argv[2]) : 1000;
  auto a = std::make_shared<LduAddressing>();
  a->nCells = a->nLocalCells = nx * nx;
  std::vector<Label> lower, upper;
  for (int c = 0; c < nx * nx; ++c) {
    if (c % nx + 1 < nx) {
      lower.push_back(c);
      upper.push_back(c + 1);
    }
    if (c / nx + 1 < nx) {
      lower.push_back(c);
      upper.push_back(c + nx);
    }
  }
  a->setFaces(std::move(lower), std::move(upper));
  LduMatrix A(a);
  for (double& d : A.diag()) d = 4.01;
  for (double& u : A.upper()) u = -1.0;
  A.lower() = A.upper();
  const auto n = static_cast<std::size_t>(a->nCells);
  const std::size_t nFaces = a->lower.size();
  const Label* l = a->lower.data();
  const Label* u = a->upper.data();
  std::vector<double> r(n), w(n), y(n), x(n, 0.0), b(n);
  for (std::size_t i = 0; i < n; ++i) r[i] = b[i] = 1.0 + 0.1 * double(i % 7);
  NoGhosts ghosts;

  // Face-loop reference forms.
  std::vector<double> rD(A.diag());
  for (std::size_t f = 0; f < nFaces; ++f) rD[u[f]] -= A.upper()[f] * A.upper()[f] / rD[l[f]];
  for (double& d : rD) d = 1.0 / d;
  const double* up = A.upper().data();
  const double* diag = A.diag().data();
  auto faceDic = [&] {
    for (std::size_t c = 0; c < n; ++c) w[c] = rD[c] * r[c];
    for (std::size_t f = 0; f < nFaces; ++f) w[u[f]] -= rD[u[f]] * up[f] * w[l[f]];
    for (std::size_t f = nFaces; f-- > 0;) w[l[f]] -= rD[l[f]] * up[f] * w[u[f]];
  };
  auto faceAmul = [&] {
    for (std::size_t c = 0; c < n; ++c) y[c] = diag[c] * w[c];
    for (std::size_t f = 0; f < nFaces; ++f) {
      y[u[f]] += up[f] * w[l[f]];
      y[l[f]] += up[f] * w[u[f]];
    }
  };
  const std::vector<Label> start = ownerStart(*a);
  std::vector<double> bPrime(n);
  auto faceSymGs = [&] {
    std::copy(b.begin(), b.end(), bPrime.begin());
    for (std::size_t c = 0; c < n; ++c) {
      double s = bPrime[c];
      for (Label f = start[c]; f < start[c + 1]; ++f) s -= up[f] * x[u[f]];
      s /= diag[c];
      for (Label f = start[c]; f < start[c + 1]; ++f) bPrime[u[f]] -= up[f] * s;
      x[c] = s;
    }
    std::copy(b.begin(), b.end(), bPrime.begin());
    for (std::size_t f = 0; f < nFaces; ++f) bPrime[u[f]] -= up[f] * x[l[f]];
    for (std::size_t c = n; c-- > 0;) {
      double s = bPrime[c];
      for (Label f = start[c]; f < start[c + 1]; ++f) s -= up[f] * x[u[f]];
      x[c] = s / diag[c];
    }
  };

  // sluice's row forms.
  IncompleteLduFactor<double> factor;
  factor.compute(A, /*symmetric=*/true);
  RowMatrix rows;
  rows.assign(A);
  auto rowDic = [&] { factor.apply(r, w, {}); };
  auto rowAmul = [&] { rows.multiply(w, y, ghosts); };
  auto rowSymGs = [&] {
    rows.gaussSeidelSweep(x, b, true);
    rows.gaussSeidelSweep(x, b, false);
  };
  // smoothSolver's iteration (symGaussSeidel, then the residual and its
  // norm): as separate passes, and with the residual taken during the
  // backward sweep; and the iteration of two systems with this matrix (a
  // vector equation's components): one after the other, and interleaved.
  std::vector<double> res(n), x2(2 * n, 0.0), b2(2 * n), res2(2 * n);
  for (std::size_t i = 0; i < n; ++i) b2[2 * i] = b2[2 * i + 1] = b[i];
  double norm = 0;
  auto symGsThenResidual = [&] {
    rows.gaussSeidelSweep(x, b, true);
    rows.gaussSeidelSweep(x, b, false);
    norm += rows.residual(x, b, res, ghosts);
  };
  auto symGsWithResidual = [&] {
    double sum = 0;
    rows.gaussSeidelSweep(x, b, true);
    rows.gaussSeidelSweepsWithResiduals(x, b, b, 1, res, std::span(&sum, 1), ghosts, false, ResidualValues::SumsOnly);
    norm += sum;
  };
  auto twoSystemsInTurn = [&] {
    symGsWithResidual();
    symGsWithResidual();
  };
  auto twoSystemsInterleaved = [&] {
    double sums[2];
    rows.gaussSeidelSweeps(x2, b2, 2, true);
    rows.gaussSeidelSweepsWithResiduals(x2, b2, b2, 2, res2, sums, ghosts, false, ResidualValues::SumsOnly);
    norm += sums[0] + sums[1];
  };

  std::printf("%d x %d cells (%zu), %zu internal faces, %d schedule levels; best of 5 batches of %d calls\n", nx, nx,
              n, nFaces, a->rows().nLevels(), calls);
  std::printf("%-30s %12s %12s %10s\n", "kernel", "face us", "row us", "row/face");
  const std::pair<const char*, std::pair<std::function<void()>, std::function<void()>>> kernels[] = {
      {"DIC apply (fwd + bwd)", {faceDic, rowDic}},
      {"A x", {faceAmul, rowAmul}},
      {"symGaussSeidel sweep pair", {faceSymGs, rowSymGs}},
      {"symGS pair, then residual", {symGsThenResidual, symGsWithResidual}},
      {"2 systems: symGS + residual", {twoSystemsInTurn, twoSystemsInterleaved}},
  };
  for (const auto& [name, pair] : kernels) {
    const double face = bestMicroseconds(calls, pair.first);
    const double row = bestMicroseconds(calls, pair.second);
    std::printf("%-30s %12.1f %12.1f %10.2f\n", name, face, row, row / face);
  }
  return norm == 0.123 ? 1 : 0;  // keeps the residual sums live
}
