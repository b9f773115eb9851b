#pragma once
// Parallel start-up of a case, shared by every command that runs on a
// decomposed mesh: rank 0 builds or reads the mesh (renumbered), partitions it
// with the case's decomposition settings, and sends every rank its part; the
// ranks' neighbourhood is then handed to MPI as a distributed graph (reorder
// allowed) and the rank's halo pattern is expressed in that communicator's
// numbering, so exchanges and reductions of the run use `graph`.
//
//   CaseStartup s = startCase(world, caseDir, {});      // collective
//   if (world.isRoot()) fmt::print("{}", s.report.toText());
//   HaloExchange halo(s.graph, s.mesh.halo, 100);       // neighbours in graph numbering
#include <filesystem>
#include <string>

#include "sluice/parallel/communicator.hpp"
#include "sluice/parallel/decomposition_settings.hpp"
#include "sluice/parallel/distribute.hpp"
#include "sluice/parallel/distributed_mesh.hpp"

namespace sluice::parallel {

struct StartupOptions {
  std::string method;    ///< overrides decomposeParDict's method when not empty
  bool renumber = true;  ///< reverse Cuthill-McKee before partitioning
};

struct CaseStartup {
  DecompositionSettings settings;
  std::string meshSource;       ///< "system/blockMeshDict" or "constant/polyMesh"
  GlobalLabel nGlobalCells = 0;
  DistributedMesh mesh;         ///< halo.neighbours and processor patch ranks in `graph` numbering
  std::vector<Label> cellOrder; ///< rank 0: order[cell] = cell in the case files (empty: not renumbered)
  DecompositionReport report;   ///< on rank 0 (world numbering)
  Communicator graph;           ///< distributed-graph communicator of the run
};

/// Collective over `world`. Bad input (mesh, decomposeParDict, more ranks
/// than cells) is a CollectiveError on every rank.
CaseStartup startCase(const Communicator& world, const std::filesystem::path& caseDir, const StartupOptions& options);

}  // namespace sluice::parallel
