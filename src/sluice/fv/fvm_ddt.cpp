#include "sluice/fv/fvm_ddt.hpp"

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/fv/face_loops.hpp"
#include "sluice/fv/term_names.hpp"
#include "sluice/parallel/comm_profile.hpp"

namespace sluice::fv {

namespace {

template <class T>
std::span<const T> oldValues(const field::VolField<T>& vf) {
  return vf.nOldTimes() >= 1 ? vf.oldTime() : std::span<const T>(vf.values());
}

}  // namespace

namespace fvm {

template <field::FieldValueType T>
FvMatrix<T> ddt(const field::VolField<T>& vf, const DdtScheme& scheme, const TimeStep& time) {
  const parallel::ScopedPhase phase(vf.mesh().comm().profile(), parallel::Phase::Assembly);
  FvMatrix<T> m(vf);
  if (scheme.kind == DdtKind::steadyState) return m;
  const field::FvMesh& mesh = vf.mesh();
  const auto volumes = mesh.cellVolumes();
  const Scalar rDeltaT = 1.0 / time.deltaT;
  if (scheme.kind == DdtKind::backward) vf.keepOldOldTime();
  const BackwardCoeffs b = scheme.kind == DdtKind::backward ? backwardCoeffs(time, vf.nOldTimes()) : BackwardCoeffs{};
  const std::span<const T> v0 = oldValues(vf);
  std::span<const T> v00;
  if (b.c00 != 0) v00 = vf.oldOldTime();
  std::vector<Scalar>& diag = m.ldu().diag();
  for (Label c = 0; c < mesh.nCells(); ++c) {
    const Scalar k = volumes[c] * rDeltaT;
    diag[c] += b.c * k;
    m.source()[c] += k * (b.c0 * v0[c]);
    if (b.c00 != 0) m.source()[c] -= k * (b.c00 * v00[c]);
  }
  return m;
}

template <field::FieldValueType T>
FvMatrix<T> ddt(const field::VolField<T>& vf, const FvSchemes& schemes, const TimeStep& time) {
  return ddt(vf, schemes.ddt(ddtTerm(vf)), time);
}

template <field::FieldValueType T>
FvMatrix<T> ddt(const field::VolScalarField& rho, const field::VolField<T>& vf, const DdtScheme& scheme,
                const TimeStep& time) {
  const parallel::ScopedPhase phase(vf.mesh().comm().profile(), parallel::Phase::Assembly);
  if (scheme.kind != DdtKind::Euler)
    throw InputError(fmt::format("system/fvSchemes: ddtSchemes: '{}' is not supported for ddt({},{}) "
                                 "(supported: Euler)",
                                 scheme.text, rho.name(), vf.name()));
  FvMatrix<T> m(vf);
  const field::FvMesh& mesh = vf.mesh();
  const auto volumes = mesh.cellVolumes();
  const Scalar rDeltaT = 1.0 / time.deltaT;
  const std::span<const T> v0 = oldValues(vf);
  const std::span<const Scalar> rho0 = oldValues(rho);
  std::vector<Scalar>& diag = m.ldu().diag();
  for (Label c = 0; c < mesh.nCells(); ++c) {
    const Scalar k = volumes[c] * rDeltaT;
    diag[c] += k * rho[c];
    m.source()[c] += k * rho0[c] * v0[c];
  }
  return m;
}

template FvMatrix<Scalar> ddt(const field::VolField<Scalar>&, const DdtScheme&, const TimeStep&);
template FvMatrix<Vec3> ddt(const field::VolField<Vec3>&, const DdtScheme&, const TimeStep&);
template FvMatrix<Scalar> ddt(const field::VolScalarField&, const field::VolField<Scalar>&, const DdtScheme&,
                              const TimeStep&);
template FvMatrix<Vec3> ddt(const field::VolScalarField&, const field::VolField<Vec3>&, const DdtScheme&,
                            const TimeStep&);
template FvMatrix<Scalar> ddt(const field::VolField<Scalar>&, const FvSchemes&, const TimeStep&);
template FvMatrix<Vec3> ddt(const field::VolField<Vec3>&, const FvSchemes&, const TimeStep&);

}  // namespace fvm

namespace fvc {

template <field::FieldValueType T>
field::VolField<T> ddt(const field::VolField<T>& vf, const DdtScheme& scheme, const TimeStep& time) {
  const field::FvMesh& mesh = vf.mesh();
  field::VolField<T> result("ddt(" + vf.name() + ")", mesh, dimsProduct(vf.dimensions(), dimsTime(-1)));
  if (scheme.kind != DdtKind::steadyState) {
    if (scheme.kind == DdtKind::backward) vf.keepOldOldTime();
    const BackwardCoeffs b =
        scheme.kind == DdtKind::backward ? backwardCoeffs(time, vf.nOldTimes()) : BackwardCoeffs{};
    const std::span<const T> v0 = oldValues(vf);
    std::span<const T> v00;
    if (b.c00 != 0) v00 = vf.oldOldTime();
    for (Label c = 0; c < mesh.nLocalCells(); ++c) {
      T d = b.c * vf[c] - b.c0 * v0[c];
      if (b.c00 != 0) d += b.c00 * v00[c];
      result[c] = d / time.deltaT;
    }
  }
  const auto& owner = mesh.poly().owner();
  auto bvals = result.boundaryValues();
  for (Label f = mesh.nInternalFaces(); f < mesh.nFaces(); ++f) bvals[f - mesh.nInternalFaces()] = result[owner[f]];
  result.evaluateBoundaryConditions();
  return result;
}

template field::VolField<Scalar> ddt(const field::VolField<Scalar>&, const DdtScheme&, const TimeStep&);
template field::VolField<Vec3> ddt(const field::VolField<Vec3>&, const DdtScheme&, const TimeStep&);

}  // namespace fvc
}  // namespace sluice::fv
