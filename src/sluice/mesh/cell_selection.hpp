#pragma once
// Cells selected by a geometric region of their centres, as OpenFOAM's
// topoSet cell sources do for setFields: `boxToCell`, `sphereToCell` and
// `cylinderToCell`, read from the region's dictionary (one class per file:
// box_to_cell, sphere_to_cell, cylinder_to_cell).
//
//   const io::Dictionary& d = ...;   // regions ( boxToCell { box (0 0 -1) (0.146 0.292 1); ... } )
//   std::unique_ptr<CellSelector> region = makeCellSelector("boxToCell", d, "system/setFieldsDict: regions");
//   fmt::print("    {}\n", region->description());   // "Adding cells with centre within boxes (...)"
//   std::vector<Label> cells = region->select(geometry.cellCentres);
//
// The selection is by cell centre only, with OpenFOAM v1912's comparisons
// (closed boxes, open spheres and cylinders; see each class), so a mesh
// with the same cell centres gives the same cells.
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/io/dictionary.hpp"

namespace sluice::mesh {

class CellSelector {
 public:
  virtual ~CellSelector() = default;
  /// The region's OpenFOAM type name ("boxToCell").
  virtual const std::string& type() const = 0;
  /// True when a cell with this centre is in the region.
  virtual bool contains(const Vec3& centre) const = 0;
  /// The line OpenFOAM's setFields prints for the region, without indent:
  /// "Adding cells with centre within boxes ((0 0 -1) (0.146 0.292 1))".
  virtual std::string description() const = 0;

  /// The indices of the cells whose centre is in the region, ascending.
  std::vector<Label> select(std::span<const Vec3> cellCentres) const;
};

/// The region of OpenFOAM type `type` (a setFieldsDict `regions` keyword)
/// read from its dictionary. Other types (face and point sources included)
/// are an InputError "<listContext>: unknown region type 'rotatedBoxToCell';
/// supported: boxToCell, cylinderToCell, sphereToCell"; the dictionary's own
/// errors (missing or unknown keywords, bad values) name the dictionary.
/// `ignoredKeys` are keywords of the dictionary that belong to the caller
/// (setFields' `fieldValues`) and are not reported as unknown.
std::unique_ptr<CellSelector> makeCellSelector(const std::string& type, const io::Dictionary& dict,
                                               const std::string& listContext,
                                               const std::vector<std::string>& ignoredKeys = {});

/// The region types makeCellSelector knows, sorted.
std::vector<std::string> cellSelectorTypes();

/// A radius of a region dictionary: a number >= 0 (InputError at the value
/// otherwise), or `fallback` when the keyword is absent.
Scalar readRadius(const io::Dictionary& dict, const char* key, Scalar fallback);

/// "(0 0.5 1)": a point as the region descriptions print it (shortest
/// round-trip spelling of each component).
std::string formatPoint(const Vec3& p);

}  // namespace sluice::mesh
