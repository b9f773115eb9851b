// LduMatrix: matrix-vector product, row sums, residual, symmetry, addressing
// checks and coefficient versions (stamps) on hand-built matrices.
#include "sluice/linear/ldu_matrix.hpp"

#include <vector>

#include <gtest/gtest.h>

#include "linear/grid_system.hpp"
#include "sluice/core/error.hpp"

namespace sluice::linear {
namespace {

using test::NoGhosts;

// 3 owned cells in a line (faces 0-1, 1-2) plus one ghost cell 3 coupled to cell 2.
std::shared_ptr<LduAddressing> lineWithGhost() {
  auto a = std::make_shared<LduAddressing>();
  a->nCells = 3;
  a->nLocalCells = 4;
  a->setFaces({0, 1}, {1, 2});
  a->coupleRow = {2};
  a->coupleGhost = {3};
  a->coupleFace = {7};
  return a;
}

// Fills the ghost with a fixed value, as a halo exchange would.
class FixedGhost final : public GhostUpdater {
 public:
  explicit FixedGhost(double v) : value(v) {}
  void startGhostUpdate(std::span<double> values, int) override {
    target = values;
    ++starts;
  }
  void finishGhostUpdate() override { target[3] = value; }
  double value;
  std::span<double> target;
  int starts = 0;
};

LduMatrix handMatrix() {
  LduMatrix A(lineWithGhost());
  A.diag() = {4, 5, 6};
  A.upper() = {-1, -2};   // A[0][1], A[1][2]
  A.lower() = {-1.5, -0.5};  // A[1][0], A[2][1]
  A.coupleCoeffs() = {-3};   // A[2][ghost]
  return A;
}

TEST(LduMatrix, AmulMatchesTheDenseProduct) {
  const LduMatrix A = handMatrix();
  std::vector<double> x{1, 2, 3, -99};
  std::vector<double> y(3);
  FixedGhost ghost(10);
  A.amul(x, y, ghost);
  EXPECT_EQ(ghost.starts, 1);
  EXPECT_EQ(x[3], 10);
  EXPECT_DOUBLE_EQ(y[0], 4 * 1 - 1 * 2);
  EXPECT_DOUBLE_EQ(y[1], -1.5 * 1 + 5 * 2 - 2 * 3);
  EXPECT_DOUBLE_EQ(y[2], -0.5 * 2 + 6 * 3 - 3 * 10);
}

TEST(LduMatrix, ResidualAndRowSums) {
  const LduMatrix A = handMatrix();
  std::vector<double> x{1, 2, 3, 0};
  std::vector<double> b{1, 1, 1};
  std::vector<double> r(3);
  FixedGhost ghost(1);
  A.residual(x, b, r, ghost);
  EXPECT_DOUBLE_EQ(r[0], 1 - 2.0);
  EXPECT_DOUBLE_EQ(r[1], 1 - 2.5);
  EXPECT_DOUBLE_EQ(r[2], 1 - (17.0 - 3.0));
  std::vector<double> sums(3);
  A.sumA(sums);
  EXPECT_DOUBLE_EQ(sums[0], 3);
  EXPECT_DOUBLE_EQ(sums[1], 1.5);
  EXPECT_DOUBLE_EQ(sums[2], 2.5);  // -0.5 + 6 - 3
}

TEST(LduMatrix, AmulOnTheGridMatchesTheGlobalDefinition) {
  const test::SlabGrid g = test::makeSlabGrid(5, 4, 0, 1);
  const test::GridOperator op{1.0, 0.7, -0.4};
  const LduMatrix A = test::assemble(g, op);
  auto exact = [&](GlobalLabel gid) { return test::exactValue(gid, g.nx); };
  std::vector<double> x(g.nLocalCells());
  for (Label c = 0; c < g.nCells(); ++c) x[c] = exact(g.globalIds[c]);
  std::vector<double> y(g.nCells());
  NoGhosts none;
  A.amul(x, y, none);
  const std::vector<double> b = test::rhsFor(g, op, exact);
  for (Label c = 0; c < g.nCells(); ++c) EXPECT_NEAR(y[c], b[c], 1e-12) << "cell " << c;
  EXPECT_FALSE(A.symmetric());
  EXPECT_TRUE(test::assemble(g, test::GridOperator{}).symmetric());
}

TEST(LduMatrix, ConstructorZeroesCoefficientsSizedFromAddressing) {
  const LduMatrix A(lineWithGhost());
  EXPECT_EQ(A.diag(), std::vector<double>(3, 0.0));
  EXPECT_EQ(A.lower().size(), 2u);
  EXPECT_EQ(A.upper().size(), 2u);
  EXPECT_EQ(A.coupleCoeffs().size(), 1u);
  EXPECT_EQ(ownerStart(A.addressing()), (std::vector<Label>{0, 1, 2, 2}));
}

TEST(LduMatrix, SymmetricStorageUntilLowerIsWritten) {
  LduMatrix A(lineWithGhost());
  EXPECT_FALSE(A.storesLower());
  A.upper() = {-1, -2};
  const LduMatrix& constA = A;
  EXPECT_EQ(constA.lower(), (std::vector<double>{-1, -2}));  // reads upper
  EXPECT_TRUE(A.symmetric());
  const std::uint64_t before = A.version();
  A.lower()[1] = -0.5;  // the first writable access copies upper
  EXPECT_GT(A.version(), before);
  EXPECT_TRUE(A.storesLower());
  EXPECT_EQ(constA.lower(), (std::vector<double>{-1, -0.5}));
  EXPECT_EQ(constA.upper(), (std::vector<double>{-1, -2}));
  EXPECT_FALSE(A.symmetric());
  const LduMatrix copy = A;  // a copy keeps the storage
  EXPECT_TRUE(copy.storesLower());
  EXPECT_EQ(copy.lower(), constA.lower());
  A.makeSymmetric();
  EXPECT_FALSE(A.storesLower());
  EXPECT_EQ(constA.lower(), constA.upper());
  // The product of the symmetric storage is the product of the explicit symmetric matrix.
  LduMatrix S(lineWithGhost()), E(lineWithGhost());
  for (LduMatrix* M : {&S, &E}) {
    M->diag() = {4, 5, 6};
    M->upper() = {-1, -2};
    M->coupleCoeffs() = {-3};
  }
  E.lower() = {-1, -2};
  std::vector<double> x{1, 2, 3, -99}, ys(3), ye(3);
  FixedGhost g1(7), g2(7);
  S.amul(x, ys, g1);
  E.amul(x, ye, g2);
  EXPECT_EQ(ys, ye);
}

TEST(LduMatrix, BadAddressingIsReported) {
  auto a = lineWithGhost();
  a->setFaces({1, 0}, {2, 1});
  EXPECT_THROW(
      {
        try {
          LduMatrix A(a);
        } catch (const Error& e) {
          EXPECT_STREQ(e.what(), "LduAddressing: face 1 is not sorted by lower (owner) cell");
          throw;
        }
      },
      Error);
  a = lineWithGhost();
  a->setFaces({0, 1}, {1, 0});
  EXPECT_THROW(checkAddressing(*a), Error);
  a = lineWithGhost();
  a->coupleGhost = {2};
  try {
    checkAddressing(*a);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "LduAddressing: coupled face 0 has ghost 2 outside 3..3");
  }
}

TEST(LduMatrix, StampsFollowCoefficientChanges) {
  LduMatrix A = handMatrix();
  const CoefficientStamp s = A.stamp();
  EXPECT_TRUE(s.matches(A));
  const LduMatrix& constA = A;
  EXPECT_EQ(constA.diag()[0], 4);  // const access does not change the version
  EXPECT_TRUE(s.matches(A));
  A.upper()[0] = -1;  // non-const access does
  EXPECT_FALSE(s.matches(A));
  const CoefficientStamp s2 = A.stamp();
  A.markModified();
  EXPECT_FALSE(s2.matches(A));
  // A copy is another matrix even with equal coefficients and version.
  LduMatrix B = A;
  EXPECT_FALSE(A.stamp().matches(B));
  EXPECT_TRUE(B.stamp().matches(B));
  EXPECT_FALSE(CoefficientStamp{}.matches(A));
}

}  // namespace
}  // namespace sluice::linear
