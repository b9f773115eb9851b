#include "sluice/field/boundary/empty.hpp"

#include <algorithm>

#include "sluice/field/boundary/condition_support.hpp"
#include "sluice/field/boundary_condition_registry.hpp"

namespace sluice::field {

using boundary::checkSize;
using boundary::patchOf;

namespace {
const std::string kEmpty = "empty";
}  // namespace

template <FieldValueType T>
const std::string& EmptyBC<T>::type() const {
  return kEmpty;
}

template <FieldValueType T>
std::unique_ptr<BoundaryCondition<T>> EmptyBC<T>::clone() const {
  return std::make_unique<EmptyBC<T>>(*this);
}

template <FieldValueType T>
void EmptyBC<T>::evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const {
  checkSize("empty::evaluate", faceValues.size(), patchOf(mesh, this->patch()));
  patchInternalValues(mesh, this->patch(), cells, faceValues);
}

template <FieldValueType T>
void EmptyBC<T>::valueCoeffs(const FvMesh& mesh, std::span<const T>, std::span<const T>, std::span<T> internalCoeff,
                             std::span<T> boundaryCoeff) const {
  checkSize("empty::valueCoeffs", internalCoeff.size(), patchOf(mesh, this->patch()));
  std::fill(internalCoeff.begin(), internalCoeff.end(), T{});
  std::fill(boundaryCoeff.begin(), boundaryCoeff.end(), T{});
}

template <FieldValueType T>
void EmptyBC<T>::gradientCoeffs(const FvMesh& mesh, std::span<const T>, std::span<const T>, std::span<T> internalCoeff,
                                std::span<T> boundaryCoeff) const {
  checkSize("empty::gradientCoeffs", internalCoeff.size(), patchOf(mesh, this->patch()));
  std::fill(internalCoeff.begin(), internalCoeff.end(), T{});
  std::fill(boundaryCoeff.begin(), boundaryCoeff.end(), T{});
}

template <FieldValueType T>
std::string EmptyBC<T>::writeEntries(std::span<const T>, const std::string&) const {
  return {};
}

template <FieldValueType T>
void registerEmptyCondition(BoundaryConditionRegistry<T>& r) {
  r.add("empty", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<T>> {
    return std::make_unique<EmptyBC<T>>(in.patch);
  });
}

template class EmptyBC<Scalar>;
template class EmptyBC<Vec3>;
template void registerEmptyCondition(BoundaryConditionRegistry<Scalar>&);
template void registerEmptyCondition(BoundaryConditionRegistry<Vec3>&);

}  // namespace sluice::field
