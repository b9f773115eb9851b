#pragma once
// OpenFOAM's boxToCell: the cells whose centre lies in one of a list of
// axis-aligned boxes, each closed (min <= c <= max in every component, as
// v1912's boundBox::contains). Read from
//
//   box   (0 0 -1) (0.146 0.292 1);                 // one box: min max
//   boxes ((0 0 0) (1 1 1)  (2 0 0) (3 1 1));       // or several, min max pairs
//   min   (0 0 -1);  max (0.146 0.292 1);           // or one box as min and max
//
//   BoxToCell column(std::vector<BoxToCell::Box>{{{0, 0, -1}, {0.146, 0.292, 1}}});
//   bool in = column.contains({0.1, 0.1, 0});   // true
#include <memory>
#include <string>
#include <vector>

#include "sluice/mesh/cell_selection.hpp"

namespace sluice::mesh {

class BoxToCell final : public CellSelector {
 public:
  struct Box {
    Vec3 min;
    Vec3 max;
  };

  explicit BoxToCell(std::vector<Box> boxes) : boxes_(std::move(boxes)) {}
  /// From `box`, `boxes` or `min`/`max` (in that precedence, as v1912).
  static std::unique_ptr<BoxToCell> read(const io::Dictionary& dict);

  const std::string& type() const override;
  bool contains(const Vec3& centre) const override;
  /// "Adding cells with centre within boxes ((0 0 -1) (0.146 0.292 1))".
  std::string description() const override;
  const std::vector<Box>& boxes() const { return boxes_; }

 private:
  std::vector<Box> boxes_;
};

}  // namespace sluice::mesh
