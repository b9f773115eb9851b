#pragma once
// Boundary condition of a volume field on one patch, in the form matrix
// assembly needs (as OpenFOAM's fvPatchField), per face of the patch with
// v_P the owner cell value and (x) the component-wise product:
//   face value     v_f    = valueInternalCoeff (x) v_P + valueBoundaryCoeff
//   normal grad    dv/dn  = gradientInternalCoeff (x) v_P + gradientBoundaryCoeff
// The internal coefficients are of the field's type: for vectors each
// component has its own (a slip wall fixes only the normal component, so
// only that component's coefficient is non-zero). Coupled patches
// (processor, cyclic) are not BoundaryConditions: their faces are treated
// like internal faces with the ghost cell as neighbour.
//
// The normal gradient uses the boundary delta coefficient
// boundaryDeltaCoeff(mesh, face) = geometry().nonOrthDeltaCoeff(face)
// (1 / (n . (face centre - cell centre)), limited as for internal faces).
//
//   auto bc = makeBoundaryCondition<Scalar>(patchDict, mesh, patchIndex, "0/p");  // registry by type name
//   bc->link(fields);                                   // conditions that read other fields find them
//   bc->updateTime(t);                                  // time-dependent values (uniformFixedValue)
//   bc->evaluate(mesh, cells, faceValues);              // fills the patch's face values
//   bc->valueCoeffs(mesh, cells, internalCoeff, boundaryCoeff);   // spans of the patch's size
//
// Conditions that depend on other fields (inletOutlet reads the flux phi,
// totalPressure reads U and phi) resolve them by name in a FieldRegistry
// when linked (link()), and read their current values whenever they are
// evaluated or asked for coefficients. Evaluating an unlinked one is an
// error naming the field file and patch.
//
// Empty patches have an EmptyBoundaryCondition (isEmpty() true): its
// coefficients are zero and operators skip the patch (FvMesh::patchKind).
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/field/field_types.hpp"
#include "sluice/field/fv_mesh.hpp"

namespace sluice::field {

class FieldRegistry;

/// Delta coefficient of a boundary face for normal gradients.
Scalar boundaryDeltaCoeff(const FvMesh& mesh, Label face);

/// True for the mirror-symmetry patch types, symmetryPlane and symmetry
/// (constraint types: their fields take SlipBC, their tensors are made symmetric).
bool isSymmetryType(std::string_view patchType);

/// The owner cells' values on a patch (OpenFOAM's patchInternalField); `cells` are local cell values.
template <class T>
void patchInternalValues(const FvMesh& mesh, Label patch, std::span<const T> cells, std::span<T> faceValues) {
  const mesh::Patch& p = mesh.patches()[patch];
  const auto& owner = mesh.poly().owner();
  for (Label i = 0; i < p.size && i < static_cast<Label>(faceValues.size()); ++i)
    faceValues[i] = cells[owner[p.start + i]];
}

template <class T>
class BoundaryCondition {
 public:
  explicit BoundaryCondition(Label patch) : patch_(patch) {}
  virtual ~BoundaryCondition() = default;

  /// Patch index in the mesh.
  Label patch() const { return patch_; }
  virtual const std::string& type() const = 0;
  /// A copy (fields are copyable); links to other fields are kept.
  virtual std::unique_ptr<BoundaryCondition<T>> clone() const = 0;
  /// True when the face value is prescribed (fixedValue, noSlip, inletOutlet,
  /// ...; OpenFOAM's fixesValue): the pressure needs no reference level when
  /// any pressure patch fixes its value.
  virtual bool fixesValue() const = 0;
  /// False when assigning values to the patch is not how it is set
  /// (fixedValue, slip; OpenFOAM's assignable): constrainHbyA copies the
  /// velocity's face values into HbyA on such patches.
  virtual bool assignable() const { return true; }
  /// True for `empty`: the patch takes no part in the equations.
  virtual bool isEmpty() const { return false; }
  /// Sets time-dependent data (uniformFixedValue tables) before evaluation.
  virtual void updateTime(Scalar /*time*/) {}
  /// Resolves the other fields this condition reads (InputError naming the
  /// missing field). The registry must outlive the condition.
  virtual void link(const FieldRegistry& /*fields*/) {}
  /// Whether the condition reads the registered field `name` (one link()
  /// resolves): a solver that reuses a field's storage for a while asks
  /// first (IncompressibleFluid builds phiHbyA in phi's storage only when
  /// no condition reads phi).
  virtual bool readsField(const std::string& /*name*/) const { return false; }
  /// Face values before the first evaluation when the field file gives no
  /// `value` entry: the owner cells' values (OpenFOAM's patchInternalField);
  /// totalPressure starts at p0.
  virtual void initialFaceValues(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const;
  /// Refreshes the stored face values from other fields before an equation
  /// of the field is assembled (OpenFOAM's updateCoeffs at fvMatrix
  /// construction): totalPressure takes the current U and phi then, and its
  /// coefficients use those stored values until the next refresh.
  /// Solvers call VolField::updateCoeffs() before assembling the field's
  /// equation. Default: nothing to refresh.
  virtual void updateCoeffs(const FvMesh& /*mesh*/, std::span<const T> /*cells*/, std::span<T> /*faceValues*/) const {
  }
  /// Face values of the patch from the owner cells' values (`cells` are local cell values).
  virtual void evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const = 0;
  /// Matrix coefficients per patch face (see the file comment). Spans have the patch's size.
  virtual void valueCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<const T> faceValues,
                           std::span<T> internalCoeff, std::span<T> boundaryCoeff) const = 0;
  virtual void gradientCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<const T> faceValues,
                              std::span<T> internalCoeff, std::span<T> boundaryCoeff) const = 0;
  /// The entries after `type` in an OpenFOAM field file (e.g. "value uniform 0;"),
  /// one per line, each line indented by `indent`, given the current face values.
  virtual std::string writeEntries(std::span<const T> faceValues, const std::string& indent) const = 0;

 protected:
  BoundaryCondition(const BoundaryCondition&) = default;
  BoundaryCondition& operator=(const BoundaryCondition&) = default;

 private:
  Label patch_;
};

template <class T>
void BoundaryCondition<T>::initialFaceValues(const FvMesh& mesh, std::span<const T> cells,
                                             std::span<T> faceValues) const {
  patchInternalValues(mesh, patch_, cells, faceValues);
}

}  // namespace sluice::field
