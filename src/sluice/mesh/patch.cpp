#include "sluice/mesh/patch.hpp"

#include <array>
#include <string_view>

namespace sluice::mesh {

bool isKnownPatchType(const std::string& type) {
  static constexpr std::array<std::string_view, 7> known = {
      "patch", "wall", "empty", "symmetryPlane", "symmetry", "cyclic", "processor"};
  for (auto k : known)
    if (k == type) return true;
  return false;
}

}  // namespace sluice::mesh
