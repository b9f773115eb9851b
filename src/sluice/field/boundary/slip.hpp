#pragma once
// `slip`, `symmetryPlane`, `symmetry` (OpenFOAM's basicSymmetry family):
// vectors lose their normal component at the face, scalars have zero
// gradient. With n the unit face normal and D = (|n_x|, |n_y|, |n_z|)
// (OpenFOAM's snGradTransformDiag), for vectors:
//   v_f    = v_P - n (n . v_P)
//   dv/dn  = -d n (n . v_P)
//   value coefficients     (1 - D) (x) v_P + [v_f - (1 - D) (x) v_P]
//   gradient coefficients  -d D (x) v_P + [dv/dn + d D (x) v_P]
// so on a patch aligned with an axis the normal component is implicitly
// zero and the tangential ones implicitly zero-gradient, each component with
// its own diagonal coefficient. symmetryPlane and symmetry are constraint
// types: they go with patches of the same type, and a field without an
// entry for such a patch gets them (constraintCondition).
#include <memory>
#include <span>
#include <string>

#include "sluice/field/boundary_condition.hpp"

namespace sluice::field {

template <FieldValueType T>
class BoundaryConditionRegistry;

template <FieldValueType T>
class SlipBC : public BoundaryCondition<T> {
 public:
  SlipBC(Label patch, std::string typeName) : BoundaryCondition<T>(patch), type_(std::move(typeName)) {}
  const std::string& type() const override { return type_; }
  std::unique_ptr<BoundaryCondition<T>> clone() const override;
  bool fixesValue() const override { return false; }
  /// slip is not assignable (constrainHbyA copies U there); symmetryPlane and symmetry are (OpenFOAM).
  bool assignable() const override { return type_ != "slip"; }
  void evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const override;
  void valueCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<const T> faceValues,
                   std::span<T> internalCoeff, std::span<T> boundaryCoeff) const override;
  void gradientCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<const T> faceValues,
                      std::span<T> internalCoeff, std::span<T> boundaryCoeff) const override;
  std::string writeEntries(std::span<const T> faceValues, const std::string& indent) const override;

 private:
  std::string type_;
};

/// Registers slip, symmetryPlane and symmetry.
template <FieldValueType T>
void registerSlipConditions(BoundaryConditionRegistry<T>& registry);

extern template class SlipBC<Scalar>;
extern template class SlipBC<Vec3>;

}  // namespace sluice::field
