#pragma once
// Parallel start-up of a case, shared by every command that runs on a
// decomposed mesh. Two ways, one result layout (distribute.hpp):
//
//  - distributed (several ranks, method scotch, simple or hierarchical):
//    every rank reads its share of constant/polyMesh or generates its share
//    of the block mesh (MeshShare), the cell graph is partitioned by
//    PT-Scotch across the ranks (simple, hierarchical: the cell blocks'
//    centres split exactly as on one rank, share_geometric_partition.hpp),
//    the ranks' neighbourhood goes to MPI as a distributed graph
//    (reorder allowed) and then faces and points move to their cells' ranks.
//    No rank holds the whole mesh. Start-up communication: a handful of
//    all-to-all exchanges (startup_exchange.hpp), counted in `traffic`.
//  - on rank 0 (one rank, metis, cyclic patches, block meshes the
//    parallel mesher does not cover): rank 0 builds or reads the whole mesh,
//    partitions it and sends every rank its part; the graph is made after.
//
// Either way cells, faces and points keep the case files' global numbering
// (output, restart and field files do not depend on the rank count), and
// each rank then renumbers its own cells (Cuthill-McKee) when that
// narrows its band. Each rank checks its cells (the checks of `sluice mesh`).
//
//   CaseStartup s = startCase(world, caseDir, {});      // collective
//   if (world.isRoot()) fmt::print("{}{}", s.figures.text(), s.report.toText());
//   HaloExchange halo(s.graph, s.mesh.halo, 100);       // neighbours in graph numbering
#include <filesystem>
#include <string>

#include "sluice/parallel/communicator.hpp"
#include "sluice/parallel/decomposition_settings.hpp"
#include "sluice/parallel/distribute.hpp"
#include "sluice/parallel/distributed_mesh.hpp"
#include "sluice/parallel/startup_exchange.hpp"
#include "sluice/parallel/startup_figures.hpp"

namespace sluice::parallel {

struct StartupOptions {
  std::string method;          ///< overrides decomposeParDict's method when not empty
  bool renumber = true;        ///< Cuthill-McKee order of each rank's cells (local_renumbering.hpp)
};

struct CaseStartup {
  DecompositionSettings settings;
  std::string meshSource;       ///< "system/blockMeshDict" or "constant/polyMesh"
  GlobalLabel nGlobalCells = 0;
  DistributedMesh mesh;         ///< halo.neighbours and processor patch ranks in `graph` numbering
  DecompositionReport report;   ///< on rank 0 (one line per world rank; neighbours in graph numbering)
  Communicator graph;           ///< distributed-graph communicator of the run
  StartupFigures figures;
};

/// Collective over `world`. Bad input (mesh, decomposeParDict, more ranks
/// than cells) is a CollectiveError on every rank.
CaseStartup startCase(const Communicator& world, const std::filesystem::path& caseDir, const StartupOptions& options);

}  // namespace sluice::parallel
