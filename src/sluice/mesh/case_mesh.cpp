#include "sluice/mesh/case_mesh.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/mesh/block_mesh.hpp"
#include "sluice/mesh/polymesh_io.hpp"
#include "sluice/mesh/renumber.hpp"

namespace sluice::mesh {

namespace fs = std::filesystem;

namespace {

// A polyMesh directory counts as present when it holds the mesh files, not
// just a blockMeshDict (older cases keep blockMeshDict in constant/polyMesh).
bool hasPolyMeshFiles(const fs::path& dir) {
  for (const char* name : {"faces", "faces.gz"})
    if (fs::exists(dir / name)) return true;
  return false;
}

}  // namespace

std::string caseMeshSource(const fs::path& caseDir) {
  if (!fs::is_directory(caseDir)) throw InputError(fmt::format("{}: no such case directory", caseDir.string()));
  const fs::path polyMeshDir = caseDir / "constant" / "polyMesh";
  if (hasPolyMeshFiles(polyMeshDir)) return "constant/polyMesh";
  if (!fs::exists(caseDir / "system/blockMeshDict") && fs::exists(polyMeshDir / "blockMeshDict"))
    return "constant/polyMesh/blockMeshDict";
  if (!fs::exists(caseDir / "system/blockMeshDict"))
    throw InputError(fmt::format("{}: no mesh: neither constant/polyMesh nor system/blockMeshDict exists",
                                 caseDir.string()));
  return "system/blockMeshDict";
}

LoadedMesh loadCaseMesh(const fs::path& caseDir, const MeshLoadOptions& options) {
  LoadedMesh loaded;
  loaded.source = caseMeshSource(caseDir);
  if (loaded.source == "constant/polyMesh")
    loaded.mesh = readPolyMesh(caseDir / loaded.source);
  else
    loaded.mesh = buildBlockMesh(io::Dictionary::readFile(caseDir / loaded.source, loaded.source));

  if (options.renumber && loaded.mesh.nCells() > 1) {
    // Keep the RCM ordering only when it narrows the band: structured block
    // meshes are often already optimal, and a wider band would cost cache misses.
    loaded.bandwidthBefore = bandwidth(loaded.mesh);
    std::vector<Label> order = reverseCuthillMcKee(loaded.mesh);
    PolyMesh renumbered = renumberCells(loaded.mesh, order);
    const Label after = bandwidth(renumbered);
    loaded.renumbered = after < loaded.bandwidthBefore;
    if (loaded.renumbered) {
      loaded.mesh = std::move(renumbered);
      loaded.cellOrder = std::move(order);
    }
    loaded.bandwidthAfter = std::min(after, loaded.bandwidthBefore);
  }
  return loaded;
}

}  // namespace sluice::mesh
