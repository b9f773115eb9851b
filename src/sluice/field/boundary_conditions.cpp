#include "sluice/field/boundary_conditions.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/field/field_io.hpp"
#include "sluice/field/fv_mesh.hpp"
#include "sluice/field/surface_field.hpp"

namespace sluice::field {

namespace {

const mesh::Patch& patchOf(const FvMesh& mesh, Label patch) { return mesh.patches()[patch]; }

template <class T>
void checkSize(const char* what, std::size_t size, const mesh::Patch& p) {
  if (size != static_cast<std::size_t>(p.size))
    throw Error(fmt::format("{}: patch '{}' has {} faces, span has {}", what, p.name, p.size, size));
}

template <FieldValueType T>
std::string entryLine(const std::string& indent, const char* key, std::span<const T> values) {
  return fmt::format("{}{:<16}{};\n", indent, key, formatFieldValue<T>(values));
}

template <FieldValueType T>
std::string formatOne(const T& v) {
  if constexpr (std::is_same_v<T, Scalar>) {
    return fmt::format("{}", v);
  } else {
    return fmt::format("({} {} {})", v.x, v.y, v.z);
  }
}

const std::string kFixedValue = "fixedValue";
const std::string kNoSlip = "noSlip";
const std::string kUniformFixedValue = "uniformFixedValue";
const std::string kZeroGradient = "zeroGradient";
const std::string kCalculated = "calculated";
const std::string kEmpty = "empty";
const std::string kInletOutlet = "inletOutlet";

}  // namespace

Scalar boundaryDeltaCoeff(const FvMesh& mesh, Label face) { return mesh.geometry().nonOrthDeltaCoeffs[face]; }

// ---------------------------------------------------------------- fixedValue

template <FieldValueType T>
const std::string& FixedValueBC<T>::type() const {
  return kFixedValue;
}

template <FieldValueType T>
std::unique_ptr<BoundaryCondition<T>> FixedValueBC<T>::clone() const {
  return std::make_unique<FixedValueBC<T>>(*this);
}

template <FieldValueType T>
void FixedValueBC<T>::evaluate(const FvMesh& mesh, std::span<const T>, std::span<T> faceValues) const {
  checkSize<T>("fixedValue::evaluate", faceValues.size(), patchOf(mesh, this->patch()));
  std::copy(values_.begin(), values_.end(), faceValues.begin());
}

template <FieldValueType T>
void FixedValueBC<T>::valueCoeffs(const FvMesh& mesh, std::span<const T>, std::span<Scalar> internalCoeff,
                                  std::span<T> boundaryCoeff) const {
  checkSize<T>("fixedValue::valueCoeffs", internalCoeff.size(), patchOf(mesh, this->patch()));
  for (std::size_t i = 0; i < values_.size(); ++i) {
    internalCoeff[i] = 0.0;
    boundaryCoeff[i] = values_[i];
  }
}

template <FieldValueType T>
void FixedValueBC<T>::gradientCoeffs(const FvMesh& mesh, std::span<const T>, std::span<Scalar> internalCoeff,
                                     std::span<T> boundaryCoeff) const {
  const mesh::Patch& p = patchOf(mesh, this->patch());
  checkSize<T>("fixedValue::gradientCoeffs", internalCoeff.size(), p);
  for (Label i = 0; i < p.size; ++i) {
    const Scalar d = boundaryDeltaCoeff(mesh, p.start + i);
    internalCoeff[i] = -d;
    boundaryCoeff[i] = d * values_[i];
  }
}

template <FieldValueType T>
std::string FixedValueBC<T>::writeEntries(std::span<const T>, const std::string& indent) const {
  return entryLine<T>(indent, "value", values_);
}

const std::string& NoSlipBC::type() const { return kNoSlip; }
std::unique_ptr<BoundaryCondition<Vec3>> NoSlipBC::clone() const { return std::make_unique<NoSlipBC>(*this); }
std::string NoSlipBC::writeEntries(std::span<const Vec3>, const std::string&) const { return {}; }

// ------------------------------------------------------- uniformFixedValue

template <FieldValueType T>
T TimeTable<T>::at(Scalar time) const {
  if (times.empty()) throw Error("TimeTable: no entries");
  if (times.size() == 1 || time <= times.front()) return values.front();
  if (time >= times.back()) return values.back();
  const auto it = std::upper_bound(times.begin(), times.end(), time);
  const std::size_t hi = static_cast<std::size_t>(it - times.begin());
  const std::size_t lo = hi - 1;
  const Scalar span = times[hi] - times[lo];
  const Scalar s = span > 0 ? (time - times[lo]) / span : 1.0;
  return values[lo] * (1.0 - s) + values[hi] * s;
}

template <FieldValueType T>
std::string TimeTable<T>::text() const {
  if (times.size() == 1) return "constant " + formatOne<T>(values.front());
  std::string out = "table (";
  for (std::size_t i = 0; i < times.size(); ++i)
    out += fmt::format("{}({} {})", i ? " " : "", times[i], formatOne<T>(values[i]));
  return out + ")";
}

template <FieldValueType T>
UniformFixedValueBC<T>::UniformFixedValueBC(Label patch, Label nFaces, TimeTable<T> table)
    : FixedValueBC<T>(patch, std::vector<T>(nFaces, table.at(0.0))), table_(std::move(table)) {}

template <FieldValueType T>
const std::string& UniformFixedValueBC<T>::type() const {
  return kUniformFixedValue;
}

template <FieldValueType T>
std::unique_ptr<BoundaryCondition<T>> UniformFixedValueBC<T>::clone() const {
  return std::make_unique<UniformFixedValueBC<T>>(*this);
}

template <FieldValueType T>
void UniformFixedValueBC<T>::updateTime(Scalar time) {
  std::fill(this->values_.begin(), this->values_.end(), table_.at(time));
}

template <FieldValueType T>
std::string UniformFixedValueBC<T>::writeEntries(std::span<const T>, const std::string& indent) const {
  return fmt::format("{}{:<16}{};\n", indent, "uniformValue", table_.text()) +
         entryLine<T>(indent, "value", this->values_);
}

// -------------------------------------------------- zeroGradient, calculated

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
  const mesh::Patch& p = patchOf(mesh, this->patch());
  checkSize<T>("zeroGradient::evaluate", faceValues.size(), p);
  const auto& owner = mesh.poly().owner();
  for (Label i = 0; i < p.size; ++i) faceValues[i] = cells[owner[p.start + i]];
}

template <FieldValueType T>
void ZeroGradientBC<T>::valueCoeffs(const FvMesh& mesh, std::span<const T>, std::span<Scalar> internalCoeff,
                                    std::span<T> boundaryCoeff) const {
  checkSize<T>("zeroGradient::valueCoeffs", internalCoeff.size(), patchOf(mesh, this->patch()));
  std::fill(internalCoeff.begin(), internalCoeff.end(), 1.0);
  std::fill(boundaryCoeff.begin(), boundaryCoeff.end(), T{});
}

template <FieldValueType T>
void ZeroGradientBC<T>::gradientCoeffs(const FvMesh& mesh, std::span<const T>, std::span<Scalar> internalCoeff,
                                       std::span<T> boundaryCoeff) const {
  checkSize<T>("zeroGradient::gradientCoeffs", internalCoeff.size(), patchOf(mesh, this->patch()));
  std::fill(internalCoeff.begin(), internalCoeff.end(), 0.0);
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
std::string CalculatedBC<T>::writeEntries(std::span<const T> faceValues, const std::string& indent) const {
  return entryLine<T>(indent, "value", faceValues);
}

// ---------------------------------------------- fixedGradient, fixedFluxPressure

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
  checkSize<T>("fixedGradient::evaluate", faceValues.size(), p);
  const auto& owner = mesh.poly().owner();
  for (Label i = 0; i < p.size; ++i)
    faceValues[i] = cells[owner[p.start + i]] + gradient_[i] / boundaryDeltaCoeff(mesh, p.start + i);
}

template <FieldValueType T>
void FixedGradientBC<T>::valueCoeffs(const FvMesh& mesh, std::span<const T>, std::span<Scalar> internalCoeff,
                                     std::span<T> boundaryCoeff) const {
  const mesh::Patch& p = patchOf(mesh, this->patch());
  checkSize<T>("fixedGradient::valueCoeffs", internalCoeff.size(), p);
  for (Label i = 0; i < p.size; ++i) {
    internalCoeff[i] = 1.0;
    boundaryCoeff[i] = gradient_[i] / boundaryDeltaCoeff(mesh, p.start + i);
  }
}

template <FieldValueType T>
void FixedGradientBC<T>::gradientCoeffs(const FvMesh& mesh, std::span<const T>, std::span<Scalar> internalCoeff,
                                        std::span<T> boundaryCoeff) const {
  checkSize<T>("fixedGradient::gradientCoeffs", internalCoeff.size(), patchOf(mesh, this->patch()));
  std::fill(internalCoeff.begin(), internalCoeff.end(), 0.0);
  std::copy(gradient_.begin(), gradient_.end(), boundaryCoeff.begin());
}

template <FieldValueType T>
std::string FixedGradientBC<T>::writeEntries(std::span<const T> faceValues, const std::string& indent) const {
  return entryLine<T>(indent, "gradient", gradient_) + entryLine<T>(indent, "value", faceValues);
}

std::unique_ptr<BoundaryCondition<Scalar>> FixedFluxPressureBC::clone() const {
  return std::make_unique<FixedFluxPressureBC>(*this);
}

// ------------------------------------------------ slip, symmetryPlane, symmetry

template <FieldValueType T>
std::unique_ptr<BoundaryCondition<T>> SlipBC<T>::clone() const {
  return std::make_unique<SlipBC<T>>(*this);
}

template <FieldValueType T>
void SlipBC<T>::evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const {
  const mesh::Patch& p = patchOf(mesh, this->patch());
  checkSize<T>("slip::evaluate", faceValues.size(), p);
  const auto& owner = mesh.poly().owner();
  const auto& geo = mesh.geometry();
  for (Label i = 0; i < p.size; ++i) {
    const Label f = p.start + i;
    const T& v = cells[owner[f]];
    if constexpr (std::is_same_v<T, Vec3>) {
      const Vec3 n = geo.faceAreas[f] / geo.faceAreaMags[f];
      faceValues[i] = v - dot(n, v) * n;
    } else {
      faceValues[i] = v;
    }
  }
}

template <FieldValueType T>
void SlipBC<T>::valueCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<Scalar> internalCoeff,
                            std::span<T> boundaryCoeff) const {
  const mesh::Patch& p = patchOf(mesh, this->patch());
  checkSize<T>("slip::valueCoeffs", internalCoeff.size(), p);
  const auto& owner = mesh.poly().owner();
  const auto& geo = mesh.geometry();
  for (Label i = 0; i < p.size; ++i) {
    const Label f = p.start + i;
    internalCoeff[i] = 1.0;
    if constexpr (std::is_same_v<T, Vec3>) {
      const Vec3 n = geo.faceAreas[f] / geo.faceAreaMags[f];
      boundaryCoeff[i] = -dot(n, cells[owner[f]]) * n;
    } else {
      boundaryCoeff[i] = 0.0;
    }
  }
}

template <FieldValueType T>
void SlipBC<T>::gradientCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<Scalar> internalCoeff,
                               std::span<T> boundaryCoeff) const {
  const mesh::Patch& p = patchOf(mesh, this->patch());
  checkSize<T>("slip::gradientCoeffs", internalCoeff.size(), p);
  if constexpr (std::is_same_v<T, Vec3>) {
    const auto& owner = mesh.poly().owner();
    const auto& geo = mesh.geometry();
    for (Label i = 0; i < p.size; ++i) {
      const Label f = p.start + i;
      const Scalar d = boundaryDeltaCoeff(mesh, f);
      const Vec3 n = geo.faceAreas[f] / geo.faceAreaMags[f];
      const Vec3& v = cells[owner[f]];
      internalCoeff[i] = -d;
      boundaryCoeff[i] = d * (v - dot(n, v) * n);
    }
  } else {
    std::fill(internalCoeff.begin(), internalCoeff.end(), 0.0);
    std::fill(boundaryCoeff.begin(), boundaryCoeff.end(), 0.0);
  }
}

template <FieldValueType T>
std::string SlipBC<T>::writeEntries(std::span<const T>, const std::string&) const {
  return {};
}

// --------------------------------------------------------------------- empty

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
  const mesh::Patch& p = patchOf(mesh, this->patch());
  checkSize<T>("empty::evaluate", faceValues.size(), p);
  const auto& owner = mesh.poly().owner();
  for (Label i = 0; i < p.size; ++i) faceValues[i] = cells[owner[p.start + i]];
}

template <FieldValueType T>
void EmptyBC<T>::valueCoeffs(const FvMesh& mesh, std::span<const T>, std::span<Scalar> internalCoeff,
                             std::span<T> boundaryCoeff) const {
  checkSize<T>("empty::valueCoeffs", internalCoeff.size(), patchOf(mesh, this->patch()));
  std::fill(internalCoeff.begin(), internalCoeff.end(), 0.0);
  std::fill(boundaryCoeff.begin(), boundaryCoeff.end(), T{});
}

template <FieldValueType T>
void EmptyBC<T>::gradientCoeffs(const FvMesh& mesh, std::span<const T>, std::span<Scalar> internalCoeff,
                                std::span<T> boundaryCoeff) const {
  checkSize<T>("empty::gradientCoeffs", internalCoeff.size(), patchOf(mesh, this->patch()));
  std::fill(internalCoeff.begin(), internalCoeff.end(), 0.0);
  std::fill(boundaryCoeff.begin(), boundaryCoeff.end(), T{});
}

template <FieldValueType T>
std::string EmptyBC<T>::writeEntries(std::span<const T>, const std::string&) const {
  return {};
}

// --------------------------------------------------------------- inletOutlet

template <FieldValueType T>
const std::string& InletOutletBC<T>::type() const {
  return kInletOutlet;
}

template <FieldValueType T>
std::unique_ptr<BoundaryCondition<T>> InletOutletBC<T>::clone() const {
  return std::make_unique<InletOutletBC<T>>(*this);
}

template <FieldValueType T>
bool InletOutletBC<T>::isInflow(const FvMesh& mesh, Label i) const {
  if (context_ == nullptr || context_->phi == nullptr) return false;
  return (*context_->phi)[patchOf(mesh, this->patch()).start + i] < 0.0;
}

template <FieldValueType T>
void InletOutletBC<T>::evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const {
  const mesh::Patch& p = patchOf(mesh, this->patch());
  checkSize<T>("inletOutlet::evaluate", faceValues.size(), p);
  const auto& owner = mesh.poly().owner();
  for (Label i = 0; i < p.size; ++i) faceValues[i] = isInflow(mesh, i) ? inlet_[i] : cells[owner[p.start + i]];
}

template <FieldValueType T>
void InletOutletBC<T>::valueCoeffs(const FvMesh& mesh, std::span<const T>, std::span<Scalar> internalCoeff,
                                   std::span<T> boundaryCoeff) const {
  const mesh::Patch& p = patchOf(mesh, this->patch());
  checkSize<T>("inletOutlet::valueCoeffs", internalCoeff.size(), p);
  for (Label i = 0; i < p.size; ++i) {
    const bool in = isInflow(mesh, i);
    internalCoeff[i] = in ? 0.0 : 1.0;
    boundaryCoeff[i] = in ? inlet_[i] : T{};
  }
}

template <FieldValueType T>
void InletOutletBC<T>::gradientCoeffs(const FvMesh& mesh, std::span<const T>, std::span<Scalar> internalCoeff,
                                      std::span<T> boundaryCoeff) const {
  const mesh::Patch& p = patchOf(mesh, this->patch());
  checkSize<T>("inletOutlet::gradientCoeffs", internalCoeff.size(), p);
  for (Label i = 0; i < p.size; ++i) {
    const bool in = isInflow(mesh, i);
    const Scalar d = boundaryDeltaCoeff(mesh, p.start + i);
    internalCoeff[i] = in ? -d : 0.0;
    boundaryCoeff[i] = in ? d * inlet_[i] : T{};
  }
}

template <FieldValueType T>
std::string InletOutletBC<T>::writeEntries(std::span<const T> faceValues, const std::string& indent) const {
  return entryLine<T>(indent, "inletValue", inlet_) + entryLine<T>(indent, "value", faceValues);
}

template class FixedValueBC<Scalar>;
template class FixedValueBC<Vec3>;
template struct TimeTable<Scalar>;
template struct TimeTable<Vec3>;
template class UniformFixedValueBC<Scalar>;
template class UniformFixedValueBC<Vec3>;
template class ZeroGradientBC<Scalar>;
template class ZeroGradientBC<Vec3>;
template class CalculatedBC<Scalar>;
template class CalculatedBC<Vec3>;
template class FixedGradientBC<Scalar>;
template class FixedGradientBC<Vec3>;
template class SlipBC<Scalar>;
template class SlipBC<Vec3>;
template class EmptyBC<Scalar>;
template class EmptyBC<Vec3>;
template class InletOutletBC<Scalar>;
template class InletOutletBC<Vec3>;

}  // namespace sluice::field
