#pragma once
// Conditions that extrapolate or keep the face value:
//   zeroGradient   v_f = v_P; coefficients value 1 (x) v_P, gradient 0
//   calculated     face values are whatever was read or assigned (evaluate
//                  leaves them); they count as fixed (fixesValue, as
//                  OpenFOAM): coefficients value 0 + v_f, gradient
//                  -d v_P + d v_f (the normal gradient OpenFOAM's snGrad
//                  gives; OpenFOAM refuses to assemble a matrix with them)
#include <memory>
#include <span>
#include <string>

#include "sluice/field/boundary_condition.hpp"

namespace sluice::field {

template <FieldValueType T>
class BoundaryConditionRegistry;

template <FieldValueType T>
class ZeroGradientBC : public BoundaryCondition<T> {
 public:
  explicit ZeroGradientBC(Label patch) : BoundaryCondition<T>(patch) {}
  const std::string& type() const override;
  std::unique_ptr<BoundaryCondition<T>> clone() const override;
  bool fixesValue() const override { return false; }
  void evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const override;
  void valueCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<const T> faceValues,
                   std::span<T> internalCoeff, std::span<T> boundaryCoeff) const override;
  void gradientCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<const T> faceValues,
                      std::span<T> internalCoeff, std::span<T> boundaryCoeff) const override;
  std::string writeEntries(std::span<const T> faceValues, const std::string& indent) const override;
};

template <FieldValueType T>
class CalculatedBC : public ZeroGradientBC<T> {
 public:
  explicit CalculatedBC(Label patch) : ZeroGradientBC<T>(patch) {}
  const std::string& type() const override;
  std::unique_ptr<BoundaryCondition<T>> clone() const override;
  bool fixesValue() const override { return true; }
  void evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const override;
  void valueCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<const T> faceValues,
                   std::span<T> internalCoeff, std::span<T> boundaryCoeff) const override;
  void gradientCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<const T> faceValues,
                      std::span<T> internalCoeff, std::span<T> boundaryCoeff) const override;
  std::string writeEntries(std::span<const T> faceValues, const std::string& indent) const override;
};

/// Registers zeroGradient and calculated.
template <FieldValueType T>
void registerZeroGradientConditions(BoundaryConditionRegistry<T>& registry);

extern template class ZeroGradientBC<Scalar>;
extern template class ZeroGradientBC<Vec3>;
extern template class CalculatedBC<Scalar>;
extern template class CalculatedBC<Vec3>;

}  // namespace sluice::field
