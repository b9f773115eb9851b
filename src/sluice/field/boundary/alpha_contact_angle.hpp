#pragma once
// constantAlphaContactAngle: the wall condition of a volume fraction that
// imposes a static contact angle theta0 (degrees, measured through the
// phase alpha = 1), as OpenFOAM v1912:
//
//   walls { type constantAlphaContactAngle; theta0 45; limit gradient; value uniform 0; }
//
// It is a fixed-gradient condition whose gradient is set by the interface
// model each time the interface normal is recomputed
// (vof::InterfaceProperties: the face normal is turned to meet the wall at
// theta0 and the gradient becomes (n_wall . n_interface) |grad alpha|_f).
// `limit` (required) bounds the result when the condition is evaluated:
//   none          the gradient as set
//   gradient      the gradient is cut so that the face value stays in [0, 1]:
//                 g = d (min(max(a_b + g/d, 0), 1) - a_b), a_b the face value
//                 before this evaluation (as OpenFOAM; g changes with each evaluation)
//   zeroGradient  the gradient is zero (the angle acts only on the curvature)
//   alpha         the face value is clipped to [0, 1] after evaluation
//
//   auto* cac = dynamic_cast<AlphaContactAngleBC*>(alpha.boundaryCondition(patch));
//   if (cac) { cac->setGradient(g); alpha.evaluateBoundaryConditions(); }
#include <string>
#include <vector>

#include "sluice/field/boundary_condition.hpp"

namespace sluice::field {

template <FieldValueType T>
class BoundaryConditionRegistry;

class AlphaContactAngleBC : public BoundaryCondition<Scalar> {
 public:
  enum class Limit { none, gradient, zeroGradient, alpha };

  AlphaContactAngleBC(Label patch, Scalar theta0Degrees, Limit limit, std::vector<Scalar> gradient);
  const std::string& type() const override;
  std::unique_ptr<BoundaryCondition<Scalar>> clone() const override;
  bool fixesValue() const override { return false; }
  void evaluate(const FvMesh& mesh, std::span<const Scalar> cells, std::span<Scalar> faceValues) const override;
  void valueCoeffs(const FvMesh& mesh, std::span<const Scalar> cells, std::span<const Scalar> faceValues,
                   std::span<Scalar> internalCoeff, std::span<Scalar> boundaryCoeff) const override;
  void gradientCoeffs(const FvMesh& mesh, std::span<const Scalar> cells, std::span<const Scalar> faceValues,
                      std::span<Scalar> internalCoeff, std::span<Scalar> boundaryCoeff) const override;
  std::string writeEntries(std::span<const Scalar> faceValues, const std::string& indent) const override;

  /// The static contact angle, degrees.
  Scalar theta0() const { return theta0_; }
  Limit limit() const { return limit_; }
  /// Sets the normal gradient (one value per patch face; sluice::Error otherwise).
  void setGradient(std::span<const Scalar> gradient);
  const std::vector<Scalar>& gradient() const { return gradient_; }

 private:
  Scalar theta0_;
  Limit limit_;
  // The `gradient` and `zeroGradient` limits rewrite the gradient when the
  // condition is evaluated, as OpenFOAM's alphaContactAngle::evaluate does.
  mutable std::vector<Scalar> gradient_;
};

/// Registers constantAlphaContactAngle (scalar fields).
void registerAlphaContactAngleCondition(BoundaryConditionRegistry<Scalar>& registry);

}  // namespace sluice::field
