#include "sluice/field/boundary/zero_gradient.hpp"

#include <algorithm>

#include "sluice/field/boundary/condition_support.hpp"
#include "sluice/field/boundary_condition_registry.hpp"

namespace sluice::field {

using boundary::checkSize;
using boundary::entryLine;
using boundary::patchOf;

namespace {
const std::string kZeroGradient = "zeroGradient";
const std::string kCalculated = "calculated";
}  // namespace

template <FieldValueType T>
const std::string& ZeroGradientBC<T>::type() const {
  return kZeroGradient;
}

template <FieldValueType T>
std::unique_ptr<BoundaryCondition<T>> ZeroGradientBC<T>::clone() const {
  return std::make_unique<ZeroGradientBC<T>>(*this);
}

template <FieldValueType T>
void ZeroGradientBC<T>::evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const {
  checkSize("zeroGradient::evaluate", faceValues.size(), patchOf(mesh, this->patch()));
  patchInternalValues(mesh, this->patch(), cells, faceValues);
}

template <FieldValueType T>
void ZeroGradientBC<T>::valueCoeffs(const FvMesh& mesh, std::span<const T>, std::span<const T>,
                                    std::span<T> internalCoeff, std::span<T> boundaryCoeff) const {
  checkSize("zeroGradient::valueCoeffs", internalCoeff.size(), patchOf(mesh, this->patch()));
  std::fill(internalCoeff.begin(), internalCoeff.end(), allComponents<T>(1.0));
  std::fill(boundaryCoeff.begin(), boundaryCoeff.end(), T{});
}

template <FieldValueType T>
void ZeroGradientBC<T>::gradientCoeffs(const FvMesh& mesh, std::span<const T>, std::span<const T>,
                                       std::span<T> internalCoeff, std::span<T> boundaryCoeff) const {
  checkSize("zeroGradient::gradientCoeffs", internalCoeff.size(), patchOf(mesh, this->patch()));
  std::fill(internalCoeff.begin(), internalCoeff.end(), T{});
  std::fill(boundaryCoeff.begin(), boundaryCoeff.end(), T{});
}

template <FieldValueType T>
std::string ZeroGradientBC<T>::writeEntries(std::span<const T>, const std::string&) const {
  return {};
}

template <FieldValueType T>
const std::string& CalculatedBC<T>::type() const {
  return kCalculated;
}

template <FieldValueType T>
std::unique_ptr<BoundaryCondition<T>> CalculatedBC<T>::clone() const {
  return std::make_unique<CalculatedBC<T>>(*this);
}

template <FieldValueType T>
void CalculatedBC<T>::evaluate(const FvMesh&, std::span<const T>, std::span<T>) const {}

template <FieldValueType T>
void CalculatedBC<T>::valueCoeffs(const FvMesh& mesh, std::span<const T>, std::span<const T> faceValues,
                                  std::span<T> internalCoeff, std::span<T> boundaryCoeff) const {
  checkSize("calculated::valueCoeffs", internalCoeff.size(), patchOf(mesh, this->patch()));
  std::fill(internalCoeff.begin(), internalCoeff.end(), T{});
  std::copy(faceValues.begin(), faceValues.end(), boundaryCoeff.begin());
}

template <FieldValueType T>
void CalculatedBC<T>::gradientCoeffs(const FvMesh& mesh, std::span<const T>, std::span<const T> faceValues,
                                     std::span<T> internalCoeff, std::span<T> boundaryCoeff) const {
  const mesh::Patch& p = patchOf(mesh, this->patch());
  checkSize("calculated::gradientCoeffs", internalCoeff.size(), p);
  for (Label i = 0; i < p.size; ++i) {
    const Scalar d = boundaryDeltaCoeff(mesh, p.start + i);
    internalCoeff[i] = allComponents<T>(-d);
    boundaryCoeff[i] = d * faceValues[i];
  }
}

template <FieldValueType T>
std::string CalculatedBC<T>::writeEntries(std::span<const T> faceValues, const std::string& indent) const {
  return entryLine<T>(indent, "value", faceValues);
}

template <FieldValueType T>
void registerZeroGradientConditions(BoundaryConditionRegistry<T>& r) {
  r.add("zeroGradient", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<T>> {
    return std::make_unique<ZeroGradientBC<T>>(in.patch);
  });
  r.add("calculated", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<T>> {
    return std::make_unique<CalculatedBC<T>>(in.patch);
  });
}

template class ZeroGradientBC<Scalar>;
template class ZeroGradientBC<Vec3>;
template class CalculatedBC<Scalar>;
template class CalculatedBC<Vec3>;
template void registerZeroGradientConditions(BoundaryConditionRegistry<Scalar>&);
template void registerZeroGradientConditions(BoundaryConditionRegistry<Vec3>&);

}  // namespace sluice::field
