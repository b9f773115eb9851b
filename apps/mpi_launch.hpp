#pragma once
// `--np N`: sluice starts itself under mpiexec with N ranks, so users need not
// type the launcher. Under an MPI launcher already, nothing is relaunched.
#include <string>
#include <vector>

namespace sluice::apps {

/// True when this process was started by an MPI launcher (Open MPI, MPICH/PMI).
bool underMpiLauncher();

/// Whether the user's standard output is a terminal. Under an MPI launcher a
/// rank's stdout is a pseudo-terminal whatever the user's is (Open MPI), so
/// the ranks trust only what `relaunchUnderMpi` recorded before starting
/// them, and assume a log when started by a launcher directly.
bool userStdoutIsTerminal();

/// Replaces this process by `mpiexec -n np <this program> args...`; returns
/// only on failure (with a message on stderr), as exit code 1.
int relaunchUnderMpi(int np, const std::vector<std::string>& args);

}  // namespace sluice::apps
