#pragma once
// A small two-phase tank written by the tests themselves (interFoam input as
// OpenFOAM v1912 reads it): a water column of width `columnWidth` and height
// `columnHeight` against the left wall of a square tank of side `side`,
// nx x ny x 1 cells, walls left/right/bottom (fixedFluxPressure, noSlip,
// zeroGradient alpha), the top either an atmosphere (totalPressure,
// pressureInletOutletVelocity, inletOutlet) or a wall (`closed`). The
// initial alpha.water is written cell by cell in blockMesh order (x fastest).
//
//   test::TempDir dir("tank");
//   vofcase::TankCase tank{.nx = 16, .ny = 16, .endTime = 0.05};
//   vofcase::writeTank(dir.path(), tank);
#include <filesystem>
#include <string>

#include <fmt/format.h>

#include "solvers/run_case_support.hpp"
#include "support/temp_dir.hpp"

namespace sluice::vofcase {

struct TankCase {
  int nx = 16, ny = 16;
  double side = 0.4;
  double columnWidth = 0.1, columnHeight = 0.2;
  double endTime = 0.05;
  double deltaT = 0.001;
  bool adjustTimeStep = true;
  double maxCo = 0.5;
  bool closed = false;
  std::string decomposition = "scotch";  ///< decomposeParDict method
  int ranks = 1;                         ///< numberOfSubdomains (simple: n (ranks 1 1))
  int nAlphaSubCycles = 1;
  int nAlphaCorr = 2;
  bool mulesCorr = true;
  int nCorrectors = 3;
  double pTolerance = 1e-7;
  double pRelTol = 0.05;  ///< p_rgh (p_rghFinal: 0)
  double alphaTolerance = 1e-8;
  bool momentumPredictor = false;
  double writeInterval = 1;  ///< runTime; larger than endTime: only the end is written
};

/// The initial alpha.water of cell `cell` (blockMesh order).
inline double tankAlphaAt(const TankCase& c, int cell) {
  const int i = cell % c.nx, j = cell / c.nx;
  const double x = (i + 0.5) * c.side / c.nx, y = (j + 0.5) * c.side / c.ny;
  return (x <= c.columnWidth && y <= c.columnHeight) ? 1.0 : 0.0;
}

inline std::string tankAlpha(const TankCase& c) {
  std::string values;
  for (int cell = 0; cell < c.nx * c.ny; ++cell) values += tankAlphaAt(c, cell) > 0 ? "1\n" : "0\n";
  const std::string top = c.closed ? "top { type zeroGradient; }"
                                   : "top { type inletOutlet; inletValue uniform 0; value uniform 0; }";
  return fmt::format(
      "dimensions [0 0 0 0 0 0 0];\ninternalField nonuniform List<scalar> {}\n(\n{});\n"
      "boundaryField\n{{\n    walls {{ type zeroGradient; }}\n    {}\n    frontAndBack {{ type empty; }}\n}}\n",
      c.nx * c.ny, values, top);
}

inline void writeTank(const std::filesystem::path& caseDir, const TankCase& c) {
  using runcase::foamFile;
  struct {
    const std::filesystem::path& root;
    void write(const std::string& relative, const std::string& text) const { test::writeText(root / relative, text); }
  } dir{caseDir};
  const double s = c.side, d = s / c.nx;
  dir.write("system/blockMeshDict",
            foamFile("dictionary", "blockMeshDict",
                     fmt::format("vertices ((0 0 0) ({0} 0 0) ({0} {0} 0) (0 {0} 0) (0 0 {1}) ({0} 0 {1}) ({0} {0} {1}) "
                                 "(0 {0} {1}));\n"
                                 "blocks (hex (0 1 2 3 4 5 6 7) ({2} {3} 1) simpleGrading (1 1 1));\n"
                                 "boundary\n(\n    walls {{ type wall; faces ((0 4 7 3) (1 2 6 5) (0 1 5 4)); }}\n"
                                 "    top {{ type {4}; faces ((3 7 6 2)); }}\n"
                                 "    frontAndBack {{ type empty; faces ((0 3 2 1) (4 5 6 7)); }}\n);\n",
                                 s, d, c.nx, c.ny, c.closed ? "wall" : "patch")));
  dir.write("system/controlDict",
            foamFile("dictionary", "controlDict",
                     fmt::format("application interFoam;\nstartFrom startTime;\nstartTime 0;\nstopAt endTime;\n"
                                 "endTime {};\ndeltaT {};\nwriteControl adjustable;\nwriteInterval {};\n"
                                 "adjustTimeStep {};\nmaxCo {};\nmaxAlphaCo {};\nmaxDeltaT 1;\n",
                                 c.endTime, c.deltaT, c.writeInterval, c.adjustTimeStep ? "yes" : "no", c.maxCo,
                                 c.maxCo)));
  dir.write("system/fvSchemes",
            foamFile("dictionary", "fvSchemes",
                     "ddtSchemes { default Euler; }\ngradSchemes { default Gauss linear; }\n"
                     "divSchemes\n{\n    div(rhoPhi,U) Gauss linearUpwind grad(U);\n    div(phi,alpha) Gauss vanLeer;\n"
                     "    div(phirb,alpha) Gauss linear;\n    div(((rho*nuEff)*dev2(T(grad(U))))) Gauss linear;\n}\n"
                     "laplacianSchemes { default Gauss linear corrected; }\n"
                     "interpolationSchemes { default linear; }\nsnGradSchemes { default corrected; }\n"));
  dir.write("system/fvSolution",
            foamFile("dictionary", "fvSolution",
                     fmt::format("solvers\n{{\n"
                                 "    \"alpha.water.*\" {{ nAlphaCorr {}; nAlphaSubCycles {}; cAlpha 1; MULESCorr {}; "
                                 "nLimiterIter 3; solver smoothSolver; smoother symGaussSeidel; tolerance {}; "
                                 "relTol 0; }}\n"
                                 "    \"pcorr.*\" {{ solver PCG; preconditioner DIC; tolerance 1e-10; relTol 0; }}\n"
                                 "    p_rgh {{ solver PCG; preconditioner DIC; tolerance {}; relTol {}; }}\n"
                                 "    p_rghFinal {{ $p_rgh; relTol 0; }}\n"
                                 "    \"U.*\" {{ solver smoothSolver; smoother symGaussSeidel; tolerance 1e-10; "
                                 "relTol 0; }}\n}}\n"
                                 "PIMPLE {{ momentumPredictor {}; nOuterCorrectors 1; nCorrectors {}; "
                                 "nNonOrthogonalCorrectors 0; {}}}\n",
                                 c.nAlphaCorr, c.nAlphaSubCycles, c.mulesCorr ? "yes" : "no", c.alphaTolerance,
                                 c.pTolerance, c.pRelTol, c.momentumPredictor ? "yes" : "no", c.nCorrectors,
                                 c.closed ? "pRefCell 0; pRefValue 0; " : "")));
  dir.write("system/decomposeParDict",
            foamFile("dictionary", "decomposeParDict",
                     fmt::format("numberOfSubdomains {};\nmethod {};\n{}", c.ranks, c.decomposition,
                                 c.decomposition == "simple" ? fmt::format("coeffs {{ n ({} 1 1); }}\n", c.ranks)
                                                             : std::string())));
  dir.write("constant/transportProperties",
            foamFile("dictionary", "transportProperties",
                     "phases (water air);\nwater { transportModel Newtonian; nu 1e-06; rho 1000; }\n"
                     "air { transportModel Newtonian; nu 1.48e-05; rho 1; }\nsigma 0.07;\n"));
  dir.write("constant/g", foamFile("uniformDimensionedVectorField", "g",
                                   "dimensions [0 1 -2 0 0 0 0];\nvalue (0 -9.81 0);\n"));
  dir.write("0/alpha.water", foamFile("volScalarField", "alpha.water", tankAlpha(c)));
  const std::string topU = c.closed ? "top { type noSlip; }"
                                    : "top { type pressureInletOutletVelocity; value uniform (0 0 0); }";
  dir.write("0/U", foamFile("volVectorField", "U",
                            "dimensions [0 1 -1 0 0 0 0];\ninternalField uniform (0 0 0);\nboundaryField\n{\n"
                            "    walls { type noSlip; }\n    " + topU + "\n    frontAndBack { type empty; }\n}\n"));
  const std::string topP = c.closed ? "top { type fixedFluxPressure; value uniform 0; }"
                                    : "top { type totalPressure; p0 uniform 0; }";
  dir.write("0/p_rgh", foamFile("volScalarField", "p_rgh",
                                "dimensions [1 -1 -2 0 0 0 0];\ninternalField uniform 0;\nboundaryField\n{\n"
                                "    walls { type fixedFluxPressure; value uniform 0; }\n    " + topP +
                                    "\n    frontAndBack { type empty; }\n}\n"));
}

}  // namespace sluice::vofcase
