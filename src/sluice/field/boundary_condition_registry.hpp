#pragma once
// Boundary conditions by type name, as written in a field file's
// boundaryField:
//
//   inlet { type fixedValue; value uniform (1 0 0); }
//
//   auto bc = makeBoundaryCondition<Vec3>(patchDict, mesh, patch, "0/U");   // built-in types
//   BoundaryConditionRegistry<Scalar> reg = BoundaryConditionRegistry<Scalar>::withBuiltins();
//   reg.add("myType", [](const PatchInput& in) { return std::make_unique<MyBC>(in.patch); });
//   auto custom = reg.create({patchDict, mesh, patch, "0/p"});
//
// create() checks, with messages naming file and patch:
//  - the type is registered ("0/U: boundaryField/inlet: unknown boundary condition type 'fixedValu';
//    supported: calculated, empty, ...");
//  - constraint types match their patches: `empty`, `symmetryPlane` and
//    `symmetry` exactly on patches of that type (as OpenFOAM);
//  - the patch is not coupled (cyclic and processor patches have no condition).
// The built-in types are registered by the register* function of each
// condition file (field/boundary/*.hpp), called by withBuiltins().
// Values (`value`, `inletValue`, `gradient`) are read with readPatchValues:
// uniform, or nonuniform lists over the patch of the undecomposed mesh
// (mapped to this rank's faces); wrong value type, count, NaN or Inf are
// InputErrors.
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sluice/field/boundary_condition.hpp"
#include "sluice/field/fv_mesh.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/io/field_value.hpp"

namespace sluice::field {

/// What a condition's factory reads from.
struct PatchInput {
  const io::Dictionary& dict;  ///< the patch's entry in boundaryField
  const FvMesh& mesh;
  Label patch;
  std::string file;            ///< display name of the field file, e.g. "0/U"
  io::DimensionSet dimensions{};  ///< the field's (totalPressure: kinematic or in Pa)

  /// "0/U: boundaryField/inlet" for messages.
  std::string where() const;
  /// Number of this patch's faces on this rank.
  Label nFaces() const;
};

/// The values of a field-file entry (uniform: one value; nonuniform: the
/// whole list), checked: the value type matches T ("0/p:21:15: 'value':
/// expected a scalar value, found a vector"), a nonuniform list has `count`
/// values ("<where>: <key>: expected 400 values, found 399"), every value is
/// finite ("<where>: <key>: NaN at <element> 12", or "<where>: <key>: Inf" for
/// a uniform value).
template <FieldValueType T>
std::vector<T> checkedFieldValues(const io::FieldValue& value, const std::string& where, std::string_view key,
                                  const char* element, GlobalLabel count);

/// The patch's values for `key`, one per local patch face: `uniform v` or a
/// nonuniform list of the patch's global size (in undecomposed face order).
template <FieldValueType T>
std::vector<T> readPatchValues(const PatchInput& in, std::string_view key);

template <FieldValueType T>
class BoundaryConditionRegistry {
 public:
  using Factory = std::function<std::unique_ptr<BoundaryCondition<T>>(const PatchInput&)>;

  /// An empty registry (add types with add()).
  BoundaryConditionRegistry() = default;
  /// Every built-in condition for T (noSlip for vectors only).
  static BoundaryConditionRegistry withBuiltins();
  /// A shared immutable registry of the built-in conditions.
  static const BoundaryConditionRegistry& builtin();

  /// Adds or replaces a type.
  void add(std::string type, Factory factory);
  bool contains(const std::string& type) const { return factories_.count(type) != 0; }
  /// Registered type names, sorted.
  std::vector<std::string> types() const;
  /// The condition named by the dictionary's `type` (checks in the file comment).
  std::unique_ptr<BoundaryCondition<T>> create(const PatchInput& in) const;

 private:
  std::map<std::string, Factory> factories_;
};

/// BoundaryConditionRegistry<T>::builtin().create({patchDict, mesh, patch, fileName}).
template <FieldValueType T>
std::unique_ptr<BoundaryCondition<T>> makeBoundaryCondition(const io::Dictionary& patchDict, const FvMesh& mesh,
                                                            Label patch, const std::string& fileName);

extern template class BoundaryConditionRegistry<Scalar>;
extern template class BoundaryConditionRegistry<Vec3>;

}  // namespace sluice::field
