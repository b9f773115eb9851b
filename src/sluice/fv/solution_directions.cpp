#include "sluice/fv/solution_directions.hpp"

#include <cmath>

namespace sluice::fv {

std::array<bool, 3> solutionDirections(const field::FvMesh& mesh) {
  const auto& geo = mesh.geometry();
  std::array<double, 3> sum{0, 0, 0};
  for (Label p = 0; p < mesh.nPatches(); ++p) {
    if (mesh.patchKind(p) != field::PatchKind::Empty) continue;
    const auto& patch = mesh.patches()[p];
    for (Label f = patch.start; f < patch.start + patch.size; ++f)
      for (int i = 0; i < 3; ++i) sum[i] += std::abs(geo.faceAreas[f][i]) / geo.faceAreaMags[f];
  }
  mesh.comm().sumInPlace(std::span<double>(sum));
  const double norm = std::sqrt(sum[0] * sum[0] + sum[1] * sum[1] + sum[2] * sum[2]);
  std::array<bool, 3> solved{true, true, true};
  if (norm > 0)
    for (int i = 0; i < 3; ++i) solved[i] = sum[i] / norm <= 1e-6;
  return solved;
}

}  // namespace sluice::fv
