#pragma once
// Distribution of an undecomposed mesh held by rank 0 over the ranks of a
// communicator, and a summary of the result.
//
// Rank 0 computes every rank's DistributedMesh (layout in
// distributed_mesh.hpp) and sends it; the other ranks pass nullptr and an
// empty span. Collective over `comm`: every rank calls it, and every rank
// throws the same CollectiveError on bad input (e.g. more ranks than cells).
//
//   const mesh::PolyMesh* global = rank == 0 ? &caseMesh : nullptr;
//   std::vector<int> cellToRank;
//   if (rank == 0) cellToRank = decompose(caseMesh, geometry.cellCentres, size, settings);
//   DistributedMesh local = distributeMesh(MPI_COMM_WORLD, global, cellToRank);
//   DecompositionReport report = gatherDecompositionReport(MPI_COMM_WORLD, local);
//   if (rank == 0) std::cout << report.toText();
//
// Layout produced on each rank:
//  - owned cells in increasing global cell id;
//  - internal faces (both cells owned) in upper-triangular order;
//  - then every patch of the undecomposed mesh, in its order and even when
//    empty here, holding the rank's faces of that patch in global face order;
//  - then one "processor" patch per neighbour rank in ascending rank order,
//    named procBoundary<me>to<nbr>, its faces in global face order (so the
//    i-th face on a towards b is the i-th on b towards a), each oriented out
//    of the owned cell;
//  - ghost cells numbered from nOwnedCells in order of first appearance in the
//    processor faces; halo.recvCells[i] are the ghosts from neighbours[i] and
//    halo.sendCells[i] the owned cells that neighbour holds as ghosts, in the
//    order of its recvCells;
//  - points: those the rank's faces use, in increasing global point id.
#include <mpi.h>

#include <span>
#include <string>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/mesh/poly_mesh.hpp"
#include "sluice/parallel/distributed_mesh.hpp"

namespace sluice::parallel {

/// Collective. `globalMesh` and `cellToRank` (one rank per cell, every rank
/// used) are read on rank 0 only.
DistributedMesh distributeMesh(MPI_Comm comm, const mesh::PolyMesh* globalMesh, std::span<const int> cellToRank);

/// Serial core of distributeMesh: rank `rank`'s part of `globalMesh` for the
/// decomposition `cellToRank` over `nRanks` ranks (input assumed valid).
DistributedMesh extractRankMesh(const mesh::PolyMesh& globalMesh, std::span<const int> cellToRank, int nRanks,
                                int rank);

/// Per-rank sizes of a decomposition, gathered on rank 0.
///
///   DecompositionReport report = gatherDecompositionReport(comm, local);  // collective
///   if (rank == 0) log(report.toText());
struct DecompositionReport {
  struct Rank {
    GlobalLabel cells = 0;
    std::vector<int> neighbours;         ///< neighbour ranks, ascending
    std::vector<Label> processorFaces;   ///< per neighbour: shared faces
    GlobalLabel totalProcessorFaces() const;
  };
  std::vector<Rank> ranks;  ///< one per rank on rank 0; empty on the other ranks

  GlobalLabel totalCells() const;
  /// Faces shared between ranks, each counted once.
  GlobalLabel sharedFaces() const;
  /// max/mean - 1 of the cells per rank.
  double loadImbalance() const;
  /// A table: one line per rank (cells, processor faces, neighbours) and a summary line.
  std::string toText() const;
};

/// Collective: gathers every rank's sizes on rank 0.
DecompositionReport gatherDecompositionReport(MPI_Comm comm, const DistributedMesh& local);

}  // namespace sluice::parallel
