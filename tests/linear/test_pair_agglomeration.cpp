// The pairing steps of the faceAreaPair agglomeration on small grids whose
// groups can be worked out by hand (OpenFOAM's rules: heaviest face first,
// ties to the first face met, a lone cell joins its heaviest neighbour's
// group, reversed numbering on backward passes), and the coarse faces and
// face weights they leave.
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "sluice/linear/gamg/pair_agglomeration.hpp"

namespace sluice::linear {
namespace {

/// An nx x ny grid of cells numbered row by row, faces in owner order (right, then up).
std::shared_ptr<LduAddressing> grid(int nx, int ny, std::vector<Scalar>& weights, double xWeight, double yWeight) {
  auto a = std::make_shared<LduAddressing>();
  a->nCells = a->nLocalCells = nx * ny;
  std::vector<Label> lower, upper;
  for (int c = 0; c < nx * ny; ++c) {
    if (c % nx + 1 < nx) {
      lower.push_back(c);
      upper.push_back(c + 1);
      weights.push_back(xWeight);
    }
    if (c / nx + 1 < ny) {
      lower.push_back(c);
      upper.push_back(c + nx);
      weights.push_back(yWeight);
    }
  }
  a->setFaces(std::move(lower), std::move(upper));
  return a;
}

TEST(PairAgglomeration, PairsAcrossTheHeaviestFacesAndNumbersGroupsAsMet) {
  std::vector<Scalar> w;
  const auto a = grid(4, 2, w, 1.0, 1.01);  // y-faces heavier: vertical pairs
  const CellGroups g = pairCells(*a, w, /*forward=*/true);
  EXPECT_EQ(g.nGroups, 4);
  EXPECT_EQ(g.cellToGroup, (std::vector<Label>{0, 1, 2, 3, 0, 1, 2, 3}));

  const CoarseFaces f = coarsenFaces(*a, g.cellToGroup, g.nGroups);
  EXPECT_EQ(f.lower, (std::vector<Label>{0, 1, 2}));
  EXPECT_EQ(f.upper, (std::vector<Label>{1, 2, 3}));
  // Fine faces in order: 0-1, 0-4, 1-2, 1-5, 2-3, 2-6, 3-7, 4-5, 5-6, 6-7.
  EXPECT_EQ(f.faceMap, (std::vector<Label>{0, -1, 1, -2, 2, -3, -4, 0, 1, 2}));
  EXPECT_EQ(restrictFaceValues(f, w), (std::vector<Scalar>{2.0, 2.0, 2.0}));

  // The next step runs backwards: cell 3 pairs with 2, then 1 with 0; numbers reversed.
  auto chain = std::make_shared<LduAddressing>();
  chain->nCells = chain->nLocalCells = g.nGroups;
  chain->setFaces(f.lower, f.upper);
  const CellGroups back = pairCells(*chain, restrictFaceValues(f, w), /*forward=*/false);
  EXPECT_EQ(back.nGroups, 2);
  EXPECT_EQ(back.cellToGroup, (std::vector<Label>{0, 0, 1, 1}));
}

TEST(PairAgglomeration, ALoneCellJoinsTheGroupAcrossItsHeaviestFace) {
  std::vector<Scalar> w;
  const auto a = grid(3, 1, w, 1.0, 1.0);
  const CellGroups g = pairCells(*a, w, /*forward=*/true);
  EXPECT_EQ(g.nGroups, 1);
  EXPECT_EQ(g.cellToGroup, (std::vector<Label>{0, 0, 0}));
}

TEST(PairAgglomeration, TiesGoToTheFirstFaceMetAndFlippedFacesAreMarked) {
  std::vector<Scalar> w;
  const auto a = grid(2, 2, w, 1.0, 1.0);  // all faces equal: 0 pairs with 1 (its first face as lower cell)
  const CellGroups g = pairCells(*a, w, /*forward=*/true);
  EXPECT_EQ(g.cellToGroup, (std::vector<Label>{0, 0, 1, 1}));
  // Backwards from cell 3: its first face is 1-3 (it is the upper cell there), so 3 pairs with 1.
  const CellGroups b = pairCells(*a, w, /*forward=*/false);
  EXPECT_EQ(b.nGroups, 2);
  EXPECT_EQ(b.cellToGroup[3], b.cellToGroup[1]);
  EXPECT_EQ(b.cellToGroup[0], b.cellToGroup[2]);
  EXPECT_EQ(b.cellToGroup[0], 0);  // reversed numbering: the group met last is 0
  const CoarseFaces f = coarsenFaces(*a, b.cellToGroup, b.nGroups);
  ASSERT_EQ(f.lower.size(), 1u);
  // Faces 0-1 and 2-3 join group 0 (cells 0, 2) to group 1 (cells 1, 3) in the face's own direction.
  EXPECT_EQ(f.flipped, (std::vector<char>{0, 0, 0, 0}));
}

}  // namespace
}  // namespace sluice::linear
