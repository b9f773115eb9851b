#pragma once
// Reads an OpenFOAM constant/polyMesh in parallel, each rank its share of
// the faces and points, so that no rank ever holds the whole mesh (only its
// ranges and the patch list). Rank r of P holds the faces
// [F*r/P, F*(r+1)/P) (F global faces) with their owner, neighbour (-1 for a
// boundary face) and vertices, and the points [N*r/P, N*(r+1)/P).
//
//   // on every rank of comm:
//   MeshShare share = readPolyMeshShare(comm, caseDir / "constant/polyMesh");
//   // share.faceIds, share.owner, share.neighbour, share.faces; share.firstPoint, share.points
//
// Files and formats are those of mesh::readPolyMesh (polymesh_io.hpp):
// points, faces (faceList or faceCompactList), owner, neighbour, boundary;
// ascii or binary with the widths of the header's arch; .gz refused. The
// files are mapped (io::MappedFile): binary lists of fixed-size entries are
// read only in the rank's byte ranges (for faceCompactList the offsets
// [f0, f1], then the vertices they give); ascii lists (and binary faceList,
// whose items differ in size) are parsed to their end by every rank, which
// keeps only its entries.
//
// Any rank's failure (a missing file, a truncated list, a bad number,
// inconsistent sizes, an index out of range) becomes the same
// CollectiveError on every rank, with the serial reader's message naming
// the file: "constant/polyMesh/points: expected 1000 entries, file ends after
// 998", "constant/polyMesh/faces: face 17 refers to point 1200 but there are
// 1000 points".
#include <filesystem>

#include "sluice/parallel/communicator.hpp"
#include "sluice/parallel/mesh_share.hpp"

namespace sluice::parallel {

/// Collective over comm. nGlobalCells is the largest owner or neighbour
/// plus one (one reduction), nGlobalInternalFaces the neighbour list's
/// length (without the -1 padding of old OpenFOAM files).
MeshShare readPolyMeshShare(const Communicator& comm, const std::filesystem::path& polyMeshDir);

}  // namespace sluice::parallel
