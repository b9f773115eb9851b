#pragma once
// `pressureInletOutletVelocity` (vectors): at a pressure boundary, zero
// gradient where the flux leaves the domain; where it enters (phi < 0) the
// tangential components are fixed (to the tangential part of
// `tangentialVelocity`, zero by default) and the normal one has zero
// gradient, so the inflow rate follows from the pressure. OpenFOAM's
// directionMixed with value fraction F = [phi < 0] (I - n n):
//   v_f   = F . v_t + (I - F) . v_P
//   dv/dn = d (v_f - v_P)
// coefficients as for the transform family (slip.hpp) with the diagonal
// D_i = sqrt(|F_ii|).
//
//   outlet { type pressureInletOutletVelocity; [phi phi;] [tangentialVelocity (1 0 0);] value uniform (0 0 0); }
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "sluice/field/boundary_condition.hpp"
#include "sluice/field/surface_field.hpp"

namespace sluice::field {

template <FieldValueType T>
class BoundaryConditionRegistry;

class PressureInletOutletVelocityBC : public BoundaryCondition<Vec3> {
 public:
  PressureInletOutletVelocityBC(Label patch, std::optional<std::vector<Vec3>> tangentialVelocity, std::string phiName,
                                std::string where);
  const std::string& type() const override;
  std::unique_ptr<BoundaryCondition<Vec3>> clone() const override;
  bool fixesValue() const override { return true; }
  bool assignable() const override { return true; }
  void link(const FieldRegistry& fields) override;
  bool readsField(const std::string& name) const override { return name == phiName_; }
  /// OpenFOAM's updateCoeffs evaluates the patch (with the current flux).
  void updateCoeffs(const FvMesh& mesh, std::span<const Vec3> cells, std::span<Vec3> faceValues) const override {
    evaluate(mesh, cells, faceValues);
  }
  void evaluate(const FvMesh& mesh, std::span<const Vec3> cells, std::span<Vec3> faceValues) const override;
  void valueCoeffs(const FvMesh& mesh, std::span<const Vec3> cells, std::span<const Vec3> faceValues,
                   std::span<Vec3> internalCoeff, std::span<Vec3> boundaryCoeff) const override;
  void gradientCoeffs(const FvMesh& mesh, std::span<const Vec3> cells, std::span<const Vec3> faceValues,
                      std::span<Vec3> internalCoeff, std::span<Vec3> boundaryCoeff) const override;
  std::string writeEntries(std::span<const Vec3> faceValues, const std::string& indent) const override;

 private:
  /// Face value, and the diagonal D of patch face i (needs a link).
  Vec3 faceValue(const FvMesh& mesh, Label i, const Vec3& cellValue, Vec3& diag) const;

  std::optional<std::vector<Vec3>> tangential_;
  std::string phiName_;
  std::string where_;
  const SurfaceScalarField* phi_ = nullptr;
};

/// Registers pressureInletOutletVelocity (vectors).
void registerPressureInletOutletVelocityCondition(BoundaryConditionRegistry<Vec3>& registry);

}  // namespace sluice::field
