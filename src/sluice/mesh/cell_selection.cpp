#include "sluice/mesh/cell_selection.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "sluice/core/error.hpp"
#include "sluice/mesh/box_to_cell.hpp"
#include "sluice/mesh/cylinder_to_cell.hpp"
#include "sluice/mesh/sphere_to_cell.hpp"

namespace sluice::mesh {

namespace {

struct SelectorType {
  const char* name;
  std::vector<std::string> keys;  ///< the keywords its dictionary may hold
  std::function<std::unique_ptr<CellSelector>(const io::Dictionary&)> read;
};

// Sorted by name (the order of the "supported:" list).
const std::vector<SelectorType>& selectorTypes() {
  static const std::vector<SelectorType> types = {
      {"boxToCell", {"box", "boxes", "min", "max"}, [](const io::Dictionary& d) { return BoxToCell::read(d); }},
      {"cylinderToCell",
       {"p1", "p2", "radius", "innerRadius"},
       [](const io::Dictionary& d) { return CylinderToCell::read(d); }},
      {"sphereToCell",
       {"origin", "centre", "radius", "innerRadius"},
       [](const io::Dictionary& d) { return SphereToCell::read(d); }},
  };
  return types;
}

}  // namespace

std::vector<Label> CellSelector::select(std::span<const Vec3> cellCentres) const {
  std::vector<Label> cells;
  for (std::size_t c = 0; c < cellCentres.size(); ++c)
    if (contains(cellCentres[c])) cells.push_back(static_cast<Label>(c));
  return cells;
}

std::unique_ptr<CellSelector> makeCellSelector(const std::string& type, const io::Dictionary& dict,
                                               const std::string& listContext,
                                               const std::vector<std::string>& ignoredKeys) {
  const auto& types = selectorTypes();
  const auto it = std::find_if(types.begin(), types.end(), [&](const SelectorType& t) { return type == t.name; });
  if (it == types.end())
    throw InputError(fmt::format("{}: unknown region type '{}'; supported: {}", listContext, type,
                                 fmt::join(cellSelectorTypes(), ", ")));
  std::vector<std::string> known = it->keys;
  known.insert(known.end(), ignoredKeys.begin(), ignoredKeys.end());
  dict.rejectUnknown(known);
  return it->read(dict);
}

std::vector<std::string> cellSelectorTypes() {
  std::vector<std::string> names;
  for (const SelectorType& t : selectorTypes()) names.emplace_back(t.name);
  return names;
}

Scalar readRadius(const io::Dictionary& dict, const char* key, Scalar fallback) {
  if (!dict.found(key)) return fallback;
  io::TokenStream ts = dict.stream(key);
  const io::Token token = ts.peek();
  const Scalar r = ts.readScalar();
  ts.expectEnd();
  if (!std::isfinite(r) || r < 0) ts.failAt(token, fmt::format("must be zero or positive, found {}", token.text));
  return r;
}

std::string formatPoint(const Vec3& p) { return fmt::format("({} {} {})", p.x, p.y, p.z); }

}  // namespace sluice::mesh
