#pragma once
// `sluice run CASE [--np N]`: the case's application (controlDict
// `application`: icoFoam, pimpleFoam) on every rank: parallel start-up,
// fields from 0/, time loop, VTK output and function objects, then the
// communication profile (printed and written to CASE/sluice-profile.json).
#include <string>

namespace sluice::parallel {
class Communicator;
}

namespace sluice::apps {

struct RunCommandOptions {
  std::string caseDir;
  std::string method;      ///< overrides decomposeParDict's method when set
  bool noRenumber = false;
  bool quiet = false;      ///< no per-step solver lines, only progress
};

/// Collective over `world`.
int runRunCommand(parallel::Communicator& world, const RunCommandOptions& options);

}  // namespace sluice::apps
