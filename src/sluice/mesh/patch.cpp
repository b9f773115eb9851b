#include "sluice/mesh/patch.hpp"

#include <array>
#include <string_view>

#include <fmt/format.h>

namespace sluice::mesh {

bool isKnownPatchType(const std::string& type) {
  static constexpr std::array<std::string_view, 7> known = {
      "patch", "wall", "empty", "symmetryPlane", "symmetry", "cyclic", "processor"};
  for (auto k : known)
    if (k == type) return true;
  return false;
}

std::optional<std::string> patchTilingProblem(const std::vector<Patch>& patches, Label nInternalFaces,
                                              Label nFaces) {
  const auto tiles = [&](bool emptyLast) -> std::optional<std::string> {
    Label expectedStart = nInternalFaces;
    for (int pass = 0; pass < (emptyLast ? 2 : 1); ++pass)
      for (const Patch& p : patches) {
        if (emptyLast && (p.type == "empty") != (pass == 1)) continue;
        if (p.start != expectedStart)
          return fmt::format("patch '{}' starts at face {} with {} faces; expected start {}", p.name, p.start,
                             p.size, expectedStart);
        expectedStart += p.size;
      }
    if (expectedStart != nFaces)
      return fmt::format("patches cover faces up to {} but there are {} faces", expectedStart, nFaces);
    return std::nullopt;
  };
  if (auto problem = tiles(false); problem && tiles(true)) return problem;
  return std::nullopt;
}

}  // namespace sluice::mesh
