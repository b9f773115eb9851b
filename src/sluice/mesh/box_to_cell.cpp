#include "sluice/mesh/box_to_cell.hpp"

#include <fmt/format.h>

namespace sluice::mesh {

std::unique_ptr<BoxToCell> BoxToCell::read(const io::Dictionary& dict) {
  std::vector<Box> boxes;
  if (dict.found("boxes")) {
    io::TokenStream ts = dict.stream("boxes");
    const std::size_t sizePos = ts.position();
    const std::int64_t size = ts.acceptListSize();
    ts.expectPunct('(');
    while (ts.moreInList()) {
      Box b;
      b.min = ts.readVec3();
      if (ts.peekOrNull() && ts.peek().isPunct(')')) ts.fail("a box needs two points, min and max");
      b.max = ts.readVec3();
      boxes.push_back(b);
    }
    if (size >= 0 && static_cast<std::size_t>(size) != boxes.size())
      ts.failAt(ts.tokens()[sizePos], fmt::format("list size {} does not match its {} boxes", size, boxes.size()));
    ts.expectEnd();
  } else if (dict.found("box")) {
    io::TokenStream ts = dict.stream("box");
    Box b;
    b.min = ts.readVec3();
    b.max = ts.readVec3();
    ts.expectEnd();
    boxes.push_back(b);
  } else if (dict.found("min") || dict.found("max")) {
    boxes.push_back({dict.get<Vec3>("min"), dict.get<Vec3>("max")});
  } else {
    dict.fail("missing 'box' (or 'boxes', or 'min' and 'max')");
  }
  return std::make_unique<BoxToCell>(std::move(boxes));
}

const std::string& BoxToCell::type() const {
  static const std::string name = "boxToCell";
  return name;
}

bool BoxToCell::contains(const Vec3& c) const {
  for (const Box& b : boxes_)
    if (b.min.x <= c.x && c.x <= b.max.x && b.min.y <= c.y && c.y <= b.max.y && b.min.z <= c.z && c.z <= b.max.z)
      return true;
  return false;
}

std::string BoxToCell::description() const {
  std::string points;
  for (const Box& b : boxes_) {
    if (!points.empty()) points += ' ';
    points += formatPoint(b.min) + ' ' + formatPoint(b.max);
  }
  return fmt::format("Adding cells with centre within boxes ({})", points);
}

}  // namespace sluice::mesh
