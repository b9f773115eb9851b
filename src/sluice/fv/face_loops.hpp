#pragma once
// Loops shared by the operators: internal faces, then boundary faces patch
// by patch with the patch's kind (Regular faces have a boundary condition,
// Coupled faces a ghost cell, Empty faces are skipped), and the per-patch
// boundary-condition coefficients.
//
//   forEachBoundaryFace(mesh, [&](Label f, BoundaryFaceKind kind, Label patch) {
//     if (kind == BoundaryFaceKind::Coupled) { Label g = mesh.faceGhost(f); ... }
//   });
//   PatchCoeffs<Scalar> c = valueCoeffs(p, patch);   // c.internal[i], c.boundary[i] for face start + i
#include <span>
#include <vector>

#include "sluice/core/error.hpp"
#include "sluice/core/types.hpp"
#include "sluice/field/fv_mesh.hpp"
#include "sluice/field/vol_field.hpp"
#include "sluice/io/dictionary.hpp"

namespace sluice::fv {

enum class BoundaryFaceKind { Regular, Coupled };

/// Calls f(face, kind, patch) for every non-empty boundary face, in face order within each patch.
template <class F>
void forEachBoundaryFace(const field::FvMesh& mesh, F&& f) {
  const auto& patches = mesh.patches();
  for (Label p = 0; p < mesh.nPatches(); ++p) {
    const field::PatchKind kind = mesh.patchKind(p);
    if (kind == field::PatchKind::Empty) continue;
    const BoundaryFaceKind k = kind == field::PatchKind::Regular ? BoundaryFaceKind::Regular : BoundaryFaceKind::Coupled;
    const Label start = patches[p].start;
    const Label end = start + patches[p].size;
    for (Label face = start; face < end; ++face) f(face, k, p);
  }
}

/// Calls f(patch, start, size) for every Regular patch (one with a boundary condition).
template <class F>
void forEachRegularPatch(const field::FvMesh& mesh, F&& f) {
  const auto& patches = mesh.patches();
  for (Label p = 0; p < mesh.nPatches(); ++p)
    if (mesh.patchKind(p) == field::PatchKind::Regular) f(p, patches[p].start, patches[p].size);
}

/// Boundary-condition coefficients of one patch (see field/boundary_condition.hpp):
/// per face, value = cmptMultiply(internal, v_P) + boundary.
template <class T>
struct PatchCoeffs {
  std::vector<T> internal;
  std::vector<T> boundary;
};

template <class T>
const field::BoundaryCondition<T>& conditionOf(const field::VolField<T>& vf, Label patch) {
  const field::BoundaryCondition<T>* bc = vf.boundaryCondition(patch);
  if (!bc)
    throw Error("field '" + vf.name() + "' has no boundary condition on patch '" + vf.mesh().patches()[patch].name +
                "'");
  return *bc;
}

/// v_f = internal (x) v_P + boundary.
template <class T>
PatchCoeffs<T> valueCoeffs(const field::VolField<T>& vf, Label patch) {
  const Label n = vf.mesh().patches()[patch].size;
  PatchCoeffs<T> c{std::vector<T>(n, T{}), std::vector<T>(n, T{})};
  conditionOf(vf, patch).valueCoeffs(vf.mesh(), std::span<const T>(vf.values()), vf.patchValues(patch), c.internal,
                                     c.boundary);
  return c;
}

/// dv/dn = internal (x) v_P + boundary.
template <class T>
PatchCoeffs<T> gradientCoeffs(const field::VolField<T>& vf, Label patch) {
  const Label n = vf.mesh().patches()[patch].size;
  PatchCoeffs<T> c{std::vector<T>(n, T{}), std::vector<T>(n, T{})};
  conditionOf(vf, patch).gradientCoeffs(vf.mesh(), std::span<const T>(vf.values()), vf.patchValues(patch),
                                        c.internal, c.boundary);
  return c;
}

/// Dimension arithmetic for result fields: a + b (product), a - b (quotient).
inline io::DimensionSet dimsProduct(const io::DimensionSet& a, const io::DimensionSet& b) {
  io::DimensionSet r;
  for (int i = 0; i < 7; ++i) r.exponents[i] = a.exponents[i] + b.exponents[i];
  return r;
}
inline io::DimensionSet dimsQuotient(const io::DimensionSet& a, const io::DimensionSet& b) {
  io::DimensionSet r;
  for (int i = 0; i < 7; ++i) r.exponents[i] = a.exponents[i] - b.exponents[i];
  return r;
}
/// [m^n]
inline io::DimensionSet dimsLength(double n) {
  io::DimensionSet r;
  r.exponents[1] = n;
  return r;
}
/// [s^n]
inline io::DimensionSet dimsTime(double n) {
  io::DimensionSet r;
  r.exponents[2] = n;
  return r;
}

}  // namespace sluice::fv
