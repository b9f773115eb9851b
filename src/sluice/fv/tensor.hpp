#pragma once
// Second-order tensor for gradients of vector fields, with OpenFOAM's index
// convention: (grad U)(i, j) = dU_j / dx_i. So the change of U along a
// vector d is dot(d, gradU) (components sum_i d_i t(i, j)), and the Gauss
// gradient sums outer(Sf, U_f).
//
//   Tensor g = outer(Sf, Uf) / V;       // g(i, j) = Sf_i * Uf_j / V
//   Vec3 dU = dot(d, g);                // U_f ~ U_P + dot(Cf - C_P, g)
//   Vec3 gradUx = g.column(0);          // gradient of the x component
#include <array>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"

namespace sluice::fv {

struct Tensor {
  std::array<Scalar, 9> v{};  ///< row-major: v[3 * i + j] = t(i, j)

  constexpr Scalar& operator()(int i, int j) { return v[3 * i + j]; }
  constexpr Scalar operator()(int i, int j) const { return v[3 * i + j]; }
  /// Column j: the gradient of component j.
  constexpr Vec3 column(int j) const { return {v[j], v[3 + j], v[6 + j]}; }
  constexpr void setColumn(int j, const Vec3& c) {
    v[j] = c.x;
    v[3 + j] = c.y;
    v[6 + j] = c.z;
  }

  constexpr Tensor& operator+=(const Tensor& o) {
    for (int k = 0; k < 9; ++k) v[k] += o.v[k];
    return *this;
  }
  constexpr Tensor& operator-=(const Tensor& o) {
    for (int k = 0; k < 9; ++k) v[k] -= o.v[k];
    return *this;
  }
  constexpr Tensor& operator*=(Scalar s) {
    for (Scalar& x : v) x *= s;
    return *this;
  }
  constexpr Tensor& operator/=(Scalar s) {
    for (Scalar& x : v) x /= s;
    return *this;
  }
  friend constexpr bool operator==(const Tensor&, const Tensor&) = default;

  static constexpr Tensor identity() {
    Tensor t;
    t(0, 0) = t(1, 1) = t(2, 2) = 1;
    return t;
  }
};

static_assert(sizeof(Tensor) == 9 * sizeof(double), "Tensor must be nine packed doubles");

constexpr Tensor operator+(Tensor a, const Tensor& b) { return a += b; }
constexpr Tensor operator-(Tensor a, const Tensor& b) { return a -= b; }
constexpr Tensor operator*(Tensor a, Scalar s) { return a *= s; }
constexpr Tensor operator*(Scalar s, Tensor a) { return a *= s; }
constexpr Tensor operator/(Tensor a, Scalar s) { return a /= s; }

/// t(i, j) = a_i b_j.
constexpr Tensor outer(const Vec3& a, const Vec3& b) {
  Tensor t;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) t(i, j) = a[i] * b[j];
  return t;
}

/// r_j = sum_i d_i t(i, j).
constexpr Vec3 dot(const Vec3& d, const Tensor& t) {
  return {d.x * t(0, 0) + d.y * t(1, 0) + d.z * t(2, 0), d.x * t(0, 1) + d.y * t(1, 1) + d.z * t(2, 1),
          d.x * t(0, 2) + d.y * t(1, 2) + d.z * t(2, 2)};
}

constexpr Tensor transpose(const Tensor& t) {
  Tensor r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r(i, j) = t(j, i);
  return r;
}

constexpr Scalar trace(const Tensor& t) { return t(0, 0) + t(1, 1) + t(2, 2); }

/// t - (2/3) tr(t) I (OpenFOAM's dev2, used in the viscous stress of incompressible solvers).
constexpr Tensor dev2(const Tensor& t) {
  Tensor r = t;
  const Scalar s = 2.0 / 3.0 * trace(t);
  for (int i = 0; i < 3; ++i) r(i, i) -= s;
  return r;
}

/// r_j = sum_i d_i t(i, j) is dot(d, t); this is (t . d)_i = sum_j t(i, j) d_j.
constexpr Vec3 dot(const Tensor& t, const Vec3& d) {
  return {t(0, 0) * d.x + t(0, 1) * d.y + t(0, 2) * d.z, t(1, 0) * d.x + t(1, 1) * d.y + t(1, 2) * d.z,
          t(2, 0) * d.x + t(2, 1) * d.y + t(2, 2) * d.z};
}

/// The matrix product (a . b)(i, j) = sum_k a(i, k) b(k, j).
constexpr Tensor dot(const Tensor& a, const Tensor& b) {
  Tensor r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 3; ++k) r(i, j) += a(i, k) * b(k, j);
  return r;
}

/// r . t . r^T: t in the frame rotated (or reflected) by r (OpenFOAM's transform).
constexpr Tensor transform(const Tensor& r, const Tensor& t) { return dot(r, dot(t, transpose(r))); }

}  // namespace sluice::fv
