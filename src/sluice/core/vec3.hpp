#pragma once
// Three-component vector used for points, areas, velocities.
#include <cmath>
#include <ostream>

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

inline std::ostream& operator<<(std::ostream& os, const Vec3& v) {
  return os << '(' << v.x << ' ' << v.y << ' ' << v.z << ')';
}

}  // namespace sluice
