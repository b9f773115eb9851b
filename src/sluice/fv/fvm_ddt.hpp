#pragma once
// Implicit time derivative.
//
//   FvMatrix<Vec3> m = fvm::ddt(U, schemes.ddt("ddt(U)"), TimeStep{dt, dt0});
//
//   Euler        diag += V/dt,        source += V/dt v0
//   backward     diag += c V/dt,      source += V/dt (c0 v0 - c00 v00)   (time_step.hpp; Euler
//                on the first step)
//   steadyState  nothing
// v0, v00: the field's oldTime() and oldOldTime() (call storeOldTime() at
// the start of each step); with no stored level the current values count as old.
#include "sluice/field/vol_field.hpp"
#include "sluice/fv/fv_matrix.hpp"
#include "sluice/fv/fv_schemes.hpp"
#include "sluice/fv/time_step.hpp"

namespace sluice::fv::fvm {

template <field::FieldValueType T>
FvMatrix<T> ddt(const field::VolField<T>& vf, const DdtScheme& scheme, const TimeStep& time);
/// Scheme "ddt(<v>)" from `schemes`.
template <field::FieldValueType T>
FvMatrix<T> ddt(const field::VolField<T>& vf, const FvSchemes& schemes, const TimeStep& time);

/// ddt(rho, v) with a varying density, Euler only (VoF solvers):
///   diag += V rho/dt,  source += V rho0 v0/dt   (rho0, v0: old-time levels)
/// `scheme` must be Euler (sluice::InputError naming the scheme otherwise).
template <field::FieldValueType T>
FvMatrix<T> ddt(const field::VolScalarField& rho, const field::VolField<T>& vf, const DdtScheme& scheme,
                const TimeStep& time);

}  // namespace sluice::fv::fvm

namespace sluice::fv::fvc {

/// Explicit time derivative of the cell values by the same formulas (steadyState: zero), named "ddt(v)".
template <field::FieldValueType T>
field::VolField<T> ddt(const field::VolField<T>& vf, const DdtScheme& scheme, const TimeStep& time);

}  // namespace sluice::fv::fvc
