// checkHaloPattern: each inconsistency named exactly.
#include <gtest/gtest.h>

#include "sluice/core/error.hpp"
#include "sluice/parallel/halo_exchange.hpp"

namespace sluice::parallel {
namespace {

std::string failure(const HaloPattern& p, int size) {
  try {
    checkHaloPattern(p, size);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

HaloPattern valid() {
  HaloPattern p;
  p.neighbours = {1, 3};
  p.sendCells = {{0, 1}, {2}};
  p.recvCells = {{4, 5}, {6}};
  return p;
}

TEST(CheckHaloPattern, ValidPatternPasses) {
  EXPECT_EQ(failure(valid(), 4), "");
  EXPECT_EQ(failure(HaloPattern{}, 1), "");
}

TEST(CheckHaloPattern, Inconsistencies) {
  HaloPattern p = valid();
  p.recvCells.pop_back();
  EXPECT_EQ(failure(p, 4), "halo pattern: 2 neighbours but 2 send lists and 1 receive lists");

  p = valid();
  EXPECT_EQ(failure(p, 3), "halo pattern: neighbour rank 3 outside 0..2");

  p = valid();
  p.neighbours = {3, 1};
  EXPECT_EQ(failure(p, 4), "halo pattern: neighbour ranks not ascending and unique (1 after 3)");

  p = valid();
  p.neighbours = {1, 1};
  EXPECT_EQ(failure(p, 4), "halo pattern: neighbour ranks not ascending and unique (1 after 1)");

  p = valid();
  p.sendCells[1] = {-2};
  EXPECT_EQ(failure(p, 4), "halo pattern: negative cell -2 in the send list to rank 3");

  p = valid();
  p.recvCells[0] = {4, -1};
  EXPECT_EQ(failure(p, 4), "halo pattern: negative cell -1 in the receive list from rank 1");

  p = valid();
  p.recvCells[1] = {5};
  EXPECT_EQ(failure(p, 4), "halo pattern: ghost cell 5 is received more than once");
}

}  // namespace
}  // namespace sluice::parallel
