#pragma once
// Implicit and explicit source terms as matrices.
//
//   FvMatrix<Scalar> m = fvm::Sp(k, T);     // the term k T: diag += k V
//   FvMatrix<Vec3> s = fvm::Su(f, U);       // the term f: source -= f V
//   FvMatrix<Vec3> t = fvm::SuSp(k, U);     // the term k U: implicit where k > 0, explicit where k < 0
#include <span>

#include "sluice/field/vol_field.hpp"
#include "sluice/fv/fv_matrix.hpp"

namespace sluice::fv::fvm {

template <field::FieldValueType T>
FvMatrix<T> Sp(Scalar coeff, const field::VolField<T>& vf);
/// Per-cell coefficient (owned cells of `coeff` are used).
template <field::FieldValueType T>
FvMatrix<T> Sp(const field::VolScalarField& coeff, const field::VolField<T>& vf);
template <field::FieldValueType T>
FvMatrix<T> Su(const field::VolField<T>& su, const field::VolField<T>& vf);
/// The term k v with k per owned cell (OpenFOAM's SuSp): diag += max(k, 0)
/// V, source -= min(k, 0) V v (v's current values).
template <field::FieldValueType T>
FvMatrix<T> SuSp(std::span<const Scalar> coeff, const field::VolField<T>& vf);

}  // namespace sluice::fv::fvm
