#pragma once
// `--np N`: sluice starts itself under mpiexec with N ranks, so users need not
// type the launcher. Under an MPI launcher already, nothing is relaunched.
#include <string>
#include <vector>

namespace sluice::apps {

/// True when this process was started by an MPI launcher (Open MPI, MPICH/PMI).
bool underMpiLauncher();

/// False on every rank but the first under an MPI launcher (true without
/// one): errors found before MPI starts are printed once.
bool isFirstRank();

/// Whether the user's standard output is a terminal. Under an MPI launcher a
/// rank's stdout is a pseudo-terminal whatever the user's is (Open MPI), so
/// the ranks trust only what `relaunchUnderMpi` recorded before starting
/// them, and assume a log when started by a launcher directly.
bool userStdoutIsTerminal();

/// A serial run (no launcher) is an MPI singleton. Open MPI 4 would start an
/// orted daemon and probe its network transports for it (about 0.3 s, longer
/// than the 20x20 cavity tutorial's whole run); this asks for an isolated
/// singleton with the in-process transport only. The code path is the same
/// (MPI_COMM_WORLD of size 1). Values the user set in the environment win.
/// Call before MPI_Init; does nothing under a launcher.
void prepareSerialMpi();

/// Runs `mpiexec -n np <this program> args...` and returns the exit code for
/// this process: 0 when every rank succeeded, 128 + the signal for a run
/// stopped on request, else 1. mpiexec's reports are shortened
/// (MpiexecStderrFilter). SIGINT/SIGTERM are passed on to it: for `run`
/// (args[0]) the first one as SIGUSR1, a stop request mpiexec hands to the
/// ranks (they finish the step and write a snapshot); otherwise as they are.
int relaunchUnderMpi(int np, const std::vector<std::string>& args);

}  // namespace sluice::apps
