#include "sluice/field/boundary/fixed_value.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "sluice/field/boundary/condition_support.hpp"
#include "sluice/field/boundary_condition_registry.hpp"
#include "sluice/io/token_stream.hpp"

namespace sluice::field {

using boundary::checkSize;
using boundary::entryLine;
using boundary::patchOf;

namespace {

const std::string kFixedValue = "fixedValue";
const std::string kNoSlip = "noSlip";
const std::string kUniformFixedValue = "uniformFixedValue";

// uniformValue: `1`, `(1 0 0)`, `constant 1`, `table ((0 0) (1 2))`.
template <FieldValueType T>
TimeTable<T> readTimeTable(const PatchInput& in) {
  const std::string where = in.where();
  if (!in.dict.found("uniformValue")) throw InputError(fmt::format("{}: missing 'uniformValue'", where));
  io::TokenStream ts = in.dict.stream("uniformValue");
  TimeTable<T> t;
  if (ts.acceptWord("constant") || !ts.peek().isWord()) {
    t.times.push_back(0.0);
    t.values.push_back(readValue<T>(ts));
  } else if (ts.acceptWord("table")) {
    ts.expectPunct('(');
    while (!ts.acceptPunct(')')) {
      ts.expectPunct('(');
      const Scalar time = ts.readScalar();
      if (!t.times.empty() && time <= t.times.back())
        ts.fail(fmt::format("table times must increase ({} after {})", time, t.times.back()));
      t.times.push_back(time);
      t.values.push_back(readValue<T>(ts));
      ts.expectPunct(')');
    }
    if (t.times.empty()) ts.fail("empty table");
  } else {
    ts.fail("expected a value, 'constant' or 'table', found " + ts.describeNext());
  }
  ts.expectEnd();
  for (std::size_t i = 0; i < t.values.size(); ++i) {
    if (isFinite(t.values[i]) && std::isfinite(t.times[i])) continue;
    throw InputError(fmt::format("{}: uniformValue: {} in entry {}", where,
                                 std::isfinite(t.times[i]) ? nonFiniteName(t.values[i]) : nonFiniteName(t.times[i]),
                                 i));
  }
  return t;
}

}  // namespace

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
  checkSize("fixedValue::evaluate", faceValues.size(), patchOf(mesh, this->patch()));
  std::copy(values_.begin(), values_.end(), faceValues.begin());
}

template <FieldValueType T>
void FixedValueBC<T>::valueCoeffs(const FvMesh& mesh, std::span<const T>, std::span<const T>,
                                  std::span<T> internalCoeff, std::span<T> boundaryCoeff) const {
  checkSize("fixedValue::valueCoeffs", internalCoeff.size(), patchOf(mesh, this->patch()));
  for (std::size_t i = 0; i < values_.size(); ++i) {
    internalCoeff[i] = T{};
    boundaryCoeff[i] = values_[i];
  }
}

template <FieldValueType T>
void FixedValueBC<T>::gradientCoeffs(const FvMesh& mesh, std::span<const T>, std::span<const T>,
                                     std::span<T> internalCoeff, std::span<T> boundaryCoeff) const {
  const mesh::Patch& p = patchOf(mesh, this->patch());
  checkSize("fixedValue::gradientCoeffs", internalCoeff.size(), p);
  for (Label i = 0; i < p.size; ++i) {
    const Scalar d = boundaryDeltaCoeff(mesh, p.start + i);
    internalCoeff[i] = allComponents<T>(-d);
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
  if (times.size() == 1) return "constant " + formatValue(values.front());
  std::string out = "table (";
  for (std::size_t i = 0; i < times.size(); ++i)
    out += fmt::format("{}({} {})", i ? " " : "", times[i], formatValue(values[i]));
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
  return boundary::wordLine(indent, "uniformValue", table_.text()) + entryLine<T>(indent, "value", this->values_);
}

// -------------------------------------------------------------- registration

template <FieldValueType T>
void registerFixedValueConditions(BoundaryConditionRegistry<T>& r) {
  r.add("fixedValue", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<T>> {
    return std::make_unique<FixedValueBC<T>>(in.patch, readPatchValues<T>(in, "value"));
  });
  r.add("uniformFixedValue", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<T>> {
    return std::make_unique<UniformFixedValueBC<T>>(in.patch, in.nFaces(), readTimeTable<T>(in));
  });
  if constexpr (std::is_same_v<T, Vec3>) {
    r.add("noSlip", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<T>> {
      return std::make_unique<NoSlipBC>(in.patch, in.nFaces());
    });
  }
}

template class FixedValueBC<Scalar>;
template class FixedValueBC<Vec3>;
template struct TimeTable<Scalar>;
template struct TimeTable<Vec3>;
template class UniformFixedValueBC<Scalar>;
template class UniformFixedValueBC<Vec3>;
template void registerFixedValueConditions(BoundaryConditionRegistry<Scalar>&);
template void registerFixedValueConditions(BoundaryConditionRegistry<Vec3>&);

}  // namespace sluice::field
