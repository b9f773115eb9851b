#pragma once
// Reader for constant/polyMesh (points, faces, owner, neighbour, boundary),
// ascii and binary (label and scalar widths from the FoamFile header's
// `arch` entry "LSB;label=32;scalar=64"), faces as faceList or
// faceCompactList. Compressed (.gz) files are refused with a message.
//
//   PolyMesh mesh = readPolyMesh(caseDir / "constant/polyMesh");
//   writePolyMesh(mesh, otherCase / "constant/polyMesh");
//
// Messages name files relative to the case, from the last two components of
// the directory: "constant/polyMesh/owner: cannot open file",
// "constant/polyMesh/points: expected 1000 entries, file ends after 998",
// "constant/polyMesh/points:17:22: bad number '0.0.1'". Inconsistencies
// between files are reported by PolyMesh's constructor with the mesh name
// "constant/polyMesh". Boundary patch types must be known to
// isKnownPatchType; inGroups, neighbourPatch (cyclic) and neighbProcNo
// (processor) are kept, other patch keywords are ignored.
#include <filesystem>

#include "sluice/mesh/poly_mesh.hpp"

namespace sluice::mesh {

PolyMesh readPolyMesh(const std::filesystem::path& polyMeshDir);

/// Writes an ascii polyMesh that OpenFOAM (checkMesh) and readPolyMesh can
/// read, creating the directory if needed. Points are written with the
/// shortest text that reads back to the same double, so a round trip is
/// exact. Removes files of an earlier mesh that would no longer match
/// (points.gz ... boundary.gz, cellZones, faceZones, pointZones).
void writePolyMesh(const PolyMesh& mesh, const std::filesystem::path& polyMeshDir);

}  // namespace sluice::mesh
