#pragma once
// `sluice mesh CASE`: builds (blockMeshDict) or reads (constant/polyMesh) the
// mesh, renumbers it, and prints the quality report; exit 1 on mesh errors.
#include <string>

namespace sluice::apps {

struct MeshCommandOptions {
  std::string caseDir;
  bool json = false;
  bool noRenumber = false;
};

int runMeshCommand(const MeshCommandOptions& options);

}  // namespace sluice::apps
