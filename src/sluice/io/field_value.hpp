#pragma once
// The value of a field entry in an OpenFOAM field file (0/U, 0/p):
// `uniform 0`, `uniform (1 0 0)`, `nonuniform List<scalar> N(...)`,
// `nonuniform List<vector> N((...) ...)`, `nonuniform List<scalar> 0()`.
//
//   io::FieldValue v = io::readFieldValue(fieldDict, "internalField");
//   std::vector<Scalar> p = v.expandScalars(mesh.nCells());   // uniform -> n copies; checks n
//   std::vector<Vec3> U = io::readFieldValue(patchDict, "value").expandVectors(nFaces);
#include <cstddef>
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
  bool uniform = true;
  FieldValueType type = FieldValueType::Scalar;
  std::vector<Scalar> scalars;  ///< Scalar type: one value if uniform, else one per element
  std::vector<Vec3> vectors;    ///< Vector type: one value if uniform, else one per element
  /// Message prefix naming where the value was read, e.g. "0/p:21:15: 'internalField'".
  std::string origin;

  bool isVector() const { return type == FieldValueType::Vector; }
  /// Number of values given (1 for uniform).
  std::size_t size() const { return isVector() ? vectors.size() : scalars.size(); }
  /// `n` values: uniform repeated, nonuniform checked to hold exactly n
  /// ("0/p:21:15: 'internalField': expected 400 values, found 399").
  /// Throws if the type does not match.
  std::vector<Scalar> expandScalars(std::size_t n) const;
  std::vector<Vec3> expandVectors(std::size_t n) const;
};

/// Reads `uniform ...` or `nonuniform List<T> ...` from the stream (the rest of
/// the stream is left unread). Only scalar and vector fields are supported.
FieldValue readFieldValue(TokenStream& ts);
/// The whole value of `key` (no tokens may follow).
FieldValue readFieldValue(const Dictionary& dict, std::string_view key);

}  // namespace sluice::io
