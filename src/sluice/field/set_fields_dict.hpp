#pragma once
// system/setFieldsDict, the input of OpenFOAM's setFields: values for whole
// fields, then regions of cells with values for the cells they select.
//
//   defaultFieldValues ( volScalarFieldValue alpha.water 0  volVectorFieldValue U (0 0 0) );
//   regions
//   (
//       boxToCell    { box (0 0 -1) (0.146 0.292 1);  fieldValues ( volScalarFieldValue alpha.water 1 ); }
//       sphereToCell { origin (0.5 0.5 0); radius 0.1; fieldValues ( ... ); }
//   );
//
//   const io::Dictionary dict = io::Dictionary::readFile(caseDir / "system/setFieldsDict", "system/setFieldsDict");
//   SetFieldsDict spec = SetFieldsDict::read(dict);
//   for (const SetFieldsRegion& r : spec.regions) {
//     std::vector<Label> cells = r.selector->select(geometry.cellCentres);
//     for (const FieldValueSetting& s : r.values) ...   // s.field, s.value
//   }
//
// Field values are volScalarFieldValue and volVectorFieldValue; regions are
// the cell selectors of mesh::makeCellSelector (boxToCell, cylinderToCell,
// sphereToCell). Anything else is an InputError naming the file and entry.
// The field files themselves are not opened here.
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/mesh/cell_selection.hpp"

namespace sluice::field {

/// One `volScalarFieldValue alpha.water 1` of a value list.
struct FieldValueSetting {
  std::string valueType;             ///< "volScalarFieldValue" or "volVectorFieldValue"
  std::string field;                 ///< "alpha.water"
  std::variant<Scalar, Vec3> value;  ///< Scalar for volScalarFieldValue, Vec3 for volVectorFieldValue
  /// Names it in messages: "system/setFieldsDict: regions/boxToCell/fieldValues: volScalarFieldValue alpha.water".
  std::string where;

  bool isVector() const { return std::holds_alternative<Vec3>(value); }
  /// The class its field file must have: "volScalarField" or "volVectorField".
  std::string fieldClass() const { return isVector() ? "volVectorField" : "volScalarField"; }
};

/// One entry of `regions`: the cells it selects and the values they get.
struct SetFieldsRegion {
  std::unique_ptr<mesh::CellSelector> selector;
  std::vector<FieldValueSetting> values;
};

struct SetFieldsDict {
  bool hasDefaults = false;                 ///< defaultFieldValues is present (it is optional)
  std::vector<FieldValueSetting> defaults;  ///< defaultFieldValues, in file order
  std::vector<SetFieldsRegion> regions;     ///< regions, in file order

  /// Reads and checks the dictionary (not the field files).
  static SetFieldsDict read(const io::Dictionary& dict);

  /// The names of the fields it sets, each once, in order of first mention.
  std::vector<std::string> fieldNames() const;
};

/// The supported value types, "volScalarFieldValue" and "volVectorFieldValue".
const std::vector<std::string>& fieldValueTypes();

}  // namespace sluice::field
