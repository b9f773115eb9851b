#pragma once
// The cell centres of a cell block, computed where the block's faces are
// brought together from the MeshShares (distributed start-up), bit for bit
// the centres mesh::MeshGeometry::computeCells gives the whole mesh: the
// geometric decompositions (simple, hierarchical) then split the cells
// exactly as on one rank.
//
//   const IdRanges blocks = IdRanges::even(share.nGlobalCells, comm.size());
//   std::vector<Vec3> centres = blockCellCentres(comm.get(), share, blocks, traffic);   // collective
//   // centres[i]: cell blocks.first(rank) + i; the share keeps its faces
#include <mpi.h>

#include <vector>

#include "sluice/core/vec3.hpp"
#include "sluice/parallel/mesh_share.hpp"
#include "sluice/parallel/startup_exchange.hpp"

namespace sluice::parallel {

/// Collective. Memory per rank: the block's faces and points. The share's
/// internal faces must be upper-triangular (owner < neighbour), as
/// MeshShare's numbering is.
std::vector<Vec3> blockCellCentres(MPI_Comm comm, MeshShare& share, const IdRanges& cellBlocks,
                                   StartupTraffic& traffic);

}  // namespace sluice::parallel
