#pragma once
// meanVelocityForce: the uniform pressure-gradient body force that drives a
// periodic channel at a prescribed mean velocity (OpenFOAM's). Each step the
// force is corrected so that the volume-averaged velocity along Ubar over
// the selected cells equals |Ubar|:
//
//   fields      (U);              // exactly one velocity field
//   Ubar        (0.1335 0 0);     // the mean velocity to hold
//   relaxation  1;                // optional
//
// addSup adds flowDir (gradP0 + dGradP) to the momentum equation;
// constrain keeps 1/A of the assembled equation and folds dGradP into
// gradP0; correct (after the momentum predictor and each pressure
// corrector) sets dGradP = relaxation (|Ubar| - <U . flowDir>) / <1/A> and
// adds flowDir dGradP / A to U in the selected cells, printing
// "Pressure gradient source: uncorrected Ubar = ..., pressure gradient = ...".
// The gradient a previous run ended with is read from
// <start time>/uniform/<name>Properties (`gradient`) when that file exists.
#include <string>
#include <vector>

#include "sluice/fv_options/fv_option.hpp"

namespace sluice::fv_options {

class MeanVelocityForce : public FvOption {
 public:
  /// Collective (see FvOption).
  explicit MeanVelocityForce(const FvOptionInput& in);
  const std::string& type() const override;
  using FvOption::addSup;
  void addSup(fv::FvMatrix<Vec3>& eqn) override;
  /// Local: keeps 1/A of the equation's owned cells.
  void constrain(fv::FvMatrix<Vec3>& eqn) override;
  /// Collective: one fused reduction and the velocity's boundary update.
  void correct(field::VolVectorField& U) override;

  std::map<std::string, Scalar> state() const override { return {{"gradP0", gradP0_}, {"dGradP", dGradP_}}; }
  void restoreState(const std::map<std::string, Scalar>& state) override;

  /// The current pressure gradient gradP0 + dGradP.
  Scalar gradient() const { return gradP0_ + dGradP_; }

 private:
  Vec3 Ubar_;
  Vec3 flowDir_;
  Scalar relaxation_ = 1;
  Scalar gradP0_ = 0;
  Scalar dGradP_ = 0;
  std::vector<Scalar> rA_;  ///< 1/A of the last constrained equation, per owned cell
  LogFn log_;
};

class FvOptionRegistry;
/// Registers meanVelocityForce.
void registerMeanVelocityForce(FvOptionRegistry& registry);

}  // namespace sluice::fv_options
