#pragma once
// Reading and writing volume fields in OpenFOAM's ascii format (0/p, 0/U).
//
//   VolScalarField p = readVolScalarField(caseDir, "p", "0", mesh);   // collective
//   VolVectorField U = readVolVectorField(caseDir, "U", "0", mesh);
//   expectDimensions(p, io::DimensionSet{{0, 2, -2, 0, 0, 0, 0}}, "0/p");
//   writeVolField(caseDir / "0.5", U);                                // one-rank runs
//
// Parallel reading: rank 0 reads the file and broadcasts its text; every
// rank parses the same text, so every rank throws the same InputError for a
// bad file (call it from parallel::collectively or let the error propagate
// on all ranks). Nonuniform internalField lists are indexed by the cell
// order of the case files (FvMesh::fileCellIds: the global cell id); nonuniform patch
// values by the face's position in the patch of the undecomposed mesh.
// Every rank parses the whole file (values for cells it does not own are
// dropped), which bounds the field size by one rank's memory.
//
// boundaryField must give an entry for every non-processor patch, found
// with OpenFOAM's precedence: the patch's name; else one of its groups (its
// inGroups, plus its type for `wall` and constraint types; the last such
// entry in the file wins); else a regular-expression key (not for empty
// patches, which default to `empty` first). Patches of a
// constraint type (empty, cyclic, symmetryPlane, symmetry) with no entry get
// that condition (as OpenFOAM's setConstraintTypes include). A patch's face
// values start as the entry's `value`, or else as the condition's initial
// values (the owner cells' values; p0 for totalPressure).
// Cyclic patches take `type cyclic;` (no condition is created); processor
// patches are ignored.
#include <filesystem>
#include <string>

#include "sluice/field/boundary_condition_registry.hpp"
#include "sluice/field/vol_field.hpp"
#include "sluice/io/dictionary.hpp"

namespace sluice::field {

/// Collective. Reads `<caseDir>/<time>/<name>`, shown as "<time>/<name>" in messages.
VolScalarField readVolScalarField(const std::filesystem::path& caseDir, const std::string& name,
                                  const std::string& time, const FvMesh& mesh);
VolVectorField readVolVectorField(const std::filesystem::path& caseDir, const std::string& name,
                                  const std::string& time, const FvMesh& mesh);

/// Collective as above, with a custom registry of condition types.
template <FieldValueType T>
VolField<T> readVolField(const std::filesystem::path& caseDir, const std::string& name, const std::string& time,
                         const FvMesh& mesh,
                         const BoundaryConditionRegistry<T>& registry = BoundaryConditionRegistry<T>::builtin());

/// Not collective: a field from a parsed field-file dictionary (every rank
/// passes the same dictionary). `file` names it in messages ("0/p"). The
/// conditions are evaluated (ghost cells are not updated).
template <FieldValueType T>
VolField<T> volFieldFromDictionary(const io::Dictionary& dict, const std::string& name, const std::string& file,
                                   const FvMesh& mesh,
                                   const BoundaryConditionRegistry<T>& registry = BoundaryConditionRegistry<T>::builtin());

/// "[0 2 -2 0 0 0 0]".
std::string formatDimensions(const io::DimensionSet& d);

/// Throws InputError "0/p: dimensions [0 2 -2 0 0 0 0] expected, found [1 -1 -2 0 0 0 0]".
void expectDimensions(const io::DimensionSet& found, const io::DimensionSet& expected, const std::string& file);
template <FieldValueType T>
void expectDimensions(const VolField<T>& field, const io::DimensionSet& expected, const std::string& file) {
  expectDimensions(field.dimensions(), expected, file);
}

/// The field as an OpenFOAM ascii file text (header, dimensions,
/// internalField, boundaryField). One-rank meshes only (throws sluice::Error
/// when the mesh has processor patches); cells are written in file order
/// (FvMesh::fileCellIds).
template <FieldValueType T>
std::string volFieldText(const VolField<T>& field);
/// Writes volFieldText to `<dir>/<field name>` (creating dir).
template <FieldValueType T>
void writeVolField(const std::filesystem::path& dir, const VolField<T>& field);

/// "uniform 1" if all values are equal (and there is at least one), else
/// "nonuniform List<scalar> n(...)" on several lines; values with 17
/// significant digits, so reading back gives the same doubles.
template <FieldValueType T>
std::string formatFieldValue(std::span<const T> values);
/// One value as a field file writes it: "1.5" or "(1 0 0)", 17 significant digits.
std::string formatValue(Scalar value);
std::string formatValue(const Vec3& value);
/// Reads one value of type T from `ts`: a number, or "(x y z)" for vectors.
template <FieldValueType T>
T readValue(io::TokenStream& ts);

}  // namespace sluice::field
