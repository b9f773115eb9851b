#include "sluice/field/boundary/mixed.hpp"

#include <algorithm>

#include "sluice/field/boundary/condition_support.hpp"
#include "sluice/field/boundary_condition_registry.hpp"

namespace sluice::field {

using boundary::checkSize;
using boundary::entryLine;
using boundary::patchOf;

namespace {
const std::string kMixed = "mixed";
const std::string kInletOutlet = "inletOutlet";
}  // namespace

template <FieldValueType T>
MixedBC<T>::MixedBC(Label patch, std::vector<T> refValue, std::vector<T> refGradient, std::vector<Scalar> valueFraction)
    : BoundaryCondition<T>(patch),
      refValue_(std::move(refValue)),
      refGradient_(std::move(refGradient)),
      fraction_(std::move(valueFraction)) {}

template <FieldValueType T>
const std::string& MixedBC<T>::type() const {
  return kMixed;
}

template <FieldValueType T>
std::unique_ptr<BoundaryCondition<T>> MixedBC<T>::clone() const {
  return std::make_unique<MixedBC<T>>(*this);
}

template <FieldValueType T>
void MixedBC<T>::evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const {
  const mesh::Patch& p = patchOf(mesh, this->patch());
  checkSize("mixed::evaluate", faceValues.size(), p);
  if (!ready()) return;
  const auto& owner = mesh.poly().owner();
  for (Label i = 0; i < p.size; ++i) {
    const Label f = p.start + i;
    const Scalar w = valueFraction(mesh, i);
    faceValues[i] = w * refValue_[i] + (1 - w) * (cells[owner[f]] + refGradient_[i] / boundaryDeltaCoeff(mesh, f));
  }
}

template <FieldValueType T>
void MixedBC<T>::valueCoeffs(const FvMesh& mesh, std::span<const T>, std::span<const T>, std::span<T> internalCoeff,
                             std::span<T> boundaryCoeff) const {
  const mesh::Patch& p = patchOf(mesh, this->patch());
  checkSize("mixed::valueCoeffs", internalCoeff.size(), p);
  for (Label i = 0; i < p.size; ++i) {
    const Scalar w = valueFraction(mesh, i);
    internalCoeff[i] = allComponents<T>(1 - w);
    boundaryCoeff[i] = w * refValue_[i] + (1 - w) * refGradient_[i] / boundaryDeltaCoeff(mesh, p.start + i);
  }
}

template <FieldValueType T>
void MixedBC<T>::gradientCoeffs(const FvMesh& mesh, std::span<const T>, std::span<const T>, std::span<T> internalCoeff,
                                std::span<T> boundaryCoeff) const {
  const mesh::Patch& p = patchOf(mesh, this->patch());
  checkSize("mixed::gradientCoeffs", internalCoeff.size(), p);
  for (Label i = 0; i < p.size; ++i) {
    const Scalar w = valueFraction(mesh, i);
    const Scalar d = boundaryDeltaCoeff(mesh, p.start + i);
    internalCoeff[i] = allComponents<T>(-w * d);
    boundaryCoeff[i] = d * w * refValue_[i] + (1 - w) * refGradient_[i];
  }
}

template <FieldValueType T>
std::string MixedBC<T>::writeEntries(std::span<const T> faceValues, const std::string& indent) const {
  return entryLine<T>(indent, "refValue", refValue_) + entryLine<T>(indent, "refGradient", refGradient_) +
         entryLine<Scalar>(indent, "valueFraction", fraction_) + entryLine<T>(indent, "value", faceValues);
}

// --------------------------------------------------------------- inletOutlet

template <FieldValueType T>
InletOutletBC<T>::InletOutletBC(Label patch, std::vector<T> inletValue, std::string phiName, std::string where)
    : MixedBC<T>(patch, inletValue, std::vector<T>(inletValue.size()), {}),
      phiName_(std::move(phiName)),
      where_(std::move(where)) {}

template <FieldValueType T>
const std::string& InletOutletBC<T>::type() const {
  return kInletOutlet;
}

template <FieldValueType T>
std::unique_ptr<BoundaryCondition<T>> InletOutletBC<T>::clone() const {
  return std::make_unique<InletOutletBC<T>>(*this);
}

template <FieldValueType T>
void InletOutletBC<T>::link(const FieldRegistry& fields) {
  phi_ = &boundary::linkedField<SurfaceScalarField>(fields, phiName_, where_, "inletOutlet", "flux");
}

template <FieldValueType T>
void InletOutletBC<T>::initialFaceValues(const FvMesh& mesh, std::span<const T>, std::span<T> faceValues) const {
  checkSize("inletOutlet::initialFaceValues", faceValues.size(), patchOf(mesh, this->patch()));
  std::copy(this->refValue_.begin(), this->refValue_.end(), faceValues.begin());
}

template <FieldValueType T>
bool InletOutletBC<T>::isInflow(const FvMesh& mesh, Label i) const {
  const SurfaceScalarField& phi = boundary::linked(phi_, where_, "inletOutlet");
  return phi[patchOf(mesh, this->patch()).start + i] < 0.0;
}

template <FieldValueType T>
std::string InletOutletBC<T>::writeEntries(std::span<const T> faceValues, const std::string& indent) const {
  std::string out = entryLine<T>(indent, "inletValue", this->refValue_);
  if (phiName_ != "phi") out += boundary::wordLine(indent, "phi", phiName_);
  return out + entryLine<T>(indent, "value", faceValues);
}

template <FieldValueType T>
void registerMixedConditions(BoundaryConditionRegistry<T>& r) {
  r.add("mixed", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<T>> {
    std::vector<Scalar> fraction = readPatchValues<Scalar>(in, "valueFraction");
    for (Scalar w : fraction)
      if (w < 0 || w > 1)
        throw InputError(fmt::format("{}: valueFraction must lie in [0, 1], found {}", in.where(), w));
    return std::make_unique<MixedBC<T>>(in.patch, readPatchValues<T>(in, "refValue"),
                                        readPatchValues<T>(in, "refGradient"), std::move(fraction));
  });
  r.add("inletOutlet", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<T>> {
    return std::make_unique<InletOutletBC<T>>(in.patch, readPatchValues<T>(in, "inletValue"),
                                              in.dict.getOr<std::string>("phi", "phi"), in.where());
  });
}

template class MixedBC<Scalar>;
template class MixedBC<Vec3>;
template class InletOutletBC<Scalar>;
template class InletOutletBC<Vec3>;
template void registerMixedConditions(BoundaryConditionRegistry<Scalar>&);
template void registerMixedConditions(BoundaryConditionRegistry<Vec3>&);

}  // namespace sluice::field
