#include "sluice/mesh/sphere_to_cell.hpp"

#include <fmt/format.h>

namespace sluice::mesh {

std::unique_ptr<SphereToCell> SphereToCell::read(const io::Dictionary& dict) {
  if (!dict.found("origin") && !dict.found("centre")) dict.fail("missing 'origin' (or 'centre')");
  const Vec3 origin = dict.found("origin") ? dict.get<Vec3>("origin") : dict.get<Vec3>("centre");
  if (!dict.found("radius")) dict.fail("missing 'radius'");
  return std::make_unique<SphereToCell>(origin, readRadius(dict, "radius", 0), readRadius(dict, "innerRadius", 0));
}

const std::string& SphereToCell::type() const {
  static const std::string name = "sphereToCell";
  return name;
}

bool SphereToCell::contains(const Vec3& centre) const {
  // v1912's comparisons: an innerRadius of 0 accepts every distance.
  const Scalar outer2 = radius_ * radius_;
  const Scalar inner2 = innerRadius_ > 0 ? innerRadius_ * innerRadius_ : -1;
  const Scalar d2 = magSqr(centre - origin_);
  return d2 < outer2 && d2 > inner2;
}

std::string SphereToCell::description() const {
  std::string line = fmt::format("Adding cells within sphere, origin = {}, radius = {}", formatPoint(origin_), radius_);
  if (innerRadius_ > 0) line += fmt::format(", innerRadius = {}", innerRadius_);
  return line;
}

}  // namespace sluice::mesh
