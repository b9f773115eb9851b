#pragma once
// Which cells a rank sends to and receives from each neighbour rank. Built
// once per distributed mesh at start-up; a HaloExchange is constructed from it.
#include <vector>

#include "sluice/core/types.hpp"

namespace sluice::parallel {

struct HaloPattern {
  std::vector<int> neighbours;                ///< neighbour ranks, ascending, no duplicates
  std::vector<std::vector<Label>> sendCells;  ///< per neighbour: owned local cells to send, in order
  std::vector<std::vector<Label>> recvCells;  ///< per neighbour: ghost local cells to fill, in the sender's order
};

}  // namespace sluice::parallel
