#include "mpi_launch.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string_view>

#include "mpiexec_stderr_filter.hpp"
#include "supervised_child.hpp"

namespace sluice::apps {

bool underMpiLauncher() {
  for (const char* var : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "MPI_LOCALNRANKS"})
    if (std::getenv(var)) return true;
  return false;
}

bool isFirstRank() {
  for (const char* var : {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK"})
    if (const char* rank = std::getenv(var)) return std::strcmp(rank, "0") == 0;
  return true;
}

namespace {
constexpr const char* kTerminalVariable = "SLUICE_STDOUT_IS_TERMINAL";
}

bool userStdoutIsTerminal() {
  if (!underMpiLauncher()) return isatty(STDOUT_FILENO) != 0;
  const char* recorded = std::getenv(kTerminalVariable);
  return recorded != nullptr && std::strcmp(recorded, "1") == 0;
}

void prepareSerialMpi() {
  if (underMpiLauncher()) return;
  setenv("OMPI_MCA_ess_singleton_isolated", "1", 0);
  setenv("OMPI_MCA_pml", "ob1", 0);
  setenv("OMPI_MCA_btl", "self", 0);
}

int relaunchUnderMpi(int np, const std::vector<std::string>& args) {
  std::error_code ec;
  const std::string self = std::filesystem::read_symlink("/proc/self/exe", ec).string();
  if (ec) {
    std::fprintf(stderr, "error: --np: cannot find the sluice executable to relaunch: %s\n", ec.message().c_str());
    return 1;
  }
  // Open MPI refuses more ranks than cores unless told, and refuses root
  // unless told; a user asking for --np N on a workstation or in a container
  // means it.
  if (geteuid() == 0) {
    setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 0);
    setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 0);
  }
  setenv("OMPI_MCA_rmaps_base_oversubscribe", "1", 0);
  setenv(kTerminalVariable, isatty(STDOUT_FILENO) ? "1" : "0", 1);

  // mpiexec runs as a supervised child rather than in place of this process:
  // its reports are read here and shortened (a rank killed by a signal: one
  // line naming the rank and the signal; sluice's own error lines as they are).
  std::vector<std::string> argv = {"mpiexec", "-n", std::to_string(np), self};
  argv.insert(argv.end(), args.begin(), args.end());
  MpiexecStderrFilter filter;
  auto show = [](const std::vector<std::string>& lines) {
    for (const std::string& line : lines) std::fprintf(stderr, "%s\n", line.c_str());
  };
  // The user's first SIGINT/SIGTERM reaches the ranks as SIGUSR1, which
  // mpiexec passes on (it kills the ranks a second after SIGINT/SIGTERM): the
  // run finishes its time step, writes a restart snapshot and stops.
  const bool stopsOnRequest = !args.empty() && args.front() == "run";
  const ChildResult result = runSupervisedChild(argv, stopsOnRequest ? SIGUSR1 : 0,
                                                [&](std::string_view line) { show(filter.line(line)); });
  if (!result.startError.empty()) {
    std::fprintf(stderr, "error: --np %d: cannot start mpiexec: %s (install openmpi-bin)\n", np,
                 result.startError.c_str());
    return 1;
  }
  if (filter.stoppedOnRequest()) {
    // Stopped as asked, after a snapshot (rank 0 said where it can restart
    // from): 128 + the signal the user sent (the ranks saw mpiexec's SIGUSR1).
    return result.forwardedSignal != 0 ? 128 + result.forwardedSignal : result.exitCode;
  }
  if (result.forwardedSignal != 0 && result.exitCode != 0) {
    // Stopped from outside (`kill`, `timeout`, a batch system): say so rather than "mpiexec failed".
    std::fprintf(stderr, "error: stopped by signal %d (%s)\n", result.forwardedSignal,
                 strsignal(result.forwardedSignal));
    return 1;
  }
  show(filter.finish(result.exitCode));
  return result.exitCode == 0 ? 0 : 1;
}

}  // namespace sluice::apps
