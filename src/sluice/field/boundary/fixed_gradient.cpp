#include "sluice/field/boundary/fixed_gradient.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "sluice/field/boundary/condition_support.hpp"
#include "sluice/field/boundary_condition_registry.hpp"

namespace sluice::field {

using boundary::checkSize;
using boundary::entryLine;
using boundary::patchOf;

template <FieldValueType T>
FixedGradientBC<T>::FixedGradientBC(Label patch, std::vector<T> gradient, std::string typeName)
    : BoundaryCondition<T>(patch), gradient_(std::move(gradient)), type_(std::move(typeName)) {}

template <FieldValueType T>
std::unique_ptr<BoundaryCondition<T>> FixedGradientBC<T>::clone() const {
  return std::make_unique<FixedGradientBC<T>>(*this);
}

template <FieldValueType T>
void FixedGradientBC<T>::setGradient(std::span<const T> gradient) {
  if (gradient.size() != gradient_.size())
    throw Error(fmt::format("{}::setGradient: {} values for {} faces", type_, gradient.size(), gradient_.size()));
  std::copy(gradient.begin(), gradient.end(), gradient_.begin());
}

template <FieldValueType T>
void FixedGradientBC<T>::evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const {
  const mesh::Patch& p = patchOf(mesh, this->patch());
  checkSize("fixedGradient::evaluate", faceValues.size(), p);
  const auto& owner = mesh.poly().owner();
  for (Label i = 0; i < p.size; ++i)
    faceValues[i] = cells[owner[p.start + i]] + gradient_[i] / boundaryDeltaCoeff(mesh, p.start + i);
}

template <FieldValueType T>
void FixedGradientBC<T>::valueCoeffs(const FvMesh& mesh, std::span<const T>, std::span<const T>,
                                     std::span<T> internalCoeff, std::span<T> boundaryCoeff) const {
  const mesh::Patch& p = patchOf(mesh, this->patch());
  checkSize("fixedGradient::valueCoeffs", internalCoeff.size(), p);
  for (Label i = 0; i < p.size; ++i) {
    internalCoeff[i] = allComponents<T>(1.0);
    boundaryCoeff[i] = gradient_[i] / boundaryDeltaCoeff(mesh, p.start + i);
  }
}

template <FieldValueType T>
void FixedGradientBC<T>::gradientCoeffs(const FvMesh& mesh, std::span<const T>, std::span<const T>,
                                        std::span<T> internalCoeff, std::span<T> boundaryCoeff) const {
  checkSize("fixedGradient::gradientCoeffs", internalCoeff.size(), patchOf(mesh, this->patch()));
  std::fill(internalCoeff.begin(), internalCoeff.end(), T{});
  std::copy(gradient_.begin(), gradient_.end(), boundaryCoeff.begin());
}

template <FieldValueType T>
std::string FixedGradientBC<T>::writeEntries(std::span<const T> faceValues, const std::string& indent) const {
  return entryLine<T>(indent, "gradient", gradient_) + entryLine<T>(indent, "value", faceValues);
}

std::unique_ptr<BoundaryCondition<Scalar>> FixedFluxPressureBC::clone() const {
  return std::make_unique<FixedFluxPressureBC>(*this);
}

template <FieldValueType T>
void registerFixedGradientConditions(BoundaryConditionRegistry<T>& r) {
  r.add("fixedGradient", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<T>> {
    return std::make_unique<FixedGradientBC<T>>(in.patch, readPatchValues<T>(in, "gradient"));
  });
  if constexpr (std::is_same_v<T, Scalar>) {
    // As OpenFOAM: a gradient entry is read only together with a value entry
    // (a restart); otherwise the gradient starts at zero.
    r.add("fixedFluxPressure", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<T>> {
      auto bc = std::make_unique<FixedFluxPressureBC>(in.patch, in.nFaces());
      if (in.dict.found("gradient") && in.dict.found("value")) {
        const std::vector<Scalar> g = readPatchValues<Scalar>(in, "gradient");
        bc->setGradient(g);
      }
      return bc;
    });
  }
}

template class FixedGradientBC<Scalar>;
template class FixedGradientBC<Vec3>;
template void registerFixedGradientConditions(BoundaryConditionRegistry<Scalar>&);
template void registerFixedGradientConditions(BoundaryConditionRegistry<Vec3>&);

}  // namespace sluice::field
