#pragma once
// What every flow solver of `sluice run` is given, and the interface it
// implements. Solvers are classes with named stages (no include fragments),
// registered by the OpenFOAM application name in a SolverRegistry.
//
//   RunContext ctx{caseDir, caseName, comm, profile, mesh, controlDict, log, terminal};
//   std::unique_ptr<Solver> solver = SolverRegistry::standard().create("icoFoam", ctx);
//   int status = solver->run();          // collective
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>

#include "sluice/field/fv_mesh.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/parallel/comm_profile.hpp"
#include "sluice/parallel/communicator.hpp"
#include "sluice/solvers/restart_snapshot.hpp"
#include "sluice/solvers/stop_request.hpp"
#include "sluice/solvers/terminal_log.hpp"

namespace sluice::solvers {

struct RunContext {
  std::filesystem::path caseDir;
  std::string caseName;                 ///< folder name, used for output file names
  parallel::Communicator& comm;         ///< the run's communicator (the mesh's)
  parallel::CommProfile& profile;
  field::FvMesh& mesh;
  const io::Dictionary& controlDict;
  std::FILE* log = stdout;              ///< per-step lines (rank 0 only); terminal->stream() on a terminal
  TerminalLog* terminal = nullptr;      ///< rank 0 on a terminal: the progress is its status line
  bool verbose = true;                  ///< print each linear solve, as OpenFOAM does
  /// The case's latest time folder, found once for all ranks (startFrom
  /// latestTime must not depend on what each rank's file system lists).
  std::optional<Scalar> latestTimeFolder;
  /// The restart snapshot the run continues from (found once for all ranks:
  /// agreedStartPoint in restart_snapshot.hpp), or none: the fields come from the start time's folder.
  std::optional<SnapshotManifest> restart;
  /// Stop signals received since start-up (installed by `sluice run` before
  /// the mesh is read); null: the solver watches them from its first step.
  const StopRequest* stop = nullptr;
};


class Solver {
 public:
  virtual ~Solver() = default;
  /// Runs to the end time. Returns the exit code. Collective.
  virtual int run() = 0;
};

}  // namespace sluice::solvers
