#pragma once
// A boundary patch: a contiguous range of boundary faces with a type.
#include <optional>
#include <string>
#include <vector>

#include "sluice/core/types.hpp"

namespace sluice::mesh {

struct Patch {
  std::string name;
  std::string type;                 ///< patch, wall, empty, symmetryPlane, symmetry, cyclic, processor, ...
  Label start = 0;                  ///< first face (global face index)
  Label size = 0;                   ///< number of faces
  std::string neighbourPatch;       ///< cyclic partner, if any
  std::vector<std::string> inGroups;
  int neighbourRank = -1;            ///< processor patches: the rank on the other side

  friend bool operator==(const Patch&, const Patch&) = default;
};

/// Patch types the mesh layer accepts; anything else is an input error.
bool isKnownPatchType(const std::string& type);

/// Why the patches do not cover the boundary faces nInternalFaces ..
/// nFaces - 1 one after the other, in list order or in list order with the
/// empty patches behind all others (FvMesh's layout, see
/// PolyMesh::moveEmptyFacesLast); nullopt if they do. The message names the
/// list order: "patch 'outlet' starts at face 40 with 10 faces; expected
/// start 38" or "patches cover faces up to 48 but there are 50 faces".
std::optional<std::string> patchTilingProblem(const std::vector<Patch>& patches, Label nInternalFaces,
                                              Label nFaces);

}  // namespace sluice::mesh
