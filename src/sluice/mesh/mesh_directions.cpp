#include "sluice/mesh/mesh_directions.hpp"

#include <algorithm>
#include <cmath>

namespace sluice::mesh {

namespace {

constexpr Scalar kRootVSmall = 1e-150;  // OpenFOAM's ROOTVSMALL
constexpr Scalar kDirectionTolerance = 1e-6;

/// v / |v|, or zero when |v| < ROOTVSMALL (OpenFOAM's normalise).
Vec3 normalised(const Vec3& v) {
  const Scalar m = mag(v);
  return m < kRootVSmall ? Vec3{} : v / m;
}

/// True for the components of `sum` (normalised) that stay resolved.
std::array<bool, 3> resolved(const Vec3& sum) {
  const Vec3 n = normalised(sum);
  return {!(n.x > kDirectionTolerance), !(n.y > kDirectionTolerance), !(n.z > kDirectionTolerance)};
}

/// The coordinate-plane normal a wedge patch straddles: its average unit
/// normal with each component c replaced by sign(c) * (max(|c|, 0.5) - 0.5),
/// which keeps only the dominant component of a slightly tilted plane.
Vec3 wedgeCentreNormal(const Patch& p, const MeshGeometry& g) {
  Vec3 average;
  for (Label f = p.start; f < p.start + p.size; ++f) average += normalised(g.faceAreas[f]);
  average /= static_cast<Scalar>(p.size);
  Vec3 centre;
  for (int i = 0; i < 3; ++i)
    centre[i] = std::copysign(std::max(std::abs(average[i]), 0.5) - 0.5, average[i]);
  return normalised(centre);
}

}  // namespace

MeshDirections meshDirections(const PolyMesh& mesh, const MeshGeometry& g) {
  MeshDirections d;
  bool anyEmpty = false, anyWedge = false;
  Vec3 emptySum, wedgeSum;
  for (const Patch& p : mesh.patches()) {
    if (p.size == 0) continue;
    if (p.type == "empty") {
      anyEmpty = true;
      for (Label f = p.start; f < p.start + p.size; ++f) emptySum += cmptMag(g.faceAreas[f]);
    } else if (p.type == "wedge") {
      anyWedge = true;
      wedgeSum += cmptMag(wedgeCentreNormal(p, g));
    }
  }
  if (anyEmpty) d.solution = resolved(emptySum);
  d.geometric = anyWedge ? resolved(wedgeSum) : d.solution;
  return d;
}

}  // namespace sluice::mesh
