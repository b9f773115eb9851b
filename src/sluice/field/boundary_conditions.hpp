#pragma once
// The built-in boundary conditions (OpenFOAM type names), constructed from a
// field file by the registry (boundary_condition_registry.hpp) or directly:
//
//   auto bc = std::make_unique<FixedValueBC<Scalar>>(patch, std::vector<Scalar>(n, 1.0));
//   if (auto* ffp = dynamic_cast<FixedFluxPressureBC*>(p.boundaryCondition(patch))) ffp->setGradient(g);
//
// Coefficients (see boundary_condition.hpp; d = boundaryDeltaCoeff, v_b the
// prescribed value, g the prescribed gradient):
//   fixedValue, noSlip, uniformFixedValue   v_f = v_b                 dv/dn = -d v_P + d v_b
//   zeroGradient, calculated                v_f = v_P                 dv/dn = 0
//   fixedGradient, fixedFluxPressure        v_f = v_P + g/d           dv/dn = g
//   slip, symmetryPlane, symmetry (vector)  v_f = v_P - n (n . v_P)   dv/dn = -d v_P + d v_f
//       (the face value from the current cell value: implicit in v_P, the
//        normal projection lagged); for scalars: as zeroGradient
//   inletOutlet (per face)                  phi < 0 (inflow): fixedValue inletValue; else zeroGradient
//   empty                                   all coefficients zero (operators skip the patch)
// Values given per patch face are local to this rank (in patch order).
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "sluice/field/boundary_condition.hpp"

namespace sluice::field {

/// v_f = prescribed values (one per patch face). Also the base of noSlip and uniformFixedValue.
template <FieldValueType T>
class FixedValueBC : public BoundaryCondition<T> {
 public:
  FixedValueBC(Label patch, std::vector<T> values) : BoundaryCondition<T>(patch), values_(std::move(values)) {}
  const std::string& type() const override;
  std::unique_ptr<BoundaryCondition<T>> clone() const override;
  bool fixesValue() const override { return true; }
  void evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const override;
  void valueCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<Scalar> internalCoeff,
                   std::span<T> boundaryCoeff) const override;
  void gradientCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<Scalar> internalCoeff,
                      std::span<T> boundaryCoeff) const override;
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

/// v_f = v_P: `zeroGradient`.
template <FieldValueType T>
class ZeroGradientBC : public BoundaryCondition<T> {
 public:
  explicit ZeroGradientBC(Label patch) : BoundaryCondition<T>(patch) {}
  const std::string& type() const override;
  std::unique_ptr<BoundaryCondition<T>> clone() const override;
  bool fixesValue() const override { return false; }
  void evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const override;
  void valueCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<Scalar> internalCoeff,
                   std::span<T> boundaryCoeff) const override;
  void gradientCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<Scalar> internalCoeff,
                      std::span<T> boundaryCoeff) const override;
  std::string writeEntries(std::span<const T> faceValues, const std::string& indent) const override;
};

/// `calculated`: the face values are whatever was read or assigned (evaluate
/// leaves them unchanged); coefficients as zeroGradient.
template <FieldValueType T>
class CalculatedBC : public ZeroGradientBC<T> {
 public:
  explicit CalculatedBC(Label patch) : ZeroGradientBC<T>(patch) {}
  const std::string& type() const override;
  std::unique_ptr<BoundaryCondition<T>> clone() const override;
  void evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const override;
  std::string writeEntries(std::span<const T> faceValues, const std::string& indent) const override;
};

/// `fixedGradient` (entry `gradient`) and `fixedFluxPressure` (gradient set
/// by the solver with setGradient; zero until then).
template <FieldValueType T>
class FixedGradientBC : public BoundaryCondition<T> {
 public:
  FixedGradientBC(Label patch, std::vector<T> gradient, std::string typeName = "fixedGradient");
  const std::string& type() const override { return type_; }
  std::unique_ptr<BoundaryCondition<T>> clone() const override;
  bool fixesValue() const override { return false; }
  void evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const override;
  void valueCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<Scalar> internalCoeff,
                   std::span<T> boundaryCoeff) const override;
  void gradientCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<Scalar> internalCoeff,
                      std::span<T> boundaryCoeff) const override;
  std::string writeEntries(std::span<const T> faceValues, const std::string& indent) const override;

  /// Normal gradient per patch face (size of the patch; throws sluice::Error otherwise).
  void setGradient(std::span<const T> gradient);
  const std::vector<T>& gradient() const { return gradient_; }

 private:
  std::vector<T> gradient_;
  std::string type_;
};

/// fixedFluxPressure: the pressure gradient the momentum equation implies at
/// the patch, set by the solver each iteration (setGradient).
class FixedFluxPressureBC : public FixedGradientBC<Scalar> {
 public:
  FixedFluxPressureBC(Label patch, Label nFaces)
      : FixedGradientBC<Scalar>(patch, std::vector<Scalar>(nFaces, 0.0), "fixedFluxPressure") {}
  std::unique_ptr<BoundaryCondition<Scalar>> clone() const override;
};

/// `slip`, `symmetryPlane`, `symmetry`: vectors lose their normal component
/// at the face; scalars have zero gradient.
template <FieldValueType T>
class SlipBC : public BoundaryCondition<T> {
 public:
  SlipBC(Label patch, std::string typeName) : BoundaryCondition<T>(patch), type_(std::move(typeName)) {}
  const std::string& type() const override { return type_; }
  std::unique_ptr<BoundaryCondition<T>> clone() const override;
  bool fixesValue() const override { return false; }
  void evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const override;
  void valueCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<Scalar> internalCoeff,
                   std::span<T> boundaryCoeff) const override;
  void gradientCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<Scalar> internalCoeff,
                      std::span<T> boundaryCoeff) const override;
  std::string writeEntries(std::span<const T> faceValues, const std::string& indent) const override;

 private:
  std::string type_;
};

/// `empty`: 2D front and back planes; no contribution.
template <FieldValueType T>
class EmptyBC : public BoundaryCondition<T> {
 public:
  explicit EmptyBC(Label patch) : BoundaryCondition<T>(patch) {}
  const std::string& type() const override;
  std::unique_ptr<BoundaryCondition<T>> clone() const override;
  bool fixesValue() const override { return false; }
  bool isEmpty() const override { return true; }
  /// Face value = owner cell value (harmless for output; operators skip the patch).
  void evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const override;
  void valueCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<Scalar> internalCoeff,
                   std::span<T> boundaryCoeff) const override;
  void gradientCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<Scalar> internalCoeff,
                      std::span<T> boundaryCoeff) const override;
  std::string writeEntries(std::span<const T> faceValues, const std::string& indent) const override;
};

/// `inletOutlet`: per face, fixed `inletValue` where the flux enters the
/// domain (phi < 0), zero gradient where it leaves or is zero. The flux comes
/// from the BoundaryContext; without one every face is treated as outflow.
template <FieldValueType T>
class InletOutletBC : public BoundaryCondition<T> {
 public:
  InletOutletBC(Label patch, std::vector<T> inletValue) : BoundaryCondition<T>(patch), inlet_(std::move(inletValue)) {}
  const std::string& type() const override;
  std::unique_ptr<BoundaryCondition<T>> clone() const override;
  bool fixesValue() const override { return true; }
  void setContext(const BoundaryContext* context) override { context_ = context; }
  void evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const override;
  void valueCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<Scalar> internalCoeff,
                   std::span<T> boundaryCoeff) const override;
  void gradientCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<Scalar> internalCoeff,
                      std::span<T> boundaryCoeff) const override;
  std::string writeEntries(std::span<const T> faceValues, const std::string& indent) const override;

  const std::vector<T>& inletValue() const { return inlet_; }
  /// True if patch face i currently has inflow.
  bool isInflow(const FvMesh& mesh, Label i) const;

 private:
  std::vector<T> inlet_;
  const BoundaryContext* context_ = nullptr;
};

extern template class FixedValueBC<Scalar>;
extern template class FixedValueBC<Vec3>;
extern template struct TimeTable<Scalar>;
extern template struct TimeTable<Vec3>;
extern template class UniformFixedValueBC<Scalar>;
extern template class UniformFixedValueBC<Vec3>;
extern template class ZeroGradientBC<Scalar>;
extern template class ZeroGradientBC<Vec3>;
extern template class CalculatedBC<Scalar>;
extern template class CalculatedBC<Vec3>;
extern template class FixedGradientBC<Scalar>;
extern template class FixedGradientBC<Vec3>;
extern template class SlipBC<Scalar>;
extern template class SlipBC<Vec3>;
extern template class EmptyBC<Scalar>;
extern template class EmptyBC<Vec3>;
extern template class InletOutletBC<Scalar>;
extern template class InletOutletBC<Vec3>;

}  // namespace sluice::field
