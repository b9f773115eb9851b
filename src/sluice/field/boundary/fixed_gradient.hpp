#pragma once
// Conditions that prescribe the normal gradient g:
//   fixedGradient       gradient <values>;
//   fixedFluxPressure   (pressure) g set each corrector by
//                       pressure::constrainPressure so that the corrected
//                       face flux equals the velocity's; zero until then
// v_f = v_P + g/d; coefficients value 1 (x) v_P + g/d, gradient 0 (x) v_P + g.
//
//   if (auto* ffp = dynamic_cast<FixedFluxPressureBC*>(p.boundaryCondition(patch))) ffp->setGradient(g);
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "sluice/field/boundary_condition.hpp"

namespace sluice::field {

template <FieldValueType T>
class BoundaryConditionRegistry;

template <FieldValueType T>
class FixedGradientBC : public BoundaryCondition<T> {
 public:
  FixedGradientBC(Label patch, std::vector<T> gradient, std::string typeName = "fixedGradient");
  const std::string& type() const override { return type_; }
  std::unique_ptr<BoundaryCondition<T>> clone() const override;
  bool fixesValue() const override { return false; }
  void evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const override;
  void valueCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<const T> faceValues,
                   std::span<T> internalCoeff, std::span<T> boundaryCoeff) const override;
  void gradientCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<const T> faceValues,
                      std::span<T> internalCoeff, std::span<T> boundaryCoeff) const override;
  std::string writeEntries(std::span<const T> faceValues, const std::string& indent) const override;

  /// Normal gradient per patch face (size of the patch; throws sluice::Error otherwise).
  void setGradient(std::span<const T> gradient);
  const std::vector<T>& gradient() const { return gradient_; }

 private:
  std::vector<T> gradient_;
  std::string type_;
};

/// fixedFluxPressure: the pressure gradient the momentum equation implies at
/// the patch (set with setGradient by constrainPressure).
class FixedFluxPressureBC : public FixedGradientBC<Scalar> {
 public:
  FixedFluxPressureBC(Label patch, Label nFaces)
      : FixedGradientBC<Scalar>(patch, std::vector<Scalar>(nFaces, 0.0), "fixedFluxPressure") {}
  std::unique_ptr<BoundaryCondition<Scalar>> clone() const override;
};

/// Registers fixedGradient and (scalars) fixedFluxPressure.
template <FieldValueType T>
void registerFixedGradientConditions(BoundaryConditionRegistry<T>& registry);

extern template class FixedGradientBC<Scalar>;
extern template class FixedGradientBC<Vec3>;

}  // namespace sluice::field
