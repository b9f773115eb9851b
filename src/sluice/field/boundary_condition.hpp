#pragma once
// Boundary condition of a volume field on one patch, in the form matrix
// assembly needs (as in every cell-centred FV code):
//   face value     v_f    = valueInternalCoeff * v_P + valueBoundaryCoeff
//   normal grad    dv/dn  = gradientInternalCoeff * v_P + gradientBoundaryCoeff
// per face of the patch, v_P being the owner cell value. Coupled patches
// (processor, cyclic) are not BoundaryConditions: their faces are treated
// like internal faces with the ghost cell as neighbour.
//
// The normal gradient uses the boundary delta coefficient
// boundaryDeltaCoeff(mesh, face) = geometry().nonOrthDeltaCoeffs[face]
// (1 / (n . (face centre - cell centre)), limited as for internal faces).
//
//   auto bc = makeBoundaryCondition<Scalar>(patchDict, mesh, patchIndex, "0/p");  // registry by type name
//   bc->updateTime(t);                                  // time-dependent values (uniformFixedValue)
//   bc->evaluate(mesh, cells, faceValues);              // fills the patch's face values
//   bc->valueCoeffs(mesh, cells, internalCoeff, boundaryCoeff);   // spans of the patch's size
//
// Conditions that depend on other fields read them through a
// BoundaryContext the solver sets (VolField::setBoundaryContext): inletOutlet
// reads the face flux phi. Without a context, the flux counts as zero.
//
// Empty patches have an EmptyBoundaryCondition (isEmpty() true): its
// coefficients are zero and operators skip the patch (FvMesh::patchKind).
#include <memory>
#include <span>
#include <string>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/field/field_types.hpp"

namespace sluice::field {

class FvMesh;
template <class T>
class SurfaceField;

/// Data from the solver that boundary conditions may read; owned by the
/// solver and kept alive while fields refer to it.
struct BoundaryContext {
  /// Face flux (one value per mesh face, outward from the owner), or null.
  const SurfaceField<Scalar>* phi = nullptr;
};

/// Delta coefficient of a boundary face for normal gradients.
Scalar boundaryDeltaCoeff(const FvMesh& mesh, Label face);

template <class T>
class BoundaryCondition {
 public:
  explicit BoundaryCondition(Label patch) : patch_(patch) {}
  virtual ~BoundaryCondition() = default;

  /// Patch index in the mesh.
  Label patch() const { return patch_; }
  virtual const std::string& type() const = 0;
  /// A copy (fields are copyable).
  virtual std::unique_ptr<BoundaryCondition<T>> clone() const = 0;
  /// True when the face value is prescribed (fixedValue, noSlip, ...): the
  /// pressure reference is not needed when any pressure patch fixes its value.
  virtual bool fixesValue() const = 0;
  /// True for `empty`: the patch takes no part in the equations.
  virtual bool isEmpty() const { return false; }
  /// Sets time-dependent data (uniformFixedValue tables) before evaluation.
  virtual void updateTime(Scalar /*time*/) {}
  /// Gives access to solver data (the context must outlive its use; null clears it).
  virtual void setContext(const BoundaryContext* /*context*/) {}
  /// Face values of the patch from the owner cells' values (`cells` are local cell values).
  virtual void evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const = 0;
  /// Matrix coefficients per patch face (see the file comment). Spans have the patch's size.
  virtual void valueCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<Scalar> internalCoeff,
                           std::span<T> boundaryCoeff) const = 0;
  virtual void gradientCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<Scalar> internalCoeff,
                              std::span<T> boundaryCoeff) const = 0;
  /// The entries after `type` in an OpenFOAM field file (e.g. "value uniform 0;"),
  /// one per line, each line indented by `indent`, given the current face values.
  virtual std::string writeEntries(std::span<const T> faceValues, const std::string& indent) const = 0;

 protected:
  BoundaryCondition(const BoundaryCondition&) = default;
  BoundaryCondition& operator=(const BoundaryCondition&) = default;

 private:
  Label patch_;
};

}  // namespace sluice::field
