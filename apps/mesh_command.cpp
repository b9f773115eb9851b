#include "mesh_command.hpp"

#include <cstdio>

#include <fmt/format.h>

#include "sluice/mesh/case_mesh.hpp"
#include "sluice/mesh/mesh_check.hpp"
#include "sluice/mesh/mesh_geometry.hpp"

namespace sluice::apps {

int runMeshCommand(const MeshCommandOptions& options) {
  mesh::LoadedMesh loaded = mesh::loadCaseMesh(options.caseDir, {.renumber = !options.noRenumber});
  const mesh::MeshGeometry geometry = mesh::MeshGeometry::compute(loaded.mesh);
  mesh::MeshReport report = mesh::checkMesh(loaded.mesh, geometry);
  report.bandwidthBefore = loaded.bandwidthBefore;
  report.bandwidthAfter = loaded.bandwidthAfter;

  if (options.json) {
    fmt::print("{}\n", report.toJson());
  } else {
    fmt::print("Mesh of {} (from {})\n\n{}", options.caseDir, loaded.source, report.toText());
    if (!report.errors.empty())
      fmt::print(stderr, "error: {}: mesh check failed with {} error(s)\n", options.caseDir, report.errors.size());
  }
  return report.errors.empty() ? 0 : 1;
}

}  // namespace sluice::apps
