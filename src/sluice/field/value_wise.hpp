#pragma once
// Value-by-value operations on volume fields, over every stored value: cells
// (ghosts included) and boundary face values, as OpenFOAM's field algebra
// (rAU = 1/UEqn.A(), HbyA = rAU*UEqn.H(), p = p_rgh + rho*gh).
//
//   applyToValues(rAU, [](Scalar a) { return 1 / a; });
//   combineWith(HbyA, rAU, [](const Vec3& h, Scalar r) { return h * r; });
#include "sluice/field/vol_field.hpp"

namespace sluice::field {

/// v = f(v) for every cell (ghosts included) and boundary value.
template <class T, class F>
void applyToValues(VolField<T>& field, F&& f) {
  for (T& v : field.values()) v = f(v);
  for (T& v : field.boundaryValues()) v = f(v);
}

/// a = f(a, b) value by value (cells, ghosts and boundary values) on the same mesh.
template <class T, class U, class F>
void combineWith(VolField<T>& a, const VolField<U>& b, F&& f) {
  for (std::size_t i = 0; i < a.values().size(); ++i) a.values()[i] = f(a.values()[i], b.values()[i]);
  const auto bb = b.boundaryValues();
  auto ab = a.boundaryValues();
  for (std::size_t i = 0; i < ab.size(); ++i) ab[i] = f(ab[i], bb[i]);
}

}  // namespace sluice::field
