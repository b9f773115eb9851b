#pragma once
// Block mesher: builds a PolyMesh from a blockMeshDict (OpenFOAM syntax):
// scale/convertToMeters, vertices, hex blocks with cell counts and
// simpleGrading/edgeGrading (multi-section grading included), arc edges,
// boundary (or the older patches) with defaultPatch; faces shared between
// blocks are merged. Unsupported features (other edge types, non-empty
// mergePatchPairs) are clear errors.
//
//   io::Dictionary dict = io::Dictionary::readFile(dir / "system/blockMeshDict", "system/blockMeshDict");
//   PolyMesh mesh = buildBlockMesh(dict);   // upper-triangular, not yet renumbered
#include "sluice/io/dictionary.hpp"
#include "sluice/mesh/block_mesh_spec.hpp"
#include "sluice/mesh/poly_mesh.hpp"

namespace sluice::mesh {

PolyMesh buildBlockMesh(const io::Dictionary& blockMeshDict);

/// The blockMeshDict as a plain description (syntax checked; consistency is
/// checked by assembleBlockMesh). Its blocks' cells are numbered block by
/// block in the mesh buildBlockMesh makes.
BlockMeshSpec readBlockMeshSpec(const io::Dictionary& blockMeshDict);

}  // namespace sluice::mesh
