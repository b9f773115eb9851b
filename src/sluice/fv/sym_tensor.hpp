#pragma once
// Symmetric 3x3 matrices accumulated from weighted outer products (the
// least-squares normal equations, OpenFOAM's reconstruct), and their inverse
// with directions that received nothing (the empty direction of a 2D mesh)
// dropped: those get zero rows and columns, so the solution has no component
// there.
//
//   SymTensor dd; for (...) dd.addOuter(d, 1 / magSqr(d));
//   Vec3 g = dot(inverseDroppingEmpty(dd), rhs);     // tensor.hpp: (t . v)_i = t_ij v_j
#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/fv/tensor.hpp"

namespace sluice::fv {

struct SymTensor {
  Scalar xx = 0, xy = 0, xz = 0, yy = 0, yz = 0, zz = 0;
  /// += w d d^T
  constexpr void addOuter(const Vec3& d, Scalar w) {
    xx += w * d.x * d.x;
    xy += w * d.x * d.y;
    xz += w * d.x * d.z;
    yy += w * d.y * d.y;
    yz += w * d.y * d.z;
    zz += w * d.z * d.z;
  }
};

/// (s . d)_i = sum_j s(i, j) d_j, in dot(Tensor, Vec3)'s order of terms (the
/// same bits as the full tensor's product).
constexpr Vec3 dot(const SymTensor& s, const Vec3& d) {
  return {s.xx * d.x + s.xy * d.y + s.xz * d.z, s.xy * d.x + s.yy * d.y + s.yz * d.z,
          s.xz * d.x + s.yz * d.y + s.zz * d.z};
}

/// Inverse of m; axes whose diagonal entry is below 1e-10 of the trace are
/// dropped first (zero rows and columns in the result).
inline Tensor inverseDroppingEmpty(SymTensor m) {
  const Scalar tr = m.xx + m.yy + m.zz;
  const bool dropped[3] = {m.xx <= 1e-10 * tr, m.yy <= 1e-10 * tr, m.zz <= 1e-10 * tr};
  if (dropped[0]) { m.xx = 1; m.xy = 0; m.xz = 0; }
  if (dropped[1]) { m.yy = 1; m.xy = 0; m.yz = 0; }
  if (dropped[2]) { m.zz = 1; m.xz = 0; m.yz = 0; }
  const Scalar c00 = m.yy * m.zz - m.yz * m.yz;
  const Scalar c01 = m.xz * m.yz - m.xy * m.zz;
  const Scalar c02 = m.xy * m.yz - m.xz * m.yy;
  const Scalar c11 = m.xx * m.zz - m.xz * m.xz;
  const Scalar c12 = m.xy * m.xz - m.xx * m.yz;
  const Scalar c22 = m.xx * m.yy - m.xy * m.xy;
  const Scalar det = m.xx * c00 + m.xy * c01 + m.xz * c02;
  Tensor inv;
  inv(0, 0) = c00 / det;
  inv(0, 1) = inv(1, 0) = c01 / det;
  inv(0, 2) = inv(2, 0) = c02 / det;
  inv(1, 1) = c11 / det;
  inv(1, 2) = inv(2, 1) = c12 / det;
  inv(2, 2) = c22 / det;
  for (int i = 0; i < 3; ++i)
    if (dropped[i])
      for (int k = 0; k < 3; ++k) inv(i, k) = inv(k, i) = 0;
  return inv;
}

}  // namespace sluice::fv
