#include "sluice/field/boundary_condition.hpp"

#include "sluice/field/boundary_conditions.hpp"

namespace sluice::field {

Scalar boundaryDeltaCoeff(const FvMesh& mesh, Label face) { return mesh.geometry().nonOrthDeltaCoeff(face); }

bool isSymmetryType(std::string_view patchType) { return patchType == "symmetryPlane" || patchType == "symmetry"; }

template <FieldValueType T>
std::unique_ptr<BoundaryCondition<T>> constraintCondition(const FvMesh& mesh, Label patch) {
  const std::string& type = mesh.patches()[patch].type;
  if (type == "empty") return std::make_unique<EmptyBC<T>>(patch);
  if (isSymmetryType(type)) return std::make_unique<SlipBC<T>>(patch, type);
  return nullptr;
}

template std::unique_ptr<BoundaryCondition<Scalar>> constraintCondition<Scalar>(const FvMesh&, Label);
template std::unique_ptr<BoundaryCondition<Vec3>> constraintCondition<Vec3>(const FvMesh&, Label);

}  // namespace sluice::field
