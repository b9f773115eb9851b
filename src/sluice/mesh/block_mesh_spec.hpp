#pragma once
// Plain description of a block mesh, independent of the dictionary syntax:
// what buildBlockMesh parses out of a blockMeshDict and assembleBlockMesh
// turns into a PolyMesh. Tests and tools can fill it in directly.
//
//   BlockMeshSpec spec;
//   spec.fileName = "system/blockMeshDict";
//   spec.vertices = {{0,0,0}, {1,0,0}, {1,1,0}, {0,1,0}, {0,0,1}, {1,0,1}, {1,1,1}, {0,1,1}};
//   spec.blocks.push_back({{0, 1, 2, 3, 4, 5, 6, 7}, {10, 10, 1}});
//   spec.patches.push_back({.name = "lid", .type = "wall", .faces = {{3, 7, 6, 2}}});
//   PolyMesh mesh = assembleBlockMesh(spec);
#include <array>
#include <string>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/mesh/block_edges.hpp"
#include "sluice/mesh/grading.hpp"

namespace sluice::mesh {

/// Where something was written in the input (line 0: unknown).
struct SourcePos {
  int line = 0;
  int column = 0;
};

struct BlockSpec {
  std::array<Label, 8> vertices{};  ///< vertex labels in hex order
  std::array<Label, 3> cells{1, 1, 1};
  std::array<Grading, 12> grading{};  ///< per block edge, edgeGrading order
  std::string zone;                   ///< optional cell zone name (not kept in the PolyMesh)
  SourcePos pos;
};

struct BlockPatchSpec {
  std::string name;
  std::string type = "patch";
  std::vector<std::array<Label, 4>> faces;  ///< block faces by vertex labels (any rotation/orientation)
  std::vector<SourcePos> facePos;           ///< position of each face (may be empty)
  std::string neighbourPatch;
  std::vector<std::string> inGroups;
  SourcePos pos;
};

struct BlockMeshSpec {
  std::string fileName = "blockMeshDict";  ///< used in error messages
  Scalar scale = 1;                        ///< applied to the final points
  std::vector<Vec3> vertices;              ///< unscaled
  std::vector<BlockSpec> blocks;
  std::vector<BlockEdge> edges;  ///< curved (or explicitly straight) edges; first match wins
  std::vector<BlockPatchSpec> patches;
  std::string defaultPatchName = "defaultFaces";
  std::string defaultPatchType = "empty";
};

}  // namespace sluice::mesh
