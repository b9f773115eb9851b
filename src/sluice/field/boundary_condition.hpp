#pragma once
// Boundary condition of a volume field on one patch, in the form matrix
// assembly needs (as in every cell-centred FV code):
//   face value     v_f    = valueInternalCoeff * v_P + valueBoundaryCoeff
//   normal grad    dv/dn  = gradientInternalCoeff * v_P + gradientBoundaryCoeff
// per face of the patch, v_P being the owner cell value. Coupled patches
// (processor, cyclic) are not BoundaryConditions: their faces are treated
// like internal faces with the ghost cell as neighbour.
//
//   auto bc = makeBoundaryCondition<Scalar>(patchDict, mesh, patchIndex, "0/p");  // registry by type name
//   bc->evaluate(mesh, cells, faceValues, time);   // fills the patch's face values
#include <memory>
#include <span>
#include <string>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"

namespace sluice::field {

class FvMesh;

template <class T>
class BoundaryCondition {
 public:
  virtual ~BoundaryCondition() = default;
  virtual const std::string& type() const = 0;
  /// True when the face value is prescribed (fixedValue, noSlip, ...): the
  /// pressure reference is not needed when any pressure patch fixes its value.
  virtual bool fixesValue() const = 0;
  /// Sets time-dependent data (uniformFixedValue tables) before evaluation.
  virtual void updateTime(Scalar /*time*/) {}
  /// Face values of the patch from the owner cells' values (`cells` are local cell values).
  virtual void evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const = 0;
  /// Matrix coefficients per patch face (see the file comment). Spans have the patch's size.
  virtual void valueCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<Scalar> internalCoeff,
                           std::span<T> boundaryCoeff) const = 0;
  virtual void gradientCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<Scalar> internalCoeff,
                              std::span<T> boundaryCoeff) const = 0;
};

}  // namespace sluice::field
