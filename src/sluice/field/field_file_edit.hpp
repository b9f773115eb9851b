#pragma once
// A volume field file (0/alpha.water, 0/U) opened to change its internal
// values and keep the rest of the file as it is, byte for byte: header,
// comments, dimensions and boundaryField. Only the top-level
// `internalField ...;` entry is rewritten, as `uniform v` when all values
// are equal and `nonuniform List<T> N (...)` otherwise (formatFieldValue,
// 17 significant digits). Used by `sluice setfields`.
//
//   FieldFileEdit f = FieldFileEdit::read(caseDir, "0", "alpha.water", mesh.nCells());
//   f.assign(Scalar{1}, cells);   // cells in the case files' order
//   f.write();                    // rewrites 0/alpha.water
//
// Values are indexed by the cell order of the case files (constant/polyMesh,
// or the block mesher's order, which is blockMesh's): a mesh loaded without
// renumbering. Serial: no parallel reading.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"

namespace sluice::field {

/// The byte range [begin, end) of the last top-level `internalField ... ;`
/// entry of a field file's text (end just after the ';'), if the text holds
/// one of its own (not from an #include or macro). `file` names it in errors.
std::optional<std::pair<std::size_t, std::size_t>> findInternalFieldEntry(const std::string& text,
                                                                          const std::string& file);

class FieldFileEdit {
 public:
  /// Reads `<caseDir>/<time>/<name>` (shown as "<time>/<name>" in messages).
  /// A binary file (writeFormat binary) is read with its lists' exact values
  /// and written back as ascii. InputError when it cannot be read or parsed,
  /// is not a volScalarField or volVectorField, has an internalField that does not
  /// hold `nCells` values, or has no internalField entry of its own (one
  /// that comes from an #include cannot be rewritten in place).
  static FieldFileEdit read(const std::filesystem::path& caseDir, const std::string& time, const std::string& name,
                            std::size_t nCells);

  const std::string& file() const { return file_; }              ///< "0/alpha.water"
  const std::string& fieldClass() const { return fieldClass_; }  ///< "volScalarField" or "volVectorField"
  bool isVector() const { return fieldClass_ == "volVectorField"; }
  /// The internal values in file cell order (one of them is empty).
  const std::vector<Scalar>& scalars() const { return scalars_; }
  const std::vector<Vec3>& vectors() const { return vectors_; }

  /// Sets `cells` (or every cell, for assignAll) to `value`, which must be
  /// of the field's type (sluice::Error otherwise).
  void assign(const std::variant<Scalar, Vec3>& value, std::span<const Label> cells);
  void assignAll(const std::variant<Scalar, Vec3>& value);

  /// The file as read with the internalField entry replaced by the values.
  std::string text() const;
  /// Writes text() back to the file (InputError if that fails).
  void write() const;

 private:
  std::filesystem::path path_;
  std::string file_;
  std::string original_;
  std::string fieldClass_;
  std::vector<Scalar> scalars_;
  std::vector<Vec3> vectors_;
  std::size_t entryBegin_ = 0;  ///< byte range of `internalField ... ;` in original_
  std::size_t entryEnd_ = 0;
};

}  // namespace sluice::field
