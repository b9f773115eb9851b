#pragma once
// OpenFOAM's cylinderToCell: the cells whose centre projects onto the axis
// strictly between `p1` and `p2` and lies closer to the axis than `radius`
// (and, when innerRadius > 0, farther than `innerRadius`). All comparisons
// are strict as in v1912: a centre on an end cap or on the mantle is not
// selected. Read from
//
//   p1 (0 0 0);  p2 (0 0 1);
//   radius 0.1;
//   innerRadius 0.05;      // optional, 0 (none) by default
//
//   CylinderToCell pipe({0, 0, 0}, {0, 0, 1}, 0.1);
//   bool in = pipe.contains({0.05, 0, 0.5});   // true
#include <memory>
#include <string>

#include "sluice/mesh/cell_selection.hpp"

namespace sluice::mesh {

class CylinderToCell final : public CellSelector {
 public:
  CylinderToCell(const Vec3& p1, const Vec3& p2, Scalar radius, Scalar innerRadius = 0)
      : p1_(p1), p2_(p2), radius_(radius), innerRadius_(innerRadius) {}
  static std::unique_ptr<CylinderToCell> read(const io::Dictionary& dict);

  const std::string& type() const override;
  bool contains(const Vec3& centre) const override;
  /// "Adding cells with centre within cylinder, with p1 = (0 0 0), p2 = (0 0 1), radius = 0.1"
  /// (", innerRadius = 0.05").
  std::string description() const override;

 private:
  Vec3 p1_;
  Vec3 p2_;
  Scalar radius_;
  Scalar innerRadius_;
};

}  // namespace sluice::mesh
