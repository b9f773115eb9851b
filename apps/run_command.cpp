#include "run_command.hpp"

#include <cstdio>
#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "case_name.hpp"
#include "mpi_launch.hpp"
#include "sluice/field/fv_mesh.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/parallel/case_startup.hpp"
#include "sluice/parallel/comm_profile.hpp"
#include "sluice/parallel/communicator.hpp"
#include "sluice/parallel/parallel_error.hpp"
#include "sluice/solvers/restart_snapshot.hpp"
#include "sluice/solvers/solver_registry.hpp"
#include "sluice/solvers/stop_request.hpp"
#include "sluice/solvers/terminal_log.hpp"
#include "sluice/solvers/time_control.hpp"

namespace sluice::apps {

namespace fs = std::filesystem;

using parallel::Communicator;

int runRunCommand(Communicator& world, const RunCommandOptions& options) {
  const fs::path caseDir = options.caseDir;
  // Every rank reads controlDict itself: a bad file fails everywhere alike.
  const io::Dictionary controlDict = parallel::collectively(
      world, [&] { return io::Dictionary::readFile(caseDir / "system/controlDict", "system/controlDict"); });
  const std::string application =
      parallel::collectively(world, [&] { return controlDict.get<std::string>("application"); });
  const solvers::SolverRegistry registry = solvers::SolverRegistry::standard();
  parallel::collectively(world, [&] {
    const auto names = registry.names();
    if (std::find(names.begin(), names.end(), application) == names.end())
      controlDict.fail(fmt::format("unknown application '{}'; supported: {}", application, fmt::join(names, ", ")));
  });

  // A Ctrl-C or SIGTERM from now on stops the run after its first step (with a snapshot).
  const solvers::StopRequest stop;
  // startFrom latestTime and restart snapshots: what rank 0 sees, for every rank.
  const solvers::StartPoint start = solvers::agreedStartPoint(world, caseDir, controlDict);

  parallel::CommProfile profile;
  parallel::CaseStartup startup =
      parallel::startCase(world, caseDir, {.method = options.method, .renumber = !options.noRenumber});
  if (world.isRoot())
    fmt::print("{} on {} rank(s): {} cells from {}, decomposition {}\n{}\n{}\n", application, world.size(),
               startup.nGlobalCells, startup.meshSource, startup.settings.method, startup.figures.text(),
               startup.report.toText());

  Communicator comm = std::move(startup.graph);
  comm.setProfile(&profile);
  // Collective on `comm`: the constructor agrees on its ranks' local
  // failures (bad cyclic patches) before it communicates, and a failure while
  // it communicates ends the run; no agreement on another communicator here.
  std::unique_ptr<field::FvMesh> meshPtr = std::make_unique<field::FvMesh>(std::move(startup.mesh), comm);
  field::FvMesh& mesh = *meshPtr;

  // On a terminal rank 0's solver lines scroll above the progress line.
  std::optional<solvers::TerminalLog> terminal;
  if (comm.isRoot() && userStdoutIsTerminal()) terminal.emplace(stdout);
  solvers::RunContext context{caseDir, caseName(caseDir), comm, profile, mesh, controlDict,
                              terminal ? terminal->stream() : stdout, terminal ? &*terminal : nullptr,
                              !options.quiet, start.latestTime, start.restart, &stop};
  std::unique_ptr<solvers::Solver> solver =
      parallel::collectively(comm, [&] { return registry.create(application, context); });
  const int status = solver->run();
  terminal.reset();

  // One summary (with the peak memory of each rank) for the table and the file.
  parallel::ProfileSummary summary = profile.summarize(comm);
  summary.startup = startup.figures;
  parallel::writeJsonOnRoot(comm, summary, caseDir / parallel::kProfileFileName);
  if (comm.isRoot()) fmt::print("\nEnd of {}.\n\n{}\nProfile written to {}\n", application, summary.table(),
                                (caseDir / parallel::kProfileFileName).string());
  return status;
}

}  // namespace sluice::apps
