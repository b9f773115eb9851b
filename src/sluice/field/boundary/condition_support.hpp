#pragma once
// Helpers shared by the built-in boundary conditions (field/boundary/*.cpp):
// size checks, writing entries, reading a linked field. Not part of the API.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <span>
#include <string>

#include "sluice/core/error.hpp"
#include "sluice/field/field_io.hpp"
#include "sluice/field/field_registry.hpp"
#include "sluice/field/fv_mesh.hpp"

namespace sluice::field::boundary {

inline const mesh::Patch& patchOf(const FvMesh& mesh, Label patch) { return mesh.patches()[patch]; }

/// Throws sluice::Error when a span passed for the patch has the wrong size.
inline void checkSize(const char* what, std::size_t size, const mesh::Patch& p) {
  if (size != static_cast<std::size_t>(p.size))
    throw Error(fmt::format("{}: patch '{}' has {} faces, span has {}", what, p.name, p.size, size));
}

/// "<indent><key>  <value>;\n" with the values formatted as a field entry (uniform or nonuniform).
template <FieldValueType T>
std::string entryLine(const std::string& indent, const char* key, std::span<const T> values) {
  return fmt::format("{}{:<16}{};\n", indent, key, formatFieldValue<T>(values));
}

/// "<indent><key>  <word>;\n".
inline std::string wordLine(const std::string& indent, const char* key, const std::string& word) {
  return fmt::format("{}{:<16}{};\n", indent, key, word);
}

/// The registered field `name` a condition at `where` reads (`role` says
/// what for: "flux", "velocity"); InputError naming all three if absent.
template <class Field>
const Field& linkedField(const FieldRegistry& fields, const std::string& name, const std::string& where,
                         const char* condition, const char* role) {
  if (const Field* f = fields.find<Field>(name)) return *f;
  throw InputError(fmt::format("{}: {} reads the {} '{}', which is not a field of this solver (fields: {})", where,
                               condition, role, name, fmt::join(fields.names(), ", ")));
}

/// The field a condition linked to; sluice::Error if it was used unlinked.
template <class Field>
const Field& linked(const Field* field, const std::string& where, const char* condition) {
  if (!field)
    throw Error(fmt::format("{}: {} used before its fields were linked (FieldRegistry::linkBoundaryConditions)", where,
                            condition));
  return *field;
}

/// Coefficients of a condition that transforms the cell value (OpenFOAM's
/// transformFvPatchField: slip, directionMixed), from its face value v_f,
/// normal gradient g and per-component diagonal D of the gradient
/// (snGradTransformDiag): value 1 - D and v_f - (1 - D) (x) v_P, gradient
/// -d D and g + d D (x) v_P.
inline void transformValueCoeffs(const Vec3& diag, const Vec3& faceValue, const Vec3& cellValue, Vec3& internal,
                                 Vec3& boundary) {
  internal = Vec3{1, 1, 1} - diag;
  boundary = faceValue - cmptMultiply(internal, cellValue);
}
inline void transformGradientCoeffs(Scalar deltaCoeff, const Vec3& diag, const Vec3& snGrad, const Vec3& cellValue,
                                    Vec3& internal, Vec3& boundary) {
  internal = -deltaCoeff * diag;
  boundary = snGrad - cmptMultiply(internal, cellValue);
}

}  // namespace sluice::field::boundary
