#pragma once
// Reader for constant/polyMesh (points, faces, owner, neighbour, boundary),
// ascii and binary (label and scalar widths from the FoamFile header's
// `arch` entry "LSB;label=32;scalar=64"), faces as faceList or
// faceCompactList. Compressed (.gz) files are refused with a message.
//
//   PolyMesh mesh = readPolyMesh(caseDir / "constant/polyMesh");
#include <filesystem>

#include "sluice/mesh/poly_mesh.hpp"

namespace sluice::mesh {

PolyMesh readPolyMesh(const std::filesystem::path& polyMeshDir);

/// Writes an ascii polyMesh that OpenFOAM and readPolyMesh can read.
void writePolyMesh(const PolyMesh& mesh, const std::filesystem::path& polyMeshDir);

}  // namespace sluice::mesh
