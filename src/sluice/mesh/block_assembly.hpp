#pragma once
// Assembles blocks into one PolyMesh, as blockMesh does: each block's point
// lattice is built (HexBlock); points on block faces shared by two blocks
// (same four vertex labels) are merged; cell faces on shared block faces
// become internal faces; the remaining block faces go to the listed patches
// (in order) or to the default patch (last, omitted when empty). Cells are
// numbered block by block, i fastest, then j, then k. Internal faces end up
// upper-triangular; boundary normals point outwards.
//
//   BlockMeshSpec spec = ...;                 // see block_mesh_spec.hpp
//   PolyMesh mesh = assembleBlockMesh(spec);  // InputError on inconsistent input
#include "sluice/mesh/block_mesh_spec.hpp"
#include "sluice/mesh/poly_mesh.hpp"

namespace sluice::mesh {

PolyMesh assembleBlockMesh(const BlockMeshSpec& spec);

}  // namespace sluice::mesh
