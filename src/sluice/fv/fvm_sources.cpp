#include "sluice/fv/fvm_sources.hpp"

namespace sluice::fv::fvm {

template <field::FieldValueType T>
FvMatrix<T> Sp(Scalar coeff, const field::VolField<T>& vf) {
  FvMatrix<T> m(vf);
  const auto volumes = vf.mesh().cellVolumes();
  std::vector<Scalar>& diag = m.ldu().diag();
  for (std::size_t c = 0; c < diag.size(); ++c) diag[c] += coeff * volumes[c];
  return m;
}

template <field::FieldValueType T>
FvMatrix<T> Sp(const field::VolScalarField& coeff, const field::VolField<T>& vf) {
  FvMatrix<T> m(vf);
  const auto volumes = vf.mesh().cellVolumes();
  std::vector<Scalar>& diag = m.ldu().diag();
  for (std::size_t c = 0; c < diag.size(); ++c) diag[c] += coeff[static_cast<Label>(c)] * volumes[c];
  return m;
}

template <field::FieldValueType T>
FvMatrix<T> Su(const field::VolField<T>& su, const field::VolField<T>& vf) {
  FvMatrix<T> m(vf);
  m += su;
  return m;
}

template FvMatrix<Scalar> Sp(Scalar, const field::VolField<Scalar>&);
template FvMatrix<Vec3> Sp(Scalar, const field::VolField<Vec3>&);
template FvMatrix<Scalar> Sp(const field::VolScalarField&, const field::VolField<Scalar>&);
template FvMatrix<Vec3> Sp(const field::VolScalarField&, const field::VolField<Vec3>&);
template FvMatrix<Scalar> Su(const field::VolField<Scalar>&, const field::VolField<Scalar>&);
template FvMatrix<Vec3> Su(const field::VolField<Vec3>&, const field::VolField<Vec3>&);

}  // namespace sluice::fv::fvm
