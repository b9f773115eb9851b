#pragma once
// Block mesher for the distributed start-up: each rank generates only its
// share of the mesh mesh::buildBlockMesh(dict) would build, in exactly its
// global numbering (cells block by block; internal faces upper-triangular,
// then the boundary faces patch by patch; points as buildBlockMesh numbers
// them, coordinates bit for bit), without any array sized by the whole mesh.
//
// Rank r of P gets the cells [C*r/P, C*(r+1)/P) and holds the faces those
// cells own (owner in its range, so every face is on exactly one rank), and
// the points [N*r/P, N*(r+1)/P). Covered: hex blocks (any cell counts,
// simpleGrading/edgeGrading with sections, arc edges, patches, defaultPatch,
// scale/convertToMeters) with block faces shared between blocks (points
// merged as buildBlockMesh merges them, mesh::BlockPointNumbering). Not
// covered, std::nullopt on every rank alike (decided from the dict alone;
// the caller then builds the mesh on rank 0 as before): no blocks, or a
// merged point with two members in one block. A dict the serial mesher
// rejects throws its InputError (the same message) on every rank.
//
//   std::optional<MeshShare> share = buildBlockMeshShare(comm, blockMeshDict);   // collective
//   if (!share) { /* rank 0: mesh::buildBlockMesh(blockMeshDict), then distribute */ }
#include <optional>

#include "sluice/io/dictionary.hpp"
#include "sluice/parallel/communicator.hpp"
#include "sluice/parallel/mesh_share.hpp"

namespace sluice::parallel {

/// Collective (the same dict on every rank).
std::optional<MeshShare> buildBlockMeshShare(const Communicator& comm, const io::Dictionary& blockMeshDict);

/// True if buildBlockMeshShare generates this dict's mesh (false: it returns std::nullopt).
bool blockMeshShareCovers(const io::Dictionary& blockMeshDict);

}  // namespace sluice::parallel
