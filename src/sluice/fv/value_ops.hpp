#pragma once
// Generic helpers over the field value types (Scalar, Vec3) used by the
// operators: the gradient type, component access, products with area vectors.
//
//   template <class T> GradType<T> g = outerProduct(Sf, value);   // Vec3 or Tensor
//   T change = alongDirection(d, g);                              // d . grad
//   Scalar cx = component(U, 0);
#include <cmath>
#include <type_traits>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/field/field_types.hpp"
#include "sluice/fv/tensor.hpp"

namespace sluice::fv {

template <class T>
struct GradTypeOf;
template <>
struct GradTypeOf<Scalar> {
  using type = Vec3;
};
template <>
struct GradTypeOf<Vec3> {
  using type = Tensor;
};
/// Type of the gradient of a T field: Vec3 for Scalar, Tensor for Vec3.
template <class T>
using GradType = typename GradTypeOf<T>::type;

template <class T>
inline constexpr int nComponents = field::FieldTraits<T>::nComponents;

inline constexpr Scalar kSmall = 1e-15;  ///< OpenFOAM's SMALL (double)
inline constexpr Scalar kVSmall = 1e-300;

constexpr Scalar component(Scalar v, int) { return v; }
constexpr Scalar component(const Vec3& v, int c) { return v[c]; }
constexpr void setComponent(Scalar& v, int, Scalar x) { v = x; }
constexpr void setComponent(Vec3& v, int c, Scalar x) { v[c] = x; }

/// Sf (x) value: Sf * s for scalars, outer(Sf, v) for vectors.
constexpr Vec3 outerProduct(const Vec3& a, Scalar s) { return a * s; }
constexpr Tensor outerProduct(const Vec3& a, const Vec3& v) { return outer(a, v); }

/// d . grad: the change of the value along d.
constexpr Scalar alongDirection(const Vec3& d, const Vec3& grad) { return dot(d, grad); }
constexpr Vec3 alongDirection(const Vec3& d, const Tensor& grad) { return dot(d, grad); }

/// |v| for the limiter of limited snGrad (magnitude for vectors).
inline Scalar magnitude(Scalar v) { return std::abs(v); }
inline Scalar magnitude(const Vec3& v) { return mag(v); }

/// Component-wise product with a scalar weight (used for generic blends).
template <class T>
constexpr T lerp(Scalar w, const T& a, const T& b) {
  return w * a + (1 - w) * b;
}

}  // namespace sluice::fv
