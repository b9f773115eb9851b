#pragma once
// Conditions that prescribe the face value (OpenFOAM's fixedValue family):
//   fixedValue          value <values>;                       v_f = v_b
//   noSlip              (vectors, no entries)                 v_f = 0
//   uniformFixedValue   uniformValue <constant v | table>;    v_f = table(t)
// Coefficients (d = boundaryDeltaCoeff): value 0 (x) v_P + v_b, gradient
// -d v_P + d v_b. fixesValue, not assignable.
//
//   auto bc = std::make_unique<FixedValueBC<Scalar>>(patch, std::vector<Scalar>(n, 1.0));
//   bc->values()[0] = 2;                 // the solver may change the prescribed values
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "sluice/field/boundary_condition.hpp"

namespace sluice::field {

template <FieldValueType T>
class BoundaryConditionRegistry;

/// v_f = prescribed values (one per patch face). Also the base of noSlip and uniformFixedValue.
template <FieldValueType T>
class FixedValueBC : public BoundaryCondition<T> {
 public:
  FixedValueBC(Label patch, std::vector<T> values) : BoundaryCondition<T>(patch), values_(std::move(values)) {}
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

  /// The prescribed values (the solver may change them).
  std::vector<T>& values() { return values_; }
  const std::vector<T>& values() const { return values_; }

 protected:
  std::vector<T> values_;
};

/// Velocity zero at a wall (`noSlip`, no entries).
class NoSlipBC : public FixedValueBC<Vec3> {
 public:
  NoSlipBC(Label patch, Label nFaces) : FixedValueBC<Vec3>(patch, std::vector<Vec3>(nFaces)) {}
  const std::string& type() const override;
  std::unique_ptr<BoundaryCondition<Vec3>> clone() const override;
  std::string writeEntries(std::span<const Vec3> faceValues, const std::string& indent) const override;
};

/// A value in time: constant, or a table (time, value) interpolated
/// linearly and clamped outside its range (`uniformValue constant 1;`,
/// `uniformValue 1;`, `uniformValue table ((0 0) (1 2));`).
template <FieldValueType T>
struct TimeTable {
  std::vector<Scalar> times;  ///< ascending; one entry for a constant
  std::vector<T> values;
  T at(Scalar time) const;
  /// "constant v" or "table ((t0 v0) (t1 v1) ...)".
  std::string text() const;
};

/// fixedValue whose uniform value follows a TimeTable (set by updateTime).
template <FieldValueType T>
class UniformFixedValueBC : public FixedValueBC<T> {
 public:
  /// Face values start at the table's value at time 0.
  UniformFixedValueBC(Label patch, Label nFaces, TimeTable<T> table);
  const std::string& type() const override;
  std::unique_ptr<BoundaryCondition<T>> clone() const override;
  void updateTime(Scalar time) override;
  std::string writeEntries(std::span<const T> faceValues, const std::string& indent) const override;
  const TimeTable<T>& table() const { return table_; }

 private:
  TimeTable<T> table_;
};

/// Registers fixedValue, uniformFixedValue and (vectors) noSlip.
template <FieldValueType T>
void registerFixedValueConditions(BoundaryConditionRegistry<T>& registry);

extern template class FixedValueBC<Scalar>;
extern template class FixedValueBC<Vec3>;
extern template struct TimeTable<Scalar>;
extern template struct TimeTable<Vec3>;
extern template class UniformFixedValueBC<Scalar>;
extern template class UniformFixedValueBC<Vec3>;

}  // namespace sluice::field
