#pragma once
// Loads the mesh of a case directory the way a user expects: constant/polyMesh
// if it exists, otherwise system/blockMeshDict (or constant/polyMesh/blockMeshDict)
// through the block mesher; then reverse Cuthill-McKee renumbering (kept only
// when it narrows the matrix band).
//
//   LoadedMesh m = loadCaseMesh(caseDir, {.renumber = true});
//   fmt::print("bandwidth {} -> {}\n", m.bandwidthBefore, m.bandwidthAfter);
#include <filesystem>
#include <string>
#include <vector>

#include "sluice/mesh/poly_mesh.hpp"

namespace sluice::mesh {

struct MeshLoadOptions {
  bool renumber = true;  ///< reverse Cuthill-McKee cell renumbering
};

struct LoadedMesh {
  PolyMesh mesh;
  std::string source;          ///< "constant/polyMesh" or "system/blockMeshDict"
  Label bandwidthBefore = -1;  ///< set when renumbered
  Label bandwidthAfter = -1;   ///< bandwidth of the mesh returned
  bool renumbered = false;     ///< false when RCM would not have narrowed the band
  /// When renumbered: order[newCell] = cell index in the case files; else empty.
  std::vector<Label> cellOrder;
};

LoadedMesh loadCaseMesh(const std::filesystem::path& caseDir, const MeshLoadOptions& options = {});

/// Where loadCaseMesh takes the mesh from: "constant/polyMesh" (the mesh
/// files are there), else the blockMeshDict ("system/blockMeshDict" or
/// "constant/polyMesh/blockMeshDict"). InputError if there is neither.
std::string caseMeshSource(const std::filesystem::path& caseDir);

}  // namespace sluice::mesh
