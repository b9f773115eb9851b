#pragma once
// Two immiscible incompressible Newtonian phases, from
// constant/transportProperties as OpenFOAM v1912's interFoam reads it:
//
//   phases (water air);
//   water { transportModel Newtonian; nu 1e-06;   rho 1000; }
//   air   { transportModel Newtonian; nu 1.48e-05; rho 1; }
//   sigma 0.07;                         (or sigma { type constant; sigma 0.07; })
//
// The volume fraction of the first phase is the field "alpha.<phase1>". The
// mixture properties at a volume fraction alpha (limited to [0, 1] for the
// viscosity, as OpenFOAM's incompressibleTwoPhaseMixture):
//   rho = alpha rho1 + (1 - alpha) rho2                      (unlimited)
//   mu  = a rho1 nu1 + (1 - a) rho2 nu2,  a = min(max(alpha, 0), 1)
//   nu  = mu / (a rho1 + (1 - a) rho2)
// Any other transportModel (CrossPowerLaw, BirdCarreau, ...) or surface
// tension model is an input error naming the file and entry.
//
//   TwoPhaseMixture mixture = TwoPhaseMixture::read(caseDir);    // every rank reads
//   Scalar rho = mixture.rho(alpha);
#include <filesystem>
#include <string>

#include "sluice/core/types.hpp"

namespace sluice::vof {

struct Phase {
  std::string name;
  Scalar nu = 0;   ///< kinematic viscosity [m2/s]
  Scalar rho = 0;  ///< density [kg/m3]
};

class TwoPhaseMixture {
 public:
  static TwoPhaseMixture read(const std::filesystem::path& caseDir);

  const Phase& phase1() const { return phase1_; }
  const Phase& phase2() const { return phase2_; }
  /// "alpha.<phase1>", the transported volume fraction.
  std::string alpha1Name() const { return "alpha." + phase1_.name; }
  Scalar sigma() const { return sigma_; }

  Scalar rho(Scalar alpha) const { return alpha * phase1_.rho + (1 - alpha) * phase2_.rho; }
  Scalar mu(Scalar alpha) const;
  Scalar nu(Scalar alpha) const;

 private:
  Phase phase1_, phase2_;
  Scalar sigma_ = 0;
};

}  // namespace sluice::vof
