#include "sluice/mesh/hex_block.hpp"

#include <cstdint>

#include "sluice/core/checked_count.hpp"
#include "sluice/core/error.hpp"

namespace sluice::mesh {

HexBlock::HexBlock(const std::array<Vec3, 8>& corners, const std::array<Label, 3>& cells,
                   const std::array<Grading, 12>& grading, const std::array<EdgeShape, 12>& edges)
    : HexLattice(cells) {
  // Lattice points are numbered by Label (callers report the limit to users first).
  const auto count = checkedProduct({std::int64_t{ni()} + 1, std::int64_t{nj()} + 1, std::int64_t{nk()} + 1});
  if (!count || *count > kMaxLabel) throw Error("HexBlock: too many points for a Label");

  const HexBlockGeometry geometry(corners, cells, grading, edges);
  points_.resize(nPoints());
  for (Label k = 0; k <= nk(); ++k)
    for (Label j = 0; j <= nj(); ++j)
      for (Label i = 0; i <= ni(); ++i) points_[pointIndex(i, j, k)] = geometry.point(i, j, k);
}

}  // namespace sluice::mesh
