#pragma once
// Three-component vector used for points, areas, velocities.
#include <cmath>
#include <ostream>
#include <type_traits>

#include "sluice/core/types.hpp"

namespace sluice {

struct Vec3 {
  Scalar x = 0, y = 0, z = 0;

  constexpr Scalar& operator[](int i) { return i == 0 ? x : (i == 1 ? y : z); }
  constexpr Scalar operator[](int i) const { return i == 0 ? x : (i == 1 ? y : z); }

  constexpr Vec3& operator+=(const Vec3& o) { x += o.x; y += o.y; z += o.z; return *this; }
  constexpr Vec3& operator-=(const Vec3& o) { x -= o.x; y -= o.y; z -= o.z; return *this; }
  constexpr Vec3& operator*=(Scalar s) { x *= s; y *= s; z *= s; return *this; }
  constexpr Vec3& operator/=(Scalar s) { x /= s; y /= s; z /= s; return *this; }
  friend constexpr bool operator==(const Vec3&, const Vec3&) = default;
};

constexpr Vec3 operator+(Vec3 a, const Vec3& b) { return a += b; }
constexpr Vec3 operator-(Vec3 a, const Vec3& b) { return a -= b; }
constexpr Vec3 operator-(const Vec3& a) { return {-a.x, -a.y, -a.z}; }
constexpr Vec3 operator*(Vec3 a, Scalar s) { return a *= s; }
constexpr Vec3 operator*(Scalar s, Vec3 a) { return a *= s; }
constexpr Vec3 operator/(Vec3 a, Scalar s) { return a /= s; }

constexpr Scalar dot(const Vec3& a, const Vec3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
constexpr Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
inline Scalar mag(const Vec3& a) { return std::sqrt(dot(a, a)); }
constexpr Scalar magSqr(const Vec3& a) { return dot(a, a); }

// Component-wise operations (OpenFOAM's cmptMultiply, cmptAv, cmptMax, cmptMin,
// cmptMag), with scalar overloads so generic field code serves both types:
// a boundary condition's coefficients act per component on vectors
// (slip: only the normal component is fixed).
constexpr Vec3 cmptMultiply(const Vec3& a, const Vec3& b) { return {a.x * b.x, a.y * b.y, a.z * b.z}; }
constexpr Scalar cmptMultiply(Scalar a, Scalar b) { return a * b; }
constexpr Scalar cmptAv(const Vec3& a) { return (a.x + a.y + a.z) / 3; }
constexpr Scalar cmptAv(Scalar a) { return a; }
constexpr Scalar cmptMax(const Vec3& a) { return a.x > a.y ? (a.x > a.z ? a.x : a.z) : (a.y > a.z ? a.y : a.z); }
constexpr Scalar cmptMax(Scalar a) { return a; }
constexpr Scalar cmptMin(const Vec3& a) { return a.x < a.y ? (a.x < a.z ? a.x : a.z) : (a.y < a.z ? a.y : a.z); }
constexpr Scalar cmptMin(Scalar a) { return a; }
inline Vec3 cmptMag(const Vec3& a) { return {std::abs(a.x), std::abs(a.y), std::abs(a.z)}; }
inline Scalar cmptMag(Scalar a) { return std::abs(a); }
/// The value with every component equal to s (OpenFOAM's pTraits<T>::one times s).
template <class T>
constexpr T allComponents(Scalar s) {
  if constexpr (std::is_same_v<T, Vec3>) {
    return T{s, s, s};
  } else {
    return T(s);
  }
}

inline std::ostream& operator<<(std::ostream& os, const Vec3& v) {
  return os << '(' << v.x << ' ' << v.y << ' ' << v.z << ')';
}

}  // namespace sluice
