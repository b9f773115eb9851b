#pragma once
// Under-relaxation factors from fvSolution, looked up as OpenFOAM v1912
// does:
//
//   relaxationFactors { fields { p 0.3; } equations { U 0.7; ".*Final" 1; } }
//   relaxationFactors { p 0.3; U 0.7; }     // older flat form: every entry an equation
//                                           // factor; entries starting with p or rho
//                                           // also field factors
//
// In the final outer iteration the name looked up is <field>Final only
// (UFinal, pFinal): a factor given for U alone does not relax the final
// iteration. A name is relaxed when it (or a regular-expression key) has an
// entry, or when `default` exists; a `default` of 0 for a name without its
// own entry is an error (as OpenFOAM's "Cannot find ... relaxation factor").
//
//   RelaxationFactors f = RelaxationFactors::read(fvSolution);
//   if (auto a = f.equation("U", finalIteration)) UEqn.relax(*a);
#include <optional>
#include <string>

#include "sluice/core/types.hpp"
#include "sluice/io/dictionary.hpp"

namespace sluice::solvers {

class RelaxationFactors {
 public:
  RelaxationFactors() = default;
  static RelaxationFactors read(const io::Dictionary& fvSolution);

  /// The factor of the equation of `field` in this iteration, or none (no relaxation).
  std::optional<Scalar> equation(const std::string& field, bool finalIteration) const;
  /// The factor of the field itself (explicit relaxation), or none.
  std::optional<Scalar> field(const std::string& field, bool finalIteration) const;
  /// True when `field` (its plain name) has a field factor: OpenFOAM keeps
  /// its previous-iteration values only then.
  bool storesPreviousIteration(const std::string& field) const { return factor(fields_, field).has_value(); }

 private:
  /// The factor for `name` in `dict` (see the file comment).
  static std::optional<Scalar> factor(const io::Dictionary& dict, const std::string& name);

  io::Dictionary fields_, equations_;
};

}  // namespace sluice::solvers
