#pragma once
// Warnings about the case (a skipped #includeFunc, an unsupported function
// object) are printed once per run, by rank 0: every rank reads the same
// files and would otherwise repeat them. Code below the MPI layer (the
// dictionary parser) has no communicator, so the rank comes from the
// launcher's environment (Open MPI, MPICH/PMI, PMIx); a serial run is rank 0.
//
//   core::printWarning("system/controlDict:49:5: #includeFunc graphs skipped (...)");  // "warning: ..." on stderr
#include <string_view>

namespace sluice::core {

/// True unless this process is a rank other than 0 of an MPI launch.
bool isFirstRankOfLaunch();

/// "warning: <message>" on stderr, on the launch's rank 0 only.
void printWarning(std::string_view message);

}  // namespace sluice::core
