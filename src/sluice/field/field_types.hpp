#pragma once
// The value types a field may hold (Scalar, Vec3) and what generic code
// needs to know about them: component count, OpenFOAM type names, and a view
// of an array of values as doubles (for ghost exchanges and linear solvers).
//
//   template <FieldValueType T> void f(std::span<T> v) {
//     std::span<double> raw = asDoubles(v);          // FieldTraits<T>::nComponents doubles per value
//     std::string word = FieldTraits<T>::typeName;   // "scalar" / "vector"
//   }
#include <cmath>
#include <concepts>
#include <span>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"

namespace sluice::field {

template <class T>
concept FieldValueType = std::same_as<T, Scalar> || std::same_as<T, Vec3>;

template <class T>
struct FieldTraits;

template <>
struct FieldTraits<Scalar> {
  static constexpr int nComponents = 1;
  static constexpr const char* typeName = "scalar";           ///< List<scalar>
  static constexpr const char* volFieldClass = "volScalarField";
  static constexpr const char* surfaceFieldClass = "surfaceScalarField";
};

template <>
struct FieldTraits<Vec3> {
  static constexpr int nComponents = 3;
  static constexpr const char* typeName = "vector";
  static constexpr const char* volFieldClass = "volVectorField";
  static constexpr const char* surfaceFieldClass = "surfaceVectorField";
};

static_assert(sizeof(Vec3) == 3 * sizeof(double), "Vec3 must be three packed doubles");

/// The values as a flat array of doubles (nComponents per value).
template <FieldValueType T>
std::span<double> asDoubles(std::span<T> values) {
  return {reinterpret_cast<double*>(values.data()), values.size() * FieldTraits<T>::nComponents};
}
template <FieldValueType T>
std::span<const double> asDoubles(std::span<const T> values) {
  return {reinterpret_cast<const double*>(values.data()), values.size() * FieldTraits<T>::nComponents};
}

/// True if every component is finite (no NaN, no Inf).
inline bool isFinite(Scalar v) { return std::isfinite(v); }
inline bool isFinite(const Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
/// "NaN" if any component is NaN, else "Inf" (for messages about a non-finite value).
inline const char* nonFiniteName(Scalar v) { return std::isnan(v) ? "NaN" : "Inf"; }
inline const char* nonFiniteName(const Vec3& v) {
  return std::isnan(v.x) || std::isnan(v.y) || std::isnan(v.z) ? "NaN" : "Inf";
}

}  // namespace sluice::field
