// Preconditioners against independent dense computations: DIC and DILU are
// exact on tridiagonal (1D) matrices; on a 2D grid M w = r with M built
// densely from the zero-fill factor; factor reuse follows matrix stamps.
#include <array>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "linear/grid_system.hpp"
#include "sluice/linear/dic_preconditioner.hpp"
#include "sluice/linear/diagonal_preconditioner.hpp"
#include "sluice/linear/dilu_preconditioner.hpp"
#include "sluice/linear/no_preconditioner.hpp"
#include "sluice/linear/row_matrix.hpp"
#include "sluice/core/error.hpp"
#include "sluice/parallel/comm_profile.hpp"

namespace sluice::linear {
namespace {

using test::GridOperator;
using test::NoGhosts;
using test::SlabGrid;

std::vector<double> someVector(std::size_t n) {
  std::vector<double> r(n);
  for (std::size_t i = 0; i < n; ++i) r[i] = std::sin(1.7 * double(i) + 0.3) + 0.5;
  return r;
}

// Dense copy of the owned block of A (ghost couplings dropped).
std::vector<std::vector<double>> dense(const LduMatrix& A) {
  const auto n = static_cast<std::size_t>(A.nCells());
  std::vector<std::vector<double>> M(n, std::vector<double>(n, 0.0));
  for (std::size_t c = 0; c < n; ++c) M[c][c] = A.diag()[c];
  const LduAddressing& a = A.addressing();
  for (std::size_t f = 0; f < a.lower.size(); ++f) {
    M[a.lower[f]][a.upper[f]] = A.upper()[f];
    M[a.upper[f]][a.lower[f]] = A.lower()[f];
  }
  return M;
}

// M = (D + L) D^-1 (D + U) with zero fill: D[u] = a_uu - sum_{l<u} a_ul a_lu / D[l] over nonzeros.
std::vector<std::vector<double>> zeroFillProduct(const std::vector<std::vector<double>>& a) {
  const std::size_t n = a.size();
  std::vector<double> D(n);
  for (std::size_t u = 0; u < n; ++u) {
    D[u] = a[u][u];
    for (std::size_t l = 0; l < u; ++l)
      if (a[u][l] != 0 || a[l][u] != 0) D[u] -= a[u][l] * a[l][u] / D[l];
  }
  std::vector<std::vector<double>> M(n, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      // sum_k (D+L)[i][k] D^-1[k] (D+U)[k][j], k <= min(i, j)
      double s = 0;
      for (std::size_t k = 0; k <= std::min(i, j); ++k) {
        const double left = k == i ? D[i] : a[i][k];
        const double right = k == j ? D[j] : a[k][j];
        s += left * right / D[k];
      }
      M[i][j] = s;
    }
  return M;
}

double maxDiffOfProduct(const std::vector<std::vector<double>>& M, const std::vector<double>& w,
                        const std::vector<double>& r) {
  double worst = 0;
  for (std::size_t i = 0; i < M.size(); ++i) {
    double s = 0;
    for (std::size_t j = 0; j < M.size(); ++j) s += M[i][j] * w[j];
    worst = std::max(worst, std::abs(s - r[i]));
  }
  return worst;
}

// A w for the owned block, through amul (serial grid: no ghosts).
std::vector<double> times(const LduMatrix& A, std::vector<double> w) {
  std::vector<double> y(static_cast<std::size_t>(A.nCells()));
  w.resize(static_cast<std::size_t>(A.nLocalCells()));
  NoGhosts none;
  A.amul(w, y, none);
  return y;
}

TEST(DicPreconditioner, ExactOnA1dLaplacian) {
  const SlabGrid g = test::makeSlabGrid(1, 30, 0, 1);  // one column: tridiagonal
  const LduMatrix A = test::assemble(g, GridOperator{});
  DicPreconditioner<double> M;
  M.prepare(A);
  const std::vector<double> r = someVector(30);
  std::vector<double> w(30);
  M.apply(r, w);
  const std::vector<double> Aw = times(A, w);
  for (std::size_t i = 0; i < r.size(); ++i) EXPECT_NEAR(Aw[i], r[i], 1e-12) << i;
}

TEST(DicPreconditioner, SinglePrecisionFactorIsExactToFloatRounding) {
  const SlabGrid g = test::makeSlabGrid(1, 30, 0, 1);
  const LduMatrix A = test::assemble(g, GridOperator{});
  DicPreconditioner<float> M;
  M.prepare(A);
  const std::vector<double> r = someVector(30);
  std::vector<double> w(30);
  M.apply(r, w);
  const std::vector<double> Aw = times(A, w);
  double worst = 0;
  for (std::size_t i = 0; i < r.size(); ++i) worst = std::max(worst, std::abs(Aw[i] - r[i]));
  EXPECT_LT(worst, 1e-4);
  EXPECT_GT(worst, 1e-12);  // it really is single precision
}

TEST(DiluPreconditioner, ExactOnAnAsymmetricTridiagonal) {
  const SlabGrid g = test::makeSlabGrid(1, 25, 0, 1);
  const LduMatrix A = test::assemble(g, GridOperator{1.0, 0.0, 3.0});
  ASSERT_FALSE(A.symmetric());
  DiluPreconditioner<double> M;
  M.prepare(A);
  const std::vector<double> r = someVector(25);
  std::vector<double> w(25);
  M.apply(r, w);
  const std::vector<double> Aw = times(A, w);
  for (std::size_t i = 0; i < r.size(); ++i) EXPECT_NEAR(Aw[i], r[i], 1e-12) << i;
}

TEST(DicPreconditioner, MatchesTheDenseZeroFillFactorOn2d) {
  const SlabGrid g = test::makeSlabGrid(4, 3, 0, 1);
  const LduMatrix A = test::assemble(g, GridOperator{});
  DicPreconditioner<double> M;
  M.prepare(A);
  const std::vector<double> r = someVector(12);
  std::vector<double> w(12);
  M.apply(r, w);
  EXPECT_LT(maxDiffOfProduct(zeroFillProduct(dense(A)), w, r), 1e-12);
  // Incomplete: M is not A on a 2D grid.
  const std::vector<double> Aw = times(A, w);
  double worst = 0;
  for (std::size_t i = 0; i < r.size(); ++i) worst = std::max(worst, std::abs(Aw[i] - r[i]));
  EXPECT_GT(worst, 1e-3);
}

TEST(DiluPreconditioner, MatchesTheDenseZeroFillFactorOn2d) {
  const SlabGrid g = test::makeSlabGrid(4, 3, 0, 1);
  const LduMatrix A = test::assemble(g, GridOperator{1.0, 1.5, -0.7});
  DiluPreconditioner<double> M;
  M.prepare(A);
  const std::vector<double> r = someVector(12);
  std::vector<double> w(12);
  M.apply(r, w);
  EXPECT_LT(maxDiffOfProduct(zeroFillProduct(dense(A)), w, r), 1e-12);
}

TEST(DiagonalAndNone, ScaleAndCopy) {
  const SlabGrid g = test::makeSlabGrid(3, 3, 0, 1);
  const LduMatrix A = test::assemble(g, GridOperator{2.0, 0.0, 0.0});
  const std::vector<double> r = someVector(9);
  std::vector<double> w(9);
  DiagonalPreconditioner<double> D;
  D.prepare(A);
  D.apply(r, w);
  for (std::size_t i = 0; i < 9; ++i) EXPECT_DOUBLE_EQ(w[i], r[i] / 8.0);
  NoPreconditioner none;
  none.prepare(A);
  none.apply(r, w);
  EXPECT_EQ(w, r);
}

TEST(Preconditioner, FactorIsReusedUntilTheMatrixChanges) {
  const SlabGrid g = test::makeSlabGrid(4, 4, 0, 1);
  LduMatrix A = test::assemble(g, GridOperator{});
  DicPreconditioner<double> M;
  EXPECT_TRUE(M.prepare(A));
  EXPECT_FALSE(M.prepare(A));
  EXPECT_EQ(M.factorizations(), 1);
  const std::vector<double> r = someVector(16);
  std::vector<double> before(16), after(16);
  M.apply(r, before);
  A.diag()[5] += 10;  // changed coefficients: refactor
  EXPECT_TRUE(M.prepare(A));
  EXPECT_EQ(M.factorizations(), 2);
  M.apply(r, after);
  EXPECT_NE(before, after);
  const LduMatrix B = A;  // another matrix object: refactor even with equal coefficients
  EXPECT_TRUE(M.prepare(B));
  EXPECT_FALSE(M.prepare(B));
  M.update(B);  // explicit refactor
  EXPECT_EQ(M.factorizations(), 4);
}

TEST(Preconditioner, ChunkedApplicationGivesIdenticalResults) {
  const SlabGrid g = test::makeSlabGrid(7, 5, 0, 1);
  const LduMatrix A = test::assemble(g, GridOperator{1.0, 0.4, 0.9});
  DiluPreconditioner<double> M;
  M.prepare(A);
  const std::vector<double> r = someVector(35);
  std::vector<double> plain(35), chunked(35);
  M.apply(r, plain);
  parallel::CommProfile profile;
  parallel::Communicator comm(MPI_COMM_SELF, &profile);
  std::array<double, 3> buffer{1, 2, 3};
  parallel::PendingReduction pending = comm.startSum(buffer);
  M.apply(r, chunked, ProgressHook{&pending, 4});
  pending.wait();
  EXPECT_EQ(plain, chunked);
  EXPECT_EQ(buffer[2], 3);
  EXPECT_GE(profile.op(parallel::MpiOp::Test).calls, 1u);  // at least the first poke tests
}

// A double DIC or DILU prepared with the solver's row matrix keeps 1/D alone
// and forms D^-1[i] A[i][j] from the row matrix as it sweeps: the same bits
// as the stored factor, in apply (also in pieces) and in the CG update.
template <class Preconditioner>
void expectRowsGiveTheStoredFactorsBits(const LduMatrix& A, std::size_t n) {
  RowMatrix rows;
  rows.assign(A);
  Preconditioner stored, fromRows;
  stored.prepare(A);
  fromRows.prepare(A, &rows);
  const std::vector<double> r = someVector(n);
  std::vector<double> a(n), b(n);
  EXPECT_EQ(stored.apply(r, a), fromRows.apply(r, b));
  EXPECT_EQ(a, b);
  parallel::CommProfile profile;
  parallel::Communicator comm(MPI_COMM_SELF, &profile);
  std::array<double, 1> buffer{1};
  parallel::PendingReduction pending = comm.startSum(buffer);
  std::vector<double> chunked(n);
  fromRows.apply(r, chunked, ProgressHook{&pending, 3});
  pending.wait();
  EXPECT_EQ(a, chunked);
  std::vector<double> x1 = someVector(n), x2 = x1, r1 = r, r2 = r;
  std::vector<double> dir = someVector(n + 3), Ap(n);
  for (std::size_t i = 0; i < n; ++i) Ap[i] = 0.25 * dir[i + 3];
  const std::array<double, 2> s1 = stored.updateAndApply({0.7, std::span(dir).first(n), Ap, x1, r1}, a);
  const std::array<double, 2> s2 = fromRows.updateAndApply({0.7, std::span(dir).first(n), Ap, x2, r2}, b);
  EXPECT_EQ(s1, s2);
  EXPECT_EQ(x1, x2);
  EXPECT_EQ(r1, r2);
  EXPECT_EQ(a, b);
}

TEST(DicPreconditioner, FactorFromTheRowMatrixGivesTheStoredFactorsBits) {
  const SlabGrid g = test::makeSlabGrid(9, 7, 0, 1);
  expectRowsGiveTheStoredFactorsBits<DicPreconditioner<double>>(test::assemble(g, GridOperator{}), 63);
}

TEST(DiluPreconditioner, FactorFromTheRowMatrixGivesTheStoredFactorsBits) {
  const SlabGrid g = test::makeSlabGrid(9, 7, 0, 1);
  const LduMatrix A = test::assemble(g, GridOperator{1.0, 1.5, -0.7});
  ASSERT_FALSE(A.symmetric());
  expectRowsGiveTheStoredFactorsBits<DiluPreconditioner<double>>(A, 63);
}

TEST(DicPreconditioner, FactorFromTheRowMatrixStoresOnlyTheInverseDiagonal) {
  const SlabGrid g = test::makeSlabGrid(6, 5, 0, 1);
  const LduMatrix A = test::assemble(g, GridOperator{});
  RowMatrix rows;
  rows.assign(A);
  IncompleteLduFactor<double> fromRows, stored;
  fromRows.compute(A, /*symmetric=*/true, /*fromRows=*/true);
  stored.compute(A, /*symmetric=*/true);
  EXPECT_TRUE(fromRows.fromRows());
  EXPECT_EQ(fromRows.bytes(), 30 * sizeof(double));
  EXPECT_EQ(stored.bytes(), (30 + 2 * A.addressing().lower.size()) * sizeof(double));
  // Single precision keeps its float entries (half the bytes per sweep); a
  // DIC of a matrix whose lower part differs factors upper alone, so it
  // cannot read the row matrix's lower entries.
  IncompleteLduFactor<float> single;
  single.compute(A, true, /*fromRows=*/true);
  EXPECT_FALSE(single.fromRows());
  const LduMatrix B = test::assemble(g, GridOperator{1.0, 1.5, -0.7});
  IncompleteLduFactor<double> dicOfAsymmetric;
  dicOfAsymmetric.compute(B, true, /*fromRows=*/true);
  EXPECT_FALSE(dicOfAsymmetric.fromRows());
}

TEST(DicPreconditioner, FactorFromTheRowMatrixRefusesRowsThatNoLongerHoldIt) {
  const SlabGrid g = test::makeSlabGrid(5, 4, 0, 1);
  LduMatrix A = test::assemble(g, GridOperator{});
  const LduMatrix other = test::assemble(g, GridOperator{2.0, 0.0, 1.0});
  RowMatrix rows;
  rows.assign(A);
  DicPreconditioner<double> M;
  M.prepare(A, &rows);
  const std::vector<double> r = someVector(20);
  std::vector<double> w(20);
  EXPECT_NO_THROW(M.apply(r, w));
  rows.assign(other);  // another solve took the row matrix
  EXPECT_THROW(M.apply(r, w), Error);
  rows.assign(A);
  EXPECT_NO_THROW(M.apply(r, w));
  A.diag()[3] += 1;  // A changed after the factorisation and the assign
  EXPECT_THROW(M.apply(r, w), Error);
  // Prepared again without a row matrix: refactored with stored entries.
  EXPECT_TRUE(M.prepare(A));
  EXPECT_NO_THROW(M.apply(r, w));
}

}  // namespace
}  // namespace sluice::linear
