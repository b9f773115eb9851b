// The row form (RowPattern, RowMatrix, the incomplete factors) against the
// face-ordered definitions it replaces: the level schedule is a valid order
// for every sweep, and products, residuals, Gauss-Seidel sweeps and DIC/DILU
// applications equal the face-loop computations (same operands, same
// arithmetic order per row) on an irregular matrix spanning several schedule
// blocks.
#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "linear/grid_system.hpp"
#include "sluice/core/error.hpp"
#include "sluice/linear/incomplete_ldu_factor.hpp"
#include "sluice/linear/row_matrix.hpp"

namespace sluice::linear {
namespace {

using test::NoGhosts;  // linear/grid_system.hpp

// A 90 x 60 grid (5400 cells, several 2048-cell schedule blocks) with
// right, up and up-right-diagonal neighbours, the diagonal only on some rows,
// so rows have irregular lengths. Faces are in owner order.
std::shared_ptr<LduAddressing> irregularGrid() {
  const int nx = 90, ny = 60;
  auto a = std::make_shared<LduAddressing>();
  a->nCells = a->nLocalCells = nx * ny;
  std::vector<Label> lower, upper;
  for (int c = 0; c < nx * ny; ++c) {
    const int i = c % nx, j = c / nx;
    auto face = [&](int other) {
      lower.push_back(c);
      upper.push_back(other);
    };
    if (i + 1 < nx) face(c + 1);
    if (j + 1 < ny && i + 1 < nx && j % 3 == 0) face(c + nx - 1 + 2 * (i == 0));  // up-left; up-right at i = 0, out of order
    if (j + 1 < ny) face(c + nx);
  }
  a->setFaces(std::move(lower), std::move(upper));
  // Owner order; at i = 0 the neighbours of an owner are not ascending (allowed).
  return a;
}

LduMatrix someMatrix(const std::shared_ptr<LduAddressing>& a, bool symmetric) {
  LduMatrix A(a);
  auto& diag = A.diag();
  auto& upper = A.upper();
  auto& lower = A.lower();
  for (std::size_t c = 0; c < diag.size(); ++c) diag[c] = 6.5 + std::sin(0.37 * double(c));
  for (std::size_t f = 0; f < upper.size(); ++f) {
    upper[f] = -1.0 - 0.3 * std::cos(0.11 * double(f));
    lower[f] = symmetric ? upper[f] : -0.7 - 0.25 * std::sin(0.23 * double(f));
  }
  return A;
}

std::vector<double> someVector(std::size_t n, double phase) {
  std::vector<double> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = std::sin(1.3 * double(i) + phase) + 0.2;
  return v;
}

TEST(RowPattern, ScheduleRunsEveryFaceFromLowerToUpperCell) {
  const auto a = irregularGrid();
  const RowPattern& p = a->rows();
  ASSERT_EQ(p.nRows(), a->nCells);
  std::vector<Label> slot(static_cast<std::size_t>(a->nCells), -1);
  for (Label k = 0; k < p.nRows(); ++k) {
    ASSERT_EQ(slot[p.cell[k]], -1) << "cell scheduled twice";
    slot[p.cell[k]] = k;
  }
  // Forward sweeps need every lower neighbour first; backward sweeps run the
  // schedule in reverse and need every upper neighbour first: both hold when
  // each face's lower cell is scheduled before its upper cell.
  for (std::size_t f = 0; f < a->lower.size(); ++f) EXPECT_LT(slot[a->lower[f]], slot[a->upper[f]]) << "face " << f;
  // Levels partition the schedule, and rows of one level are not neighbours.
  EXPECT_EQ(p.levelStart.front(), 0);
  EXPECT_EQ(p.levelStart.back(), p.nRows());
  EXPECT_GT(p.nLevels(), 3);          // the 2048-cell blocks each add levels
  EXPECT_LT(p.nLevels(), a->nCells);  // and rows do share levels
  std::vector<Label> levelOf(static_cast<std::size_t>(a->nCells));
  for (Label j = 0; j < p.nLevels(); ++j)
    for (Label k = p.levelStart[j]; k < p.levelStart[j + 1]; ++k) levelOf[p.cell[k]] = j;
  for (std::size_t f = 0; f < a->lower.size(); ++f) EXPECT_NE(levelOf[a->lower[f]], levelOf[a->upper[f]]);
  // Each face appears once in each triangle, with the right column, in the
  // row of its other cell.
  std::vector<int> seenLower(a->lower.size(), 0), seenUpper(a->lower.size(), 0);
  std::vector<Label> rowOfEntry(static_cast<std::size_t>(p.nEntries()));
  for (Label k = 0; k < p.nRows(); ++k)
    for (Label e = p.start[k]; e < p.start[k + 1]; ++e) rowOfEntry[e] = p.cell[k];
  Label visited = 0;
  p.forEachEntryFace(ownerStart(*a), a->upper, [&](Label e, Label f, bool isUpper) {
    EXPECT_EQ(e, visited++) << "entries in order";
    EXPECT_EQ(p.column[e], isUpper ? a->upper[f] : a->lower[f]) << "entry " << e;
    EXPECT_EQ(rowOfEntry[e], isUpper ? a->lower[f] : a->upper[f]) << "entry " << e;
    ++(isUpper ? seenUpper : seenLower)[f];
  });
  EXPECT_EQ(visited, p.nEntries());
  for (std::size_t f = 0; f < a->lower.size(); ++f) {
    EXPECT_EQ(seenLower[f], 1) << "face " << f;
    EXPECT_EQ(seenUpper[f], 1) << "face " << f;
  }
}

TEST(RowPattern, FacesBetweenTheSameTwoCellsKeepTheirOwnEntries) {
  // Cells 0 and 1 share two faces (a polyhedral mesh may); so do 1 and 2.
  auto a = std::make_shared<LduAddressing>();
  a->nCells = a->nLocalCells = 3;
  a->setFaces({0, 0, 0, 1, 1}, {1, 1, 2, 2, 2});
  const RowPattern& p = a->rows();
  std::vector<std::pair<Label, bool>> faceOf(static_cast<std::size_t>(p.nEntries()), {-1, false});
  p.forEachEntryFace(ownerStart(*a), a->upper, [&](Label e, Label f, bool isUpper) { faceOf[e] = {f, isUpper}; });
  // Every face once as lower and once as upper.
  for (Label f = 0; f < 5; ++f) {
    EXPECT_EQ(std::count(faceOf.begin(), faceOf.end(), std::pair<Label, bool>{f, false}), 1) << "face " << f;
    EXPECT_EQ(std::count(faceOf.begin(), faceOf.end(), std::pair<Label, bool>{f, true}), 1) << "face " << f;
  }
  // And a matrix with other coefficients on the two faces keeps them apart.
  LduMatrix A(a);
  A.diag() = {10, 10, 10};
  A.upper() = {-1, -2, -3, -4, -5};
  A.lower() = {-6, -7, -8, -9, -10};
  RowMatrix rows;
  rows.assign(A);
  std::vector<double> x{1.0, 10.0, 100.0}, yFaces(3), yRows(3);
  NoGhosts ghosts;
  A.amul(x, yFaces, ghosts);
  rows.multiply(x, yRows, ghosts);
  EXPECT_EQ(yRows, yFaces);
}

TEST(RowMatrix, ProductAndResidualEqualTheFaceLoop) {
  const auto a = irregularGrid();
  const LduMatrix A = someMatrix(a, /*symmetric=*/false);
  const auto n = static_cast<std::size_t>(a->nCells);
  std::vector<double> x = someVector(n, 0.4), b = someVector(n, 1.1);
  std::vector<double> yFaces(n), yRows(n), r(n);
  NoGhosts ghosts;
  A.amul(x, yFaces, ghosts);
  RowMatrix R;
  R.assign(A);
  const double dot = R.multiply(x, yRows, ghosts);
  double expectedDot = 0, expectedResidual = 0;
  for (std::size_t i = 0; i < n; ++i) {
    EXPECT_NEAR(yRows[i], yFaces[i], 1e-13 * (1 + std::abs(yFaces[i]))) << "row " << i;
    expectedDot += x[i] * yFaces[i];
    expectedResidual += std::abs(b[i] - yFaces[i]);
  }
  EXPECT_NEAR(dot, expectedDot, 1e-10 * std::abs(expectedDot));
  const double residual = R.residual(x, b, r, ghosts);
  EXPECT_NEAR(residual, expectedResidual, 1e-10 * expectedResidual);
  for (std::size_t i = 0; i < n; ++i) EXPECT_NEAR(r[i], b[i] - yFaces[i], 1e-13 * (1 + std::abs(b[i])));
}

TEST(RowMatrix, RowSumsEqualTheFaceLoop) {
  // Bit for bit where each owner's faces are in neighbour order (a grid, a
  // finite-volume mesh); to rounding on the irregular grid, whose owners at
  // i = 0 list their neighbours out of order.
  NoGhosts ghosts;
  for (const bool ordered : {true, false}) {
    SCOPED_TRACE(ordered ? "ordered faces" : "irregular grid");
    const test::SlabGrid g = test::makeSlabGrid(23, 17, 0, 1);
    const std::shared_ptr<LduAddressing> a = ordered ? g.addressing : irregularGrid();
    const LduMatrix A = someMatrix(a, /*symmetric=*/false);
    const auto n = static_cast<std::size_t>(a->nCells);
    std::vector<double> faces(n), rows(n);
    A.sumA(faces);
    RowMatrix R;
    R.assign(A);
    R.sumA(rows);
    for (std::size_t i = 0; i < n; ++i) {
      if (ordered)
        EXPECT_EQ(rows[i], faces[i]) << "row " << i;
      else
        EXPECT_NEAR(rows[i], faces[i], 1e-13 * (1 + std::abs(faces[i]))) << "row " << i;
    }
  }
}

TEST(RowMatrix, LendsTheUpperCoefficientsOfASymmetricMatrixAndGivesThemBackBitForBit) {
  const test::SlabGrid g = test::makeSlabGrid(23, 17, 0, 1);
  LduMatrix A = someMatrix(g.addressing, /*symmetric=*/true);
  A.makeSymmetric();  // one array stored, lower() reads upper()
  const std::vector<double> upper = A.upper();
  const auto n = static_cast<std::size_t>(g.nCells());
  const std::vector<double> x = someVector(n, 0.4);
  std::vector<double> before(n), during(n), xs = x;
  NoGhosts ghosts;
  A.amul(xs, before, ghosts);
  RowMatrix R;
  R.assign(A);
  EXPECT_FALSE(R.lendFrom(A)) << "lending needs the owner's Lending scope";
  const CoefficientStamp stamp = A.stamp();
  {
    const LduMatrix::Lending lending(A);
    R.assign(A);
    ASSERT_TRUE(R.lendFrom(A));
    EXPECT_TRUE(A.upperLent());
    EXPECT_THROW(static_cast<void>(std::as_const(A).upper()), Error);
    EXPECT_THROW(A.amul(xs, during, ghosts), Error);
    EXPECT_THROW(static_cast<void>(LduMatrix(A)), Error);
    R.multiply(xs, during, ghosts);  // the row form alone serves the solve
    EXPECT_EQ(during, before);
    R.release();
  }
  EXPECT_FALSE(A.upperLent());
  EXPECT_EQ(std::as_const(A).upper(), upper);
  EXPECT_TRUE(stamp.matches(A)) << "lending does not change the coefficients' version";
  EXPECT_EQ(A.lendable(), nullptr);

  LduMatrix C = someMatrix(g.addressing, /*symmetric=*/false);  // lower stored apart: not lent
  const LduMatrix::Lending lending(C);
  R.assign(C);
  EXPECT_FALSE(R.lendFrom(C));
  EXPECT_FALSE(C.upperLent());
}

TEST(RowMatrix, GaussSeidelSweepsEqualCellOrderSweeps) {
  const auto a = irregularGrid();
  const LduMatrix A = someMatrix(a, /*symmetric=*/false);
  const auto n = static_cast<std::size_t>(a->nCells);
  const std::vector<double> b = someVector(n, 0.9);
  // Reference: cell order, lower then upper terms, face by face.
  std::vector<double> xRef = someVector(n, 2.0);
  std::vector<double> x = xRef;
  for (bool forward : {true, false}) {
    std::vector<double> s(b);
    // Sum of A[i][j] x[j] over j != i with the values current at row i's turn.
    std::vector<std::vector<std::pair<Label, double>>> lowerTerms(n), upperTerms(n);
    for (std::size_t f = 0; f < a->lower.size(); ++f) {
      lowerTerms[a->upper[f]].push_back({a->lower[f], A.lower()[f]});
      upperTerms[a->lower[f]].push_back({a->upper[f], A.upper()[f]});
    }
    auto row = [&](std::size_t i) {
      double v = b[i];
      for (auto [j, c] : lowerTerms[i]) v -= c * xRef[j];
      for (auto [j, c] : upperTerms[i]) v -= c * xRef[j];
      xRef[i] = v / A.diag()[i];
    };
    if (forward)
      for (std::size_t i = 0; i < n; ++i) row(i);
    else
      for (std::size_t i = n; i-- > 0;) row(i);
    RowMatrix R;
    R.assign(A);
    R.gaussSeidelSweep(x, b, forward);
    for (std::size_t i = 0; i < n; ++i) ASSERT_DOUBLE_EQ(x[i], xRef[i]) << (forward ? "forward" : "backward") << " row " << i;
  }
}

// The sweep with residuals on a rank with coupled faces: the sums taken
// without a residual vector (SumsOnly: the coupled rows revisited after the
// sweep) equal those with it (Kept), bit for bit, and so does x; also for
// two and three interleaved systems, and a row with two coupled faces.
TEST(RowMatrix, SweepResidualSumsWithoutResidualVectorEqualKept) {
  auto a = irregularGrid();
  const Label nCells = a->nCells, nGhosts = 30;
  a->nLocalCells = nCells + nGhosts;
  for (Label g = 0; g < nGhosts; ++g) {
    a->coupleRow.push_back((g * 173) % nCells);
    a->coupleGhost.push_back(nCells + g);
  }
  a->coupleRow.push_back(a->coupleRow[3]);  // a second coupled face on one row, out of order
  a->coupleGhost.push_back(nCells + 7);
  LduMatrix A = someMatrix(a, /*symmetric=*/false);
  for (std::size_t i = 0; i < A.coupleCoeffs().size(); ++i) A.coupleCoeffs()[i] = -0.4 - 0.1 * std::cos(double(i));
  RowMatrix R;
  R.assign(A);
  const auto n = static_cast<std::size_t>(nCells), nLocal = static_cast<std::size_t>(a->nLocalCells);
  for (const int components : {1, 2, 3}) {
    const auto K = static_cast<std::size_t>(components);
    const std::vector<double> b = someVector(K * n, 0.4);
    for (const bool forward : {true, false}) {
      SCOPED_TRACE(testing::Message() << components << (forward ? " forward" : " backward"));
      std::vector<double> xKept = someVector(K * nLocal, 1.1), xSums = xKept, r(K * n);
      std::vector<double> sumsKept(K), sumsOnly(K);
      NoGhosts ghosts;  // the ghost values stay those of someVector
      R.gaussSeidelSweepsWithResiduals(xKept, b, b, components, r, sumsKept, ghosts, forward, ResidualValues::Kept);
      R.gaussSeidelSweepsWithResiduals(xSums, b, b, components, {}, sumsOnly, ghosts, forward,
                                       ResidualValues::SumsOnly);
      EXPECT_EQ(xKept, xSums);
      EXPECT_EQ(sumsKept, sumsOnly);
      // And the sums are those of the residual with its coupled terms.
      std::vector<double> check(K, 0.0);
      for (std::size_t c = 0; c < K; ++c) {
        std::vector<double> xc(nLocal), bc(n), rc(n);
        for (std::size_t i = 0; i < nLocal; ++i) xc[i] = xKept[K * i + c];
        for (std::size_t i = 0; i < n; ++i) bc[i] = b[K * i + c];
        check[c] = R.residual(xc, bc, rc, ghosts);
        EXPECT_NEAR(sumsOnly[c], check[c], 1e-12 * check[c]);
      }
    }
  }
}

// OpenFOAM's face-loop DIC/DILU application: w = rD r; forward over faces
// w[u] -= rD[u] lower w[l]; backward over faces reversed w[l] -= rD[l] upper w[u].
std::vector<double> faceLoopApply(const LduMatrix& A, bool symmetric, const std::vector<double>& r) {
  const LduAddressing& a = A.addressing();
  const auto n = static_cast<std::size_t>(a.nCells);
  const std::vector<double>& upper = A.upper();
  const std::vector<double>& lower = symmetric ? A.upper() : A.lower();
  std::vector<double> rD(A.diag());
  for (std::size_t f = 0; f < a.lower.size(); ++f) rD[a.upper[f]] -= upper[f] * lower[f] / rD[a.lower[f]];
  for (double& d : rD) d = 1.0 / d;
  std::vector<double> w(n);
  for (std::size_t c = 0; c < n; ++c) w[c] = rD[c] * r[c];
  for (std::size_t f = 0; f < a.lower.size(); ++f) w[a.upper[f]] -= (rD[a.upper[f]] * lower[f]) * w[a.lower[f]];
  for (std::size_t f = a.lower.size(); f-- > 0;) w[a.lower[f]] -= (rD[a.lower[f]] * upper[f]) * w[a.upper[f]];
  return w;
}

TEST(IncompleteLduFactor, RowSweepsEqualOpenFoamFaceLoops) {
  const auto a = irregularGrid();
  const auto n = static_cast<std::size_t>(a->nCells);
  const std::vector<double> r = someVector(n, 0.6);
  for (bool symmetric : {true, false}) {
    const LduMatrix A = someMatrix(a, symmetric);
    const std::vector<double> expected = faceLoopApply(A, symmetric, r);
    IncompleteLduFactor<double> factor;
    factor.compute(A, symmetric);
    std::vector<double> w(n);
    const double wr = factor.apply(r, w, {});
    double expectedWr = 0;
    for (std::size_t i = 0; i < n; ++i) {
      ASSERT_DOUBLE_EQ(w[i], expected[i]) << (symmetric ? "DIC" : "DILU") << " row " << i;
      expectedWr += w[i] * r[i];
    }
    EXPECT_NEAR(wr, expectedWr, 1e-12 * std::abs(expectedWr));
    // Single-precision factors: the same up to float rounding of the factors.
    IncompleteLduFactor<float> single;
    single.compute(A, symmetric);
    std::vector<double> ws(n);
    single.apply(r, ws, {});
    for (std::size_t i = 0; i < n; ++i) EXPECT_NEAR(ws[i], expected[i], 1e-5 * (1 + std::abs(expected[i])));
  }
}

}  // namespace
}  // namespace sluice::linear

namespace sluice::linear {
namespace {

TEST(IncompleteLduFactor, FusedCgUpdateEqualsUpdateThenApply) {
  const auto a = irregularGrid();
  const auto n = static_cast<std::size_t>(a->nCells);
  const LduMatrix A = someMatrix(a, /*symmetric=*/true);
  IncompleteLduFactor<double> factor;
  factor.compute(A, true);
  const std::vector<double> p = someVector(n, 0.1), Ap = someVector(n, 0.2);
  std::vector<double> x = someVector(n, 0.3), r = someVector(n, 0.4);
  std::vector<double> xRef = x, rRef = r, w(n), wRef(n);
  const double alpha = 0.37;
  double residualRef = 0;
  for (std::size_t i = 0; i < n; ++i) {
    xRef[i] += alpha * p[i];
    rRef[i] -= alpha * Ap[i];
    residualRef += std::abs(rRef[i]);
  }
  const double wrRef = factor.apply(rRef, wRef, {});
  const auto [residual, wr] = factor.updateAndApply(CgUpdate{alpha, p, Ap, x, r}, w);
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_EQ(x[i], xRef[i]);
    ASSERT_EQ(r[i], rRef[i]);
    ASSERT_DOUBLE_EQ(w[i], wRef[i]);
  }
  EXPECT_NEAR(residual, residualRef, 1e-12 * residualRef);
  EXPECT_NEAR(wr, wrRef, 1e-12 * std::abs(wrRef));
}

}  // namespace
}  // namespace sluice::linear
