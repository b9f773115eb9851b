#pragma once
// Parallel partitioning of a mesh held as MeshShares (distributed start-up):
// the cell graph is assembled in cell blocks (rank r: the cells of
// IdRanges::even(nGlobalCells, P) block r, each with its neighbour cells'
// global ids) and partitioned by PT-Scotch, no rank seeing more than its
// block's edges.
//
//   const IdRanges blocks = IdRanges::even(share.nGlobalCells, comm.size());
//   std::vector<int> part = partitionShare(comm, share, blocks, traffic);   // collective
//   // part[i]: the rank that will own cell blocks.first(rank) + i
#include <mpi.h>

#include <vector>

#include "sluice/parallel/mesh_share.hpp"
#include "sluice/parallel/startup_exchange.hpp"

namespace sluice::parallel {

/// Collective. Parts are ranks of `comm`, every one of them used; when
/// PT-Scotch leaves a part empty (tiny meshes) the cell blocks themselves are
/// the parts. Needs at least as many cells as ranks.
std::vector<int> partitionShare(MPI_Comm comm, const MeshShare& share, const IdRanges& cellBlocks,
                                StartupTraffic& traffic);

}  // namespace sluice::parallel
