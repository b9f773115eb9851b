#pragma once
// The geometric decompositions (simple, hierarchical) of a mesh held as
// MeshShares (distributed start-up), exactly as splitByCoordinates splits the
// whole mesh on one rank, with no rank holding more than its cell block: the
// block's cell centres (share_cell_centres.hpp), then, level by level, the
// cell at each split position of each group found by a distributed selection
// (bisection on the keys' ordered bits, then, where cells tie at the key
// found, on their global ids; one fused reduction of counts per step for all
// groups of the level).
//
//   const IdRanges blocks = IdRanges::even(share.nGlobalCells, world.size());
//   std::vector<int> part = partitionShareGeometric(world, share, blocks, settings, traffic);   // collective
//   // part[i]: the rank that will own cell blocks.first(rank) + i; the share keeps its faces
#include <vector>

#include "sluice/parallel/communicator.hpp"
#include "sluice/parallel/decomposition_settings.hpp"
#include "sluice/parallel/mesh_share.hpp"
#include "sluice/parallel/startup_exchange.hpp"

namespace sluice::parallel {

/// Collective. settings.n's product must be the number of ranks (the parts are
/// ranks); settings.order gives the splitting order (simple: x, y, z).
/// Reduction rounds per level that splits: at most 1 + 64 + 1 + 63, without
/// ties at the split positions 1 + 64 + 1.
std::vector<int> partitionShareGeometric(const Communicator& comm, MeshShare& share, const IdRanges& cellBlocks,
                                         const DecompositionSettings& settings, StartupTraffic& traffic);

}  // namespace sluice::parallel
