#pragma once
// `sluice decompose CASE --np N`: the parallel start-up without a solver.
// Rank 0 builds or reads the mesh and partitions it (system/decomposeParDict,
// scotch by default); every rank receives its cells and ghost layer; the
// ranks' neighbourhood is handed to MPI as a distributed graph; one scalar and
// one vector halo exchange of global cell ids are checked against the ids
// each ghost should have. Prints the decomposition and communication profile,
// and writes CASE/sluice-profile.json.
#include <string>

namespace sluice::parallel {
class Communicator;
}

namespace sluice::apps {

struct DecomposeCommandOptions {
  std::string caseDir;
  std::string method;      ///< overrides decomposeParDict's method when set
  bool noRenumber = false;
};

/// Collective over `world`.
int runDecomposeCommand(parallel::Communicator& world, const DecomposeCommandOptions& options);

}  // namespace sluice::apps
