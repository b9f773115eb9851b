#pragma once
// A boundary patch: a contiguous range of boundary faces with a type.
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

}  // namespace sluice::mesh
