#include "sluice/fv/fvm_sources.hpp"
#include "sluice/parallel/comm_profile.hpp"

#include <algorithm>

namespace sluice::fv::fvm {

template <field::FieldValueType T>
FvMatrix<T> Sp(Scalar coeff, const field::VolField<T>& vf) {
  const parallel::ScopedPhase phase(vf.mesh().comm().profile(), parallel::Phase::Assembly);
  FvMatrix<T> m(vf);
  const auto volumes = vf.mesh().cellVolumes();
  std::vector<Scalar>& diag = m.ldu().diag();
  for (std::size_t c = 0; c < diag.size(); ++c) diag[c] += coeff * volumes[c];
  return m;
}

template <field::FieldValueType T>
FvMatrix<T> Sp(const field::VolScalarField& coeff, const field::VolField<T>& vf) {
  const parallel::ScopedPhase phase(vf.mesh().comm().profile(), parallel::Phase::Assembly);
  FvMatrix<T> m(vf);
  const auto volumes = vf.mesh().cellVolumes();
  std::vector<Scalar>& diag = m.ldu().diag();
  for (std::size_t c = 0; c < diag.size(); ++c) diag[c] += coeff[static_cast<Label>(c)] * volumes[c];
  return m;
}

template <field::FieldValueType T>
FvMatrix<T> Su(const field::VolField<T>& su, const field::VolField<T>& vf) {
  const parallel::ScopedPhase phase(vf.mesh().comm().profile(), parallel::Phase::Assembly);
  FvMatrix<T> m(vf);
  m += su;
  return m;
}

template <field::FieldValueType T>
FvMatrix<T> SuSp(std::span<const Scalar> coeff, const field::VolField<T>& vf) {
  const parallel::ScopedPhase phase(vf.mesh().comm().profile(), parallel::Phase::Assembly);
  FvMatrix<T> m(vf);
  const auto volumes = vf.mesh().cellVolumes();
  std::vector<Scalar>& diag = m.ldu().diag();
  for (std::size_t c = 0; c < diag.size(); ++c) {
    diag[c] += volumes[c] * std::max(coeff[c], 0.0);
    m.source()[c] -= volumes[c] * std::min(coeff[c], 0.0) * vf[static_cast<Label>(c)];
  }
  return m;
}

template FvMatrix<Scalar> Sp(Scalar, const field::VolField<Scalar>&);
template FvMatrix<Vec3> Sp(Scalar, const field::VolField<Vec3>&);
template FvMatrix<Scalar> Sp(const field::VolScalarField&, const field::VolField<Scalar>&);
template FvMatrix<Vec3> Sp(const field::VolScalarField&, const field::VolField<Vec3>&);
template FvMatrix<Scalar> Su(const field::VolField<Scalar>&, const field::VolField<Scalar>&);
template FvMatrix<Vec3> Su(const field::VolField<Vec3>&, const field::VolField<Vec3>&);
template FvMatrix<Scalar> SuSp(std::span<const Scalar>, const field::VolField<Scalar>&);
template FvMatrix<Vec3> SuSp(std::span<const Scalar>, const field::VolField<Vec3>&);

}  // namespace sluice::fv::fvm
