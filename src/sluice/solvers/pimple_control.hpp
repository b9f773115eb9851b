#pragma once
// The pressure-velocity coupling controls of fvSolution and the outer
// (PIMPLE) loop of a time step, with OpenFOAM v1912's semantics:
//
//   PIMPLE                                  // or PISO (icoFoam): one outer iteration, no relaxation
//   {
//       nOuterCorrectors 3;  nCorrectors 2;  nNonOrthogonalCorrectors 0;
//       momentumPredictor yes;  consistent no;           // consistent: SIMPLEC
//       residualControl { p { tolerance 1e-4; relTol 0; } U { tolerance 1e-5; relTol 0; } }
//   }
//
// The outer loop (loop() as the condition of a while) marks its last
// iteration final: the momentum solve uses UFinal and the final relaxation
// factors apply (RelaxationFactors). With nOuterCorrectors 1 every step is
// final (pimpleFoam) or nothing is (PISO: icoFoam solves with U, relaxes
// nothing). pFinal is used for the last corrector's last non-orthogonal
// solve of every outer iteration, as v1912 does.
//
// Convergence of the outer loop ends a step early, after one more (final)
// iteration:
//  - residualControl (OpenFOAM v1912, ESI): checked before iterations
//    2 .. nOuterCorrectors - 1; a field passes when the initial residual of
//    its latest solve is below tolerance, or below relTol times the initial
//    residual of its first solve in the step (not at iteration 2);
//  - outerCorrectorResidualControl (OpenFOAM.org's keyword, which v1912
//    ignores): checked before iterations 2 .. nOuterCorrectors; a field
//    passes when the initial residual of its first solve in the previous
//    iteration is below tolerance, or below relTol times that of its first
//    solve in the step.
// Keys may be regular expressions; vectors count by their largest component.
//
//   PimpleControl pimple = PimpleControl::read(fvSolution, Algorithm::Pimple);
//   pimple.beginStep();
//   while (pimple.loop(residuals, log)) { ... pimple.finalIteration() ... }
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/solvers/relaxation_factors.hpp"

namespace sluice::solvers {

enum class Algorithm { Piso, Pimple };

struct PimpleSettings {
  int nOuterCorrectors = 1;
  int nCorrectors = 1;
  int nNonOrthogonalCorrectors = 0;
  bool momentumPredictor = true;
  bool consistent = false;  ///< SIMPLEC (rAtU = 1/(A - H1))
};

class PimpleControl {
 public:
  /// The initial residuals of every solve of a field in the current step (EquationSolvers::initialResiduals).
  using ResidualHistory = std::function<std::vector<double>(const std::string& field)>;
  /// Receives the loop's lines ("PIMPLE: iteration 2"); may be empty.
  using LogFn = std::function<void(const std::string&)>;

  /// InputError naming file and entry for bad values, for residualControl
  /// given both ways, and for a final-iteration field factor without the
  /// plain one (pFinal without p).
  static PimpleControl read(const io::Dictionary& fvSolution, Algorithm algorithm);

  Algorithm algorithm() const { return algorithm_; }
  /// "PISO" or "PIMPLE".
  const char* name() const { return algorithm_ == Algorithm::Piso ? "PISO" : "PIMPLE"; }
  const PimpleSettings& settings() const { return settings_; }
  /// The PISO/PIMPLE dictionary (pRefCell, pRefPoint, pRefValue).
  const io::Dictionary& dict() const { return dict_; }
  const RelaxationFactors& relaxation() const { return relaxation_; }

  /// Before the first loop() of a time step.
  void beginStep();
  /// True while another outer iteration is due (see the file comment).
  bool loop(const ResidualHistory& residuals, const LogFn& log);
  /// 1, 2, ... within the step.
  int iteration() const { return iteration_; }
  bool finalIteration() const { return final_; }

  /// The fvSolution solver entry of the momentum predictor.
  std::string momentumSolver() const { return final_ ? "UFinal" : "U"; }
  /// The solver entry of a pressure solve: <field>Final (pFinal, p_rghFinal)
  /// for the last corrector's last non-orthogonal solve (in every outer
  /// iteration), else the field's name.
  std::string pressureSolver(int corrector, int nonOrthogonal, const std::string& field = "p") const;
  /// An equation's relaxation factor in this iteration (PISO: never).
  std::optional<Scalar> equationRelaxation(const std::string& field) const;
  /// A field's relaxation factor in this iteration (PISO: never).
  std::optional<Scalar> fieldRelaxation(const std::string& field) const;
  /// Whether a field's previous-iteration values are kept for relaxation.
  bool keepsPreviousIteration(const std::string& field) const;
  /// The fields whose residuals the controls read ("U", "p"), set once by the solver.
  void setControlledFields(std::vector<std::string> fields) { fields_ = std::move(fields); }

 private:
  enum class ControlStyle { None, Esi, Org };
  struct Tolerance {
    std::string key;
    Scalar tolerance = 0;
    Scalar relTol = 0;
    Scalar firstResidual = 0;  ///< ESI: stored at iteration 2
  };
  bool converged(const ResidualHistory& residuals);

  Algorithm algorithm_ = Algorithm::Pimple;
  io::Dictionary dict_;
  PimpleSettings settings_;
  RelaxationFactors relaxation_;
  ControlStyle style_ = ControlStyle::None;
  io::Dictionary controlDict_;          ///< residualControl / outerCorrectorResidualControl (keys may be patterns)
  std::vector<Tolerance> tolerances_;   ///< in controlDict_'s order
  std::vector<std::string> fields_;     ///< see setControlledFields
  std::map<std::string, std::size_t> iterationStart_;  ///< Org: solves of each field before the last iteration
  int iteration_ = 0;
  bool final_ = false;
  bool converged_ = false;
};

}  // namespace sluice::solvers
