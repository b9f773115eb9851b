#pragma once
// `empty`: the front and back planes of a 2D case; all coefficients zero,
// and operators skip the patch (FvMesh::patchKind Empty). The face value is
// the owner cell's (harmless for output).
#include <memory>
#include <span>
#include <string>

#include "sluice/field/boundary_condition.hpp"

namespace sluice::field {

template <FieldValueType T>
class BoundaryConditionRegistry;

template <FieldValueType T>
class EmptyBC : public BoundaryCondition<T> {
 public:
  explicit EmptyBC(Label patch) : BoundaryCondition<T>(patch) {}
  const std::string& type() const override;
  std::unique_ptr<BoundaryCondition<T>> clone() const override;
  bool fixesValue() const override { return false; }
  bool isEmpty() const override { return true; }
  void evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const override;
  void valueCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<const T> faceValues,
                   std::span<T> internalCoeff, std::span<T> boundaryCoeff) const override;
  void gradientCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<const T> faceValues,
                      std::span<T> internalCoeff, std::span<T> boundaryCoeff) const override;
  std::string writeEntries(std::span<const T> faceValues, const std::string& indent) const override;
};

/// Registers empty.
template <FieldValueType T>
void registerEmptyCondition(BoundaryConditionRegistry<T>& registry);

extern template class EmptyBC<Scalar>;
extern template class EmptyBC<Vec3>;

}  // namespace sluice::field
