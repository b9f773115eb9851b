#pragma once
// OpenFOAM's sphereToCell: the cells whose centre is closer to `origin`
// than `radius` and, when innerRadius > 0, farther than `innerRadius`. As in
// v1912 both comparisons are strict (|c - origin|^2 < radius^2), so a centre
// exactly on the sphere is not selected. Read from
//
//   origin (0.5 0.5 0);    // or `centre`, the name before v1806
//   radius 0.1;
//   innerRadius 0.05;      // optional, 0 (none) by default
//
//   SphereToCell drop({0.5, 0.5, 0}, 0.1);
//   bool in = drop.contains({0.55, 0.5, 0});   // true
#include <memory>
#include <string>

#include "sluice/mesh/cell_selection.hpp"

namespace sluice::mesh {

class SphereToCell final : public CellSelector {
 public:
  SphereToCell(const Vec3& origin, Scalar radius, Scalar innerRadius = 0)
      : origin_(origin), radius_(radius), innerRadius_(innerRadius) {}
  static std::unique_ptr<SphereToCell> read(const io::Dictionary& dict);

  const std::string& type() const override;
  bool contains(const Vec3& centre) const override;
  /// "Adding cells within sphere, origin = (0.5 0.5 0), radius = 0.1" (", innerRadius = 0.05").
  std::string description() const override;

 private:
  Vec3 origin_;
  Scalar radius_;
  Scalar innerRadius_;
};

}  // namespace sluice::mesh
