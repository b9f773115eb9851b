#include "mpi_launch.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace sluice::apps {

bool underMpiLauncher() {
  for (const char* var : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "MPI_LOCALNRANKS"})
    if (std::getenv(var)) return true;
  return false;
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

  // --quiet: sluice prints its own one-line error; mpiexec's banner about a
  // non-zero exit would only repeat it.
  std::vector<std::string> argv = {"mpiexec", "--quiet", "-n", std::to_string(np), self};
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<char*> cargv;
  for (auto& a : argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);
  execvp("mpiexec", cargv.data());
  std::fprintf(stderr, "error: --np %d: cannot start mpiexec: %s (install openmpi-bin)\n", np, std::strerror(errno));
  return 1;
}

}  // namespace sluice::apps
