#pragma once
// The value of a field entry in an OpenFOAM field file (0/U, 0/p):
// `uniform 0`, `uniform (1 0 0)`, `nonuniform List<scalar> N(...)`,
// `nonuniform List<vector> N((...) ...)`, `nonuniform List<scalar> 0()`.
//
//   io::FieldValue v = io::readFieldValue(fieldDict, "internalField");
//   std::vector<Scalar> p = v.expandScalars(mesh.nCells());   // uniform -> n copies; checks n
//   std::vector<Vec3> U = io::readFieldValue(patchDict, "value").expandVectors(nFaces);
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/io/token_stream.hpp"

namespace sluice::io {

enum class FieldValueType { Scalar, Vector };

struct FieldValue {
  /// One value for every element: `uniform v`, or `nonuniform List<T> N{v}`
  /// (then `repeatCount` is N).
  bool uniform = true;
  /// N of `nonuniform List<T> N{v}`, kept compact (N may be a mesh's size, or
  /// a corrupt 2000000000); checked against the count an expansion needs.
  std::optional<std::size_t> repeatCount;
  FieldValueType type = FieldValueType::Scalar;
  std::vector<Scalar> scalars;  ///< Scalar type: one value if uniform, else one per element
  std::vector<Vec3> vectors;    ///< Vector type: one value if uniform, else one per element
  /// Message prefix naming where the value was read, e.g. "0/p:21:15: 'internalField'".
  std::string origin;

  bool isVector() const { return type == FieldValueType::Vector; }
  /// Number of values stored (1 for uniform, also for N{v}).
  std::size_t size() const { return isVector() ? vectors.size() : scalars.size(); }
  /// `n` values: uniform repeated, nonuniform (and N{v}) checked to hold
  /// exactly n ("0/p:21:15: 'internalField': expected 400 values, found 399").
  /// Throws if the type does not match.
  std::vector<Scalar> expandScalars(std::size_t n) const;
  std::vector<Vec3> expandVectors(std::size_t n) const;
  /// Throws "<origin>: expected n values, found N" unless the value gives n
  /// values (always true for `uniform v`).
  void checkCount(std::size_t n) const;
};

/// Reads `uniform ...` or `nonuniform List<T> ...` from the stream (the rest of
/// the stream is left unread). Only scalar and vector fields are supported.
FieldValue readFieldValue(TokenStream& ts);
/// The whole value of `key` (no tokens may follow).
FieldValue readFieldValue(const Dictionary& dict, std::string_view key);

}  // namespace sluice::io
