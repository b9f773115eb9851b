#pragma once
// Conditions that blend a prescribed value and a prescribed gradient per
// face with a value fraction w in [0, 1] (OpenFOAM's mixed family):
//   v_f   = w v_ref + (1 - w) (v_P + g_ref / d)
//   dv/dn = w d (v_ref - v_P) + (1 - w) g_ref
//   value coefficients     (1 - w) v_P + [w v_ref + (1 - w) g_ref / d]
//   gradient coefficients  -w d v_P + [w d v_ref + (1 - w) g_ref]
//
//   mixed         refValue <v>; refGradient <g>; valueFraction <w>;
//   inletOutlet   inletValue <v>; [phi phi;]  w = 1 where the face flux
//                 enters the domain (phi < 0), else 0 (zero gradient);
//                 the flux is the registered surface field named by `phi`
//                 (linked with link()); unlinked, evaluate() keeps the
//                 face values (as read; inletValue without a `value`
//                 entry) and coefficients are an error
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "sluice/field/boundary_condition.hpp"
#include "sluice/field/surface_field.hpp"

namespace sluice::field {

template <FieldValueType T>
class BoundaryConditionRegistry;

template <FieldValueType T>
class MixedBC : public BoundaryCondition<T> {
 public:
  MixedBC(Label patch, std::vector<T> refValue, std::vector<T> refGradient, std::vector<Scalar> valueFraction);
  const std::string& type() const override;
  std::unique_ptr<BoundaryCondition<T>> clone() const override;
  bool fixesValue() const override { return true; }
  bool assignable() const override { return false; }
  void evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const override;
  void valueCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<const T> faceValues,
                   std::span<T> internalCoeff, std::span<T> boundaryCoeff) const override;
  void gradientCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<const T> faceValues,
                      std::span<T> internalCoeff, std::span<T> boundaryCoeff) const override;
  std::string writeEntries(std::span<const T> faceValues, const std::string& indent) const override;

  const std::vector<T>& refValue() const { return refValue_; }

 protected:
  /// The value fraction of patch face i now.
  virtual Scalar valueFraction(const FvMesh& /*mesh*/, Label i) const { return fraction_[i]; }
  /// False while the fraction cannot be known (an unlinked inletOutlet): evaluate keeps the face values.
  virtual bool ready() const { return true; }

  std::vector<T> refValue_;
  std::vector<T> refGradient_;
  std::vector<Scalar> fraction_;
};

template <FieldValueType T>
class InletOutletBC : public MixedBC<T> {
 public:
  /// `where` ("0/U: boundaryField/outlet") names the condition in messages.
  InletOutletBC(Label patch, std::vector<T> inletValue, std::string phiName = "phi", std::string where = {});
  const std::string& type() const override;
  std::unique_ptr<BoundaryCondition<T>> clone() const override;
  bool assignable() const override { return true; }
  void link(const FieldRegistry& fields) override;
  bool readsField(const std::string& name) const override { return name == phiName_; }
  /// Without a `value` entry the patch starts at the inlet value (as OpenFOAM).
  void initialFaceValues(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const override;
  std::string writeEntries(std::span<const T> faceValues, const std::string& indent) const override;

  const std::vector<T>& inletValue() const { return this->refValue_; }
  /// True if patch face i currently has inflow (its flux is negative). Needs a link.
  bool isInflow(const FvMesh& mesh, Label i) const;

 protected:
  Scalar valueFraction(const FvMesh& mesh, Label i) const override { return isInflow(mesh, i) ? 1.0 : 0.0; }
  bool ready() const override { return phi_ != nullptr; }

 private:
  std::string phiName_;
  std::string where_;
  const SurfaceScalarField* phi_ = nullptr;
};

/// Registers mixed and inletOutlet.
template <FieldValueType T>
void registerMixedConditions(BoundaryConditionRegistry<T>& registry);

extern template class MixedBC<Scalar>;
extern template class MixedBC<Vec3>;
extern template class InletOutletBC<Scalar>;
extern template class InletOutletBC<Vec3>;

}  // namespace sluice::field
