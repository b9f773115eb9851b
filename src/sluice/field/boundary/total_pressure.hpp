#pragma once
// `totalPressure` (pressure only): a fixed value p = p0 - 1/2 |U|^2 where
// the flux enters the domain (phi < 0) and p = p0 where it leaves, with U
// the velocity's face value; for a pressure in Pa (p_rgh of two-phase
// solvers) the dynamic part is 1/2 rho |U|^2 with rho's face value.
//
//   outlet { type totalPressure; p0 uniform 0; [U U; phi phi; rho rho;] value uniform 0; }
//
// U, phi and (Pa only) rho are registered fields found by name when linked.
// As in OpenFOAM, the value is taken from them when the pressure equation is
// assembled (updateCoeffs) and when the condition is evaluated; explicit
// operators in between (snGrad(p), grad(p)) see the stored face values.
// A compressible total pressure (psi other than none) is an input error.
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "sluice/field/boundary_condition.hpp"
#include "sluice/field/surface_field.hpp"
#include "sluice/field/vol_field.hpp"

namespace sluice::field {

template <FieldValueType T>
class BoundaryConditionRegistry;

class TotalPressureBC : public BoundaryCondition<Scalar> {
 public:
  struct Names {
    std::string U = "U", phi = "phi", rho = "rho";
  };
  /// `withDensity`: the pressure is in Pa (rho is read); else kinematic (m2/s2).
  TotalPressureBC(Label patch, std::vector<Scalar> p0, Names names, bool withDensity, std::string where);
  const std::string& type() const override;
  std::unique_ptr<BoundaryCondition<Scalar>> clone() const override;
  bool fixesValue() const override { return true; }
  bool assignable() const override { return false; }
  void link(const FieldRegistry& fields) override;
  bool readsField(const std::string& name) const override;
  void initialFaceValues(const FvMesh& mesh, std::span<const Scalar> cells,
                         std::span<Scalar> faceValues) const override;
  void updateCoeffs(const FvMesh& mesh, std::span<const Scalar> cells, std::span<Scalar> faceValues) const override;
  void evaluate(const FvMesh& mesh, std::span<const Scalar> cells, std::span<Scalar> faceValues) const override;
  void valueCoeffs(const FvMesh& mesh, std::span<const Scalar> cells, std::span<const Scalar> faceValues,
                   std::span<Scalar> internalCoeff, std::span<Scalar> boundaryCoeff) const override;
  void gradientCoeffs(const FvMesh& mesh, std::span<const Scalar> cells, std::span<const Scalar> faceValues,
                      std::span<Scalar> internalCoeff, std::span<Scalar> boundaryCoeff) const override;
  std::string writeEntries(std::span<const Scalar> faceValues, const std::string& indent) const override;

  const std::vector<Scalar>& p0() const { return p0_; }
  /// The face values now (needs a link).
  std::vector<Scalar> currentValues(const FvMesh& mesh) const;

 private:
  std::vector<Scalar> p0_;
  Names names_;
  bool withDensity_;
  std::string where_;
  const VolVectorField* U_ = nullptr;
  const SurfaceScalarField* phi_ = nullptr;
  const VolScalarField* rho_ = nullptr;
};

/// Registers totalPressure (scalars).
void registerTotalPressureCondition(BoundaryConditionRegistry<Scalar>& registry);

}  // namespace sluice::field
