#pragma once
// The built-in boundary conditions (OpenFOAM type names), one family per
// file in field/boundary/, each registered by name in the
// BoundaryConditionRegistry (boundary_condition_registry.hpp):
//
//   fixed_value.hpp      fixedValue, uniformFixedValue, noSlip
//   zero_gradient.hpp    zeroGradient, calculated
//   fixed_gradient.hpp   fixedGradient, fixedFluxPressure
//   slip.hpp             slip, symmetryPlane, symmetry
//   empty.hpp            empty
//   mixed.hpp            mixed, inletOutlet (reads the flux phi)
//   total_pressure.hpp   totalPressure (reads U, phi, rho)
//   pressure_inlet_outlet_velocity.hpp   pressureInletOutletVelocity (reads phi)
//
//   auto bc = std::make_unique<FixedValueBC<Scalar>>(patch, std::vector<Scalar>(n, 1.0));
//   if (auto* ffp = dynamic_cast<FixedFluxPressureBC*>(p.boundaryCondition(patch))) ffp->setGradient(g);
// Values given per patch face are local to this rank (in patch order).
#include <memory>

#include "sluice/field/boundary/alpha_contact_angle.hpp"
#include "sluice/field/boundary/empty.hpp"
#include "sluice/field/boundary/fixed_gradient.hpp"
#include "sluice/field/boundary/fixed_value.hpp"
#include "sluice/field/boundary/mixed.hpp"
#include "sluice/field/boundary/pressure_inlet_outlet_velocity.hpp"
#include "sluice/field/boundary/slip.hpp"
#include "sluice/field/boundary/total_pressure.hpp"
#include "sluice/field/boundary/zero_gradient.hpp"
#include "sluice/field/fv_mesh.hpp"

namespace sluice::field {

/// The condition a constraint patch type implies (OpenFOAM's constraint
/// patch fields): empty -> EmptyBC, symmetryPlane and symmetry -> SlipBC of
/// that type; nullptr for other patch types (cyclic and processor patches
/// are coupled and have no condition).
template <FieldValueType T>
std::unique_ptr<BoundaryCondition<T>> constraintCondition(const FvMesh& mesh, Label patch);

}  // namespace sluice::field
