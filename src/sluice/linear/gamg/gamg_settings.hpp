#pragma once
// The controls of OpenFOAM's GAMG, read from an fvSolution solver dictionary
// (`solver GAMG; ...`) or from a preconditioner sub-dictionary
// (`preconditioner { preconditioner GAMG; ... }`). Defaults are v1912's.
//
//   p { solver GAMG; smoother GaussSeidel; tolerance 1e-6; relTol 0.01;
//       nCellsInCoarsestLevel 10; mergeLevels 1; agglomerator faceAreaPair; }
//
// Unknown values (a smoother or agglomerator that does not exist, a
// processorAgglomerator) are InputErrors naming the file and keyword.
#include <string>

#include "sluice/core/types.hpp"
#include "sluice/linear/linear_solver.hpp"

namespace sluice::linear {

class SolverRegistry;

/// How the cells are grouped into coarse levels (see Agglomeration).
struct AgglomerationSettings {
  int nCellsInCoarsestLevel = 10;  ///< per rank: stop before the total falls below ranks x this
  int mergeLevels = 1;             ///< pairwise steps combined into one level

  bool operator==(const AgglomerationSettings&) const = default;
};

struct GamgSettings {
  std::string smoother;  ///< registry name of the smoother on every level (required)
  int nPreSweeps = 0;
  int preSweepsLevelMultiplier = 1;
  int maxPreSweeps = 4;
  int nPostSweeps = 2;
  int postSweepsLevelMultiplier = 1;
  int maxPostSweeps = 4;
  int nFinestSweeps = 2;
  bool interpolateCorrection = false;
  bool scaleCorrection = true;
  bool directSolveCoarsest = false;
  int nVcycles = 2;  ///< as a preconditioner: V-cycles per application
  /// tolerance and relTol of this dictionary: the coarsest level's solve (a
  /// preconditioner sub-dictionary's own, 1e-6 and 0 unless given, as OpenFOAM)
  Scalar tolerance = 1e-6;
  Scalar relTol = 0;
  AgglomerationSettings agglomeration;

  bool operator==(const GamgSettings&) const = default;
  /// Equal in everything but the tolerances: one V-cycle workspace serves both.
  bool sameCycle(const GamgSettings& other) const;

  /// Reads the keywords above plus agglomerator (faceAreaPair only) and
  /// cacheAgglomeration (accepted either way: the mesh is static, the
  /// agglomeration is always kept); smoother names and aliases are resolved
  /// through `registry` (notes go to `warn`).
  static GamgSettings read(const io::Dictionary& dict, const SolverRegistry& registry, const WarnFn& warn);
};

}  // namespace sluice::linear
