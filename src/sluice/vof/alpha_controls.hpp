#pragma once
// The volume-fraction controls of interFoam, from the field's entry in
// fvSolution's solvers (a pattern such as "alpha.water.*" matches), as
// OpenFOAM v1912's alphaControls.H and interfaceProperties read them:
//
//   "alpha.water.*"
//   {
//       nAlphaCorr 2;  nAlphaSubCycles 1;  cAlpha 1;         (required)
//       MULESCorr yes;  alphaApplyPrevCorr no;  icAlpha 0;    (optional)
//       nLimiterIter 3;  extremaCoeff 0;  ...                 (MULES, see mules.hpp)
//       solver smoothSolver; smoother symGaussSeidel; tolerance 1e-8; relTol 0;   (the MULESCorr matrix)
//   }
//
// scAlpha (shear compression) is not supported: a positive value is an
// input error naming the entry.
//
//   AlphaControls c = AlphaControls::read(fvSolutionDict, "alpha.water");
#include <string>

#include "sluice/io/dictionary.hpp"
#include "sluice/vof/mules.hpp"

namespace sluice::vof {

struct AlphaControls {
  int nAlphaCorr = 1;
  int nAlphaSubCycles = 1;
  Scalar cAlpha = 1;
  bool mulesCorr = false;
  bool applyPrevCorr = false;
  Scalar icAlpha = 0;  ///< isotropic compression fraction
  MulesSettings mules;

  static AlphaControls read(const io::Dictionary& fvSolution, const std::string& alphaName);
};

}  // namespace sluice::vof
