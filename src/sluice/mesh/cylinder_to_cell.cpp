#include "sluice/mesh/cylinder_to_cell.hpp"

#include <fmt/format.h>

namespace sluice::mesh {

std::unique_ptr<CylinderToCell> CylinderToCell::read(const io::Dictionary& dict) {
  const Vec3 p1 = dict.get<Vec3>("p1");
  const Vec3 p2 = dict.get<Vec3>("p2");
  if (!dict.found("radius")) dict.fail("missing 'radius'");
  return std::make_unique<CylinderToCell>(p1, p2, readRadius(dict, "radius", 0), readRadius(dict, "innerRadius", 0));
}

const std::string& CylinderToCell::type() const {
  static const std::string name = "cylinderToCell";
  return name;
}

bool CylinderToCell::contains(const Vec3& centre) const {
  // v1912's arithmetic: the projection d.axis against |axis|^2, and the
  // squared distance from the axis |d|^2 - (d.axis)^2/|axis|^2.
  const Vec3 axis = p2_ - p1_;
  const Scalar axis2 = magSqr(axis);
  const Vec3 d = centre - p1_;
  const Scalar along = dot(d, axis);
  if (!(along > 0 && along < axis2)) return false;
  const Scalar outer2 = radius_ * radius_;
  const Scalar inner2 = innerRadius_ > 0 ? innerRadius_ * innerRadius_ : -1;
  const Scalar d2 = dot(d, d) - along * along / axis2;
  return d2 < outer2 && d2 > inner2;
}

std::string CylinderToCell::description() const {
  std::string line = fmt::format("Adding cells with centre within cylinder, with p1 = {}, p2 = {}, radius = {}",
                                 formatPoint(p1_), formatPoint(p2_), radius_);
  if (innerRadius_ > 0) line += fmt::format(", innerRadius = {}", innerRadius_);
  return line;
}

}  // namespace sluice::mesh
