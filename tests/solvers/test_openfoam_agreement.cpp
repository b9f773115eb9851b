// The same cases run by OpenFOAM v1912 and by `sluice run` (1, 2 and 3
// ranks): the final U and p agree cell by cell (openfoam_case_support.hpp;
// differences measured against the field's scale). The cases' 0/, system/
// and constant/ files are our own; where a tutorial's mesh is used, its
// blockMeshDict is copied from the installed OpenFOAM tutorials at run time.
// Linear solvers converge to 1e-13 in both codes so the comparison measures
// the discretisation and the algorithm, not solver tolerances. Skipped when
// OpenFOAM v1912 is not installed.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "solvers/openfoam_case_support.hpp"

using namespace sluice;
namespace fs = std::filesystem;

namespace {

struct FoamComparison {
  FoamComparison(std::string name_, std::string application_, std::string tutorialMesh_, std::string endTime_)
      : name(std::move(name_)),
        application(std::move(application_)),
        tutorialMesh(std::move(tutorialMesh_)),
        endTime(std::move(endTime_)) {}
  std::string name;
  std::string application;              ///< icoFoam or pimpleFoam
  std::string tutorialMesh;             ///< tutorial folder whose system/blockMeshDict is used ("" : files has one)
  std::map<std::string, std::string> files;  ///< relative path -> body (a FoamFile header is added)
  std::string endTime;                  ///< the time directory OpenFOAM writes last
  std::vector<int> ranks = {1, 2, 3};
  std::string sluiceOptions;            ///< extra `sluice run` options
  /// When set: the case must send flow both ways through this patch at the
  /// end (OpenFOAM's phi), so a condition that switches on the flux sign is
  /// exercised on both branches.
  std::string mixedFlowPatch;
  /// Files that depend on sluice's rank count (decomposeParDict), if any.
  std::function<std::map<std::string, std::string>(int np)> filesForRanks;
};

std::string foamClass(const std::string& relative) {
  if (relative == "0/U") return "volVectorField";
  if (relative == "0/p") return "volScalarField";
  return "dictionary";
}

void writeCase(const fs::path& dir, const FoamComparison& c) {
  for (const auto& [relative, body] : c.files)
    test::writeText(dir / relative, fmt::format("FoamFile {{ version 2.0; format ascii; class {}; object {}; }}\n{}",
                                                foamClass(relative), fs::path(relative).filename().string(), body));
  if (!c.tutorialMesh.empty())
    fs::copy_file(test::kOpenFoamTutorials / c.tutorialMesh / "system/blockMeshDict", dir / "system/blockMeshDict");
}

/// controlDict for `steps` steps of `deltaT`, writing only the end at full precision.
std::string controlDict(const std::string& application, double deltaT, int steps) {
  return fmt::format("application {}; startFrom startTime; startTime 0; stopAt endTime; endTime {}; deltaT {};\n"
                     "writeControl timeStep; writeInterval {}; writeFormat ascii; writePrecision 17;\n"
                     "timeFormat general; timePrecision 6;\n",
                     application, deltaT * steps, deltaT, steps);
}

/// fvSchemes with `ddt` for ddt(U), `divU` for div(phi,U), Gauss linear for
/// the viscous stress, and linear corrected laplacians.
std::string fvSchemes(const std::string& ddt, const std::string& divU) {
  return fmt::format(R"(
ddtSchemes {{ default {}; }}
gradSchemes {{ default Gauss linear; }}
divSchemes {{ default none; div(phi,U) {}; div((nuEff*dev2(T(grad(U))))) Gauss linear; }}
laplacianSchemes {{ default Gauss linear corrected; }}
interpolationSchemes {{ default linear; }}
snGradSchemes {{ default corrected; }}
)",
                     ddt, divU);
}

const char* const kTightSolvers = R"(solvers
{
    "p|pFinal" { solver PCG; preconditioner DIC; tolerance 1e-13; relTol 0; }
    "U|UFinal" { solver PBiCGStab; preconditioner DILU; tolerance 1e-13; relTol 0; }
}
)";

/// Runs OpenFOAM once and sluice at each rank count; the agreement per rank count.
std::vector<test::Agreement> runBoth(const FoamComparison& c) {
  test::TempDir dir("openfoam-" + c.name);
  const fs::path foamCase = dir.path() / "openfoam";
  writeCase(foamCase, c);
  const test::CommandResult mesh = test::runOpenFoam("blockMesh", foamCase);
  EXPECT_EQ(mesh.exitCode, 0) << test::readTextFile(foamCase / "log.blockMesh");
  const test::CommandResult run = test::runOpenFoam(c.application, foamCase);
  EXPECT_EQ(run.exitCode, 0) << test::readTextFile(foamCase / ("log." + c.application));
  if (!fs::exists(foamCase / c.endTime / "U")) {
    ADD_FAILURE() << "OpenFOAM wrote no " << c.endTime << "/U:\n" << test::readTextFile(foamCase / ("log." + c.application));
    return {};
  }
  if (!c.mixedFlowPatch.empty()) {
    int in = 0, out = 0;
    for (double phi : test::readOpenFoamPatchScalars(foamCase / c.endTime / "phi", c.mixedFlowPatch))
      (phi < 0 ? in : out) += 1;
    std::printf("%s: %d faces of %s with inflow, %d with outflow\n", c.name.c_str(), in, c.mixedFlowPatch.c_str(),
                out);
    EXPECT_GT(in, 0) << c.name;
    EXPECT_GT(out, 0) << c.name;
  }
  std::vector<test::Agreement> out;
  for (int np : c.ranks) {
    const fs::path sluiceCase = dir.path() / fmt::format("sluice-np{}", np);
    FoamComparison forRanks = c;
    if (c.filesForRanks)
      for (const auto& [relative, body] : c.filesForRanks(np)) forRanks.files[relative] = body;
    writeCase(sluiceCase, forRanks);
    const test::CommandResult r = test::runSluice(sluiceCase, np, "--quiet --no-renumber " + c.sluiceOptions);
    if (r.exitCode != 0) {
      ADD_FAILURE() << "sluice at " << np << " ranks:\n" << r.output;
      return {};
    }
    const test::Agreement a = test::compareWithOpenFoam(foamCase, c.endTime, sluiceCase);
    std::printf("%s, %d rank(s), %zu cells: max |dU| / max |U| = %.2e, max |dp| / p scale = %.2e\n", c.name.c_str(),
                np, a.nCells, a.U, a.p);
    out.push_back(a);
  }
  return out;
}

void expectAgreement(const FoamComparison& c, double tolerance) {
  const std::vector<test::Agreement> results = runBoth(c);
  ASSERT_EQ(results.size(), c.ranks.size());
  for (std::size_t i = 0; i < results.size(); ++i) {
    EXPECT_LE(results[i].U, tolerance) << c.name << " at " << c.ranks[i] << " rank(s)";
    EXPECT_LE(results[i].p, tolerance) << c.name << " at " << c.ranks[i] << " rank(s)";
  }
}

#define SKIP_WITHOUT_OPENFOAM() \
  if (!test::openFoamInstalled()) GTEST_SKIP() << test::kNoOpenFoam

// ------------------------------------------------------------ pimpleFoam

/// The planarContraction tutorial's mesh (1800 cells, graded, a symmetryPlane
/// centreline) with laminar Stokes stress, 20 steps of backward / linearUpwind.
FoamComparison planarContraction(const std::string& name, const std::string& pimple, const std::string& relaxation) {
  FoamComparison c(name, "pimpleFoam", "incompressible/pimpleFoam/laminar/planarContraction", "0.004");
  c.files["system/controlDict"] = controlDict("pimpleFoam", 2e-4, 20);
  c.files["system/fvSchemes"] = fvSchemes("backward", "Gauss linearUpwind grad(U)");
  c.files["system/fvSolution"] = std::string(kTightSolvers) + "PIMPLE { " + pimple +
                                 " nNonOrthogonalCorrectors 0; pRefCell 0; pRefValue 0; }\n" + relaxation;
  c.files["constant/transportProperties"] = "transportModel Newtonian;\nnu 1e-5;\n";
  c.files["constant/turbulenceProperties"] = "simulationType laminar;\nlaminar { laminarModel Stokes; }\n";
  c.files["0/U"] = R"(dimensions [0 1 -1 0 0 0 0];
internalField uniform (0 0 0);
boundaryField
{
    inlet { type fixedValue; value uniform (0.03876 0 0); }
    outlet { type zeroGradient; }
    wall { type noSlip; }
    centreline { type symmetryPlane; }
    frontAndBack { type empty; }
}
)";
  c.files["0/p"] = R"(dimensions [0 2 -2 0 0 0 0];
internalField uniform 0;
boundaryField
{
    inlet { type zeroGradient; }
    outlet { type fixedValue; value uniform 0; }
    walls { type zeroGradient; }
    centreline { type symmetryPlane; }
    frontAndBack { type empty; }
}
)";
  return c;
}

TEST(OpenFoamAgreement, PimpleFoamPlanarContractionOneOuterCorrector) {
  SKIP_WITHOUT_OPENFOAM();
  expectAgreement(planarContraction("contraction-nOuter1", "momentumPredictor no; nOuterCorrectors 1; nCorrectors 2;",
                                    ""),
                  1e-5);
}

TEST(OpenFoamAgreement, PimpleFoamPlanarContractionThreeOuterCorrectors) {
  SKIP_WITHOUT_OPENFOAM();
  expectAgreement(planarContraction("contraction-nOuter3", "momentumPredictor yes; nOuterCorrectors 3; nCorrectors 2;",
                                    ""),
                  1e-5);
}

TEST(OpenFoamAgreement, PimpleFoamPlanarContractionOneOuterCorrectorRelaxed) {
  // With one outer corrector every iteration is final: only the Final factors act.
  SKIP_WITHOUT_OPENFOAM();
  expectAgreement(planarContraction("contraction-nOuter1-relaxed",
                                    "momentumPredictor yes; nOuterCorrectors 1; nCorrectors 2;",
                                    "relaxationFactors { fields { p 0.3; pFinal 0.7; } equations { U 0.7; UFinal 0.9; } "
                                    "}\n"),
                  1e-5);
}

TEST(OpenFoamAgreement, PimpleFoamPlanarContractionThreeOuterCorrectorsRelaxed) {
  // v1912 relaxes the non-final iterations only (no UFinal/pFinal factor given).
  SKIP_WITHOUT_OPENFOAM();
  expectAgreement(planarContraction("contraction-nOuter3-relaxed",
                                    "momentumPredictor yes; nOuterCorrectors 3; nCorrectors 2;",
                                    "relaxationFactors { fields { p 0.3; } equations { U 0.7; } }\n"),
                  1e-5);
}

TEST(OpenFoamAgreement, PimpleFoamPlanarContractionSimplecWithResidualControl) {
  // Beyond the issue: consistent (SIMPLEC), relaxation of the final iteration
  // by a regular expression, and v1912's residualControl ending the outer
  // loop early in some steps.
  SKIP_WITHOUT_OPENFOAM();
  expectAgreement(
      planarContraction("contraction-simplec-residualControl",
                        "momentumPredictor yes; consistent yes; nOuterCorrectors 10; nCorrectors 2; "
                        "residualControl { U { tolerance 1e-6; relTol 0; } p { tolerance 1e-4; relTol 0.05; } }",
                        "relaxationFactors { fields { p 0.5; } equations { \".*\" 0.9; } }\n"),
      1e-5);
}

TEST(OpenFoamAgreement, PimpleFoamPlanarPoiseuilleWithItsFvOptions) {
  // The planarPoiseuille tutorial's mesh (a channel one cell wide, cyclic,
  // symmetryPlane centreline) and fvOptions (vectorSemiImplicitSource), with
  // the Newtonian (Stokes) model instead of Maxwell; 100 steps.
  SKIP_WITHOUT_OPENFOAM();
  const std::string tutorial = "incompressible/pimpleFoam/laminar/planarPoiseuille";
  FoamComparison c("poiseuille-fvOptions", "pimpleFoam", tutorial, "0.5");
  c.files["system/controlDict"] = controlDict("pimpleFoam", 5e-3, 100);
  c.files["system/fvSchemes"] = test::readTextFile(test::kOpenFoamTutorials / tutorial / "system/fvSchemes");
  c.files["system/fvSolution"] = std::string(kTightSolvers) + R"(
PIMPLE { momentumPredictor off; nOuterCorrectors 15; nCorrectors 3; nNonOrthogonalCorrectors 0;
         pRefCell 0; pRefValue 0; turbOnFinalIterOnly no; }
relaxationFactors { equations { ".*" 1; } }
)";
  c.files["constant/fvOptions"] = test::readTextFile(test::kOpenFoamTutorials / tutorial / "constant/fvOptions");
  c.files["constant/transportProperties"] = "transportModel Newtonian;\nnu 0.1;\n";
  c.files["constant/turbulenceProperties"] = "simulationType laminar;\nlaminar { laminarModel Stokes; }\n";
  c.files["0/U"] = R"(dimensions [0 1 -1 0 0 0 0];
internalField uniform (0 0 0);
boundaryField
{
    wall { type fixedValue; value uniform (0 0 0); }
    left { type cyclic; }
    right { type cyclic; }
    centreline { type symmetryPlane; }
    frontAndBack { type empty; }
}
)";
  c.files["0/p"] = R"F(dimensions [0 2 -2 0 0 0 0];
internalField uniform 0;
boundaryField
{
    walls { type zeroGradient; }
    "(left|right)" { type cyclic; }
    centreline { type symmetryPlane; }
    frontAndBack { type empty; }
}
)F";
  // The tutorial's fvSchemes and fvOptions files carry their own headers.
  for (const char* f : {"system/fvSchemes", "constant/fvOptions"}) {
    std::string& body = c.files[f];
    body = body.substr(body.find('}', body.find("FoamFile")) + 1);
  }
  expectAgreement(c, 1e-5);
}

TEST(OpenFoamAgreement, PimpleFoamChannelDrivenByMeanVelocityForce) {
  // Beyond the issue: a periodic channel (cyclic) driven by meanVelocityForce
  // to a mean velocity of 0.1 from rest; split along y in whole rows of
  // cells in parallel (12 rows: 2 and 3 ranks) so that cyclic pairs stay on
  // one rank.
  SKIP_WITHOUT_OPENFOAM();
  FoamComparison c("channel-meanVelocityForce", "pimpleFoam", "", "2");
  c.files["system/blockMeshDict"] = R"(
vertices ((0 0 0) (2 0 0) (2 1 0) (0 1 0) (0 0 0.1) (2 0 0.1) (2 1 0.1) (0 1 0.1));
blocks (hex (0 1 2 3 4 5 6 7) (10 12 1) simpleGrading (1 1 1));
boundary
(
    left { type cyclic; neighbourPatch right; faces ((0 4 7 3)); }
    right { type cyclic; neighbourPatch left; faces ((1 2 6 5)); }
    walls { type wall; faces ((0 1 5 4) (3 7 6 2)); }
    frontAndBack { type empty; faces ((0 3 2 1) (4 5 6 7)); }
);
)";
  c.files["system/controlDict"] = controlDict("pimpleFoam", 0.05, 40);
  c.files["system/fvSchemes"] = fvSchemes("Euler", "Gauss linear");
  c.files["system/fvSolution"] = std::string(kTightSolvers) +
                                 "PIMPLE { momentumPredictor yes; nOuterCorrectors 1; nCorrectors 2; "
                                 "pRefCell 0; pRefValue 0; }\n";
  c.files["constant/fvOptions"] = "drive { type meanVelocityForce; selectionMode all; fields (U); Ubar (0.1 0 0); }\n";
  c.files["constant/transportProperties"] = "transportModel Newtonian;\nnu 0.01;\n";
  c.files["constant/turbulenceProperties"] = "simulationType laminar;\n";
  c.files["0/U"] = R"(dimensions [0 1 -1 0 0 0 0];
internalField uniform (0 0 0);
boundaryField { left { type cyclic; } right { type cyclic; } walls { type noSlip; } frontAndBack { type empty; } }
)";
  c.files["0/p"] = R"(dimensions [0 2 -2 0 0 0 0];
internalField uniform 0;
boundaryField { left { type cyclic; } right { type cyclic; } walls { type zeroGradient; } frontAndBack { type empty; } }
)";
  c.filesForRanks = [](int np) {
    return std::map<std::string, std::string>{
        {"system/decomposeParDict",
         fmt::format("numberOfSubdomains {0}; method simple; simpleCoeffs {{ n (1 {0} 1); }}\n", np)}};
  };
  expectAgreement(c, 1e-6);
}

// ------------------------------------------------ boundary conditions

/// A channel narrowing towards its outlet: an inclined `slip` upper wall, a
/// no-slip lower wall over the first third, then a symmetryPlane; uniform
/// inflow, fixed outlet pressure; non-orthogonal cells (corrected).
FoamComparison slipAndSymmetryChannel(const std::string& application) {
  FoamComparison c("slip-symmetryPlane-" + application, application, "", "0.2");
  c.files["system/blockMeshDict"] = R"(
vertices
(
    (0 0 0) (1 0 0) (3 0 0) (0 1 0) (1 0.93333333333333335 0) (3 0.8 0)
    (0 0 0.1) (1 0 0.1) (3 0 0.1) (0 1 0.1) (1 0.93333333333333335 0.1) (3 0.8 0.1)
);
blocks
(
    hex (0 1 4 3 6 7 10 9) (15 10 1) simpleGrading (1 1 1)
    hex (1 2 5 4 7 8 11 10) (30 10 1) simpleGrading (1 1 1)
);
boundary
(
    inlet { type patch; faces ((0 6 9 3)); }
    outlet { type patch; faces ((2 5 11 8)); }
    upperWall { type wall; faces ((3 9 10 4) (4 10 11 5)); }
    lowerWall { type wall; faces ((0 1 7 6)); }
    centreline { type symmetryPlane; faces ((1 2 8 7)); }
    frontAndBack { type empty; faces ((0 3 4 1) (1 4 5 2) (6 7 10 9) (7 8 11 10)); }
);
)";
  c.files["system/controlDict"] = controlDict(application, 0.01, 20);
  c.files["system/fvSchemes"] = fvSchemes("Euler", "Gauss linear");
  const std::string algorithm = application == "icoFoam" ? "PISO" : "PIMPLE";
  c.files["system/fvSolution"] =
      std::string(kTightSolvers) + algorithm + " { nCorrectors 2; nNonOrthogonalCorrectors 1; }\n";
  c.files["constant/transportProperties"] = "transportModel Newtonian;\nnu 0.05;\n";
  c.files["constant/turbulenceProperties"] = "simulationType laminar;\n";
  c.files["0/U"] = R"(dimensions [0 1 -1 0 0 0 0];
internalField uniform (0 0 0);
boundaryField
{
    inlet { type fixedValue; value uniform (1 0 0); }
    outlet { type zeroGradient; }
    upperWall { type slip; }
    lowerWall { type noSlip; }
    centreline { type symmetryPlane; }
    frontAndBack { type empty; }
}
)";
  c.files["0/p"] = R"(dimensions [0 2 -2 0 0 0 0];
internalField uniform 0;
boundaryField
{
    inlet { type zeroGradient; }
    outlet { type fixedValue; value uniform 0; }
    upperWall { type zeroGradient; }
    lowerWall { type zeroGradient; }
    centreline { type symmetryPlane; }
    frontAndBack { type empty; }
}
)";
  return c;
}

TEST(OpenFoamAgreement, IcoFoamSlipWallAndSymmetryPlane) {
  SKIP_WITHOUT_OPENFOAM();
  expectAgreement(slipAndSymmetryChannel("icoFoam"), 1e-6);
}

TEST(OpenFoamAgreement, PimpleFoamSlipWallAndSymmetryPlane) {
  SKIP_WITHOUT_OPENFOAM();
  expectAgreement(slipAndSymmetryChannel("pimpleFoam"), 1e-6);
}

/// A lid-driven cavity whose right side is open: the lid drags fluid out
/// through the upper part of the opening, and as much must come back in
/// through the lower part, so the open patch always has inflow and outflow.
/// `open` and `openP` are its U and p conditions; `wallP` the walls' and
/// lid's pressure condition.
FoamComparison openCavity(const std::string& name, const std::string& open, const std::string& openP,
                          const std::string& wallP, const std::string& pimple) {
  FoamComparison c(name, "pimpleFoam", "", "1");
  c.mixedFlowPatch = "open";
  c.files["system/blockMeshDict"] = R"(
vertices ((0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 0.1) (1 0 0.1) (1 1 0.1) (0 1 0.1));
blocks (hex (0 1 2 3 4 5 6 7) (16 16 1) simpleGrading (1 1 1));
boundary
(
    lid { type wall; faces ((3 7 6 2)); }
    walls { type wall; faces ((0 4 7 3) (0 1 5 4)); }
    open { type patch; faces ((1 2 6 5)); }
    frontAndBack { type empty; faces ((0 3 2 1) (4 5 6 7)); }
);
)";
  c.files["system/controlDict"] = controlDict("pimpleFoam", 0.01, 100);
  c.files["system/fvSchemes"] = fvSchemes("backward", "Gauss linearUpwind grad(U)");
  c.files["system/fvSolution"] = std::string(kTightSolvers) + "PIMPLE { " + pimple + " }\n";
  c.files["constant/transportProperties"] = "transportModel Newtonian;\nnu 0.01;\n";
  c.files["constant/turbulenceProperties"] = "simulationType laminar;\n";
  c.files["0/U"] = fmt::format(R"(dimensions [0 1 -1 0 0 0 0];
internalField uniform (0 0 0);
boundaryField
{{
    lid {{ type fixedValue; value uniform (1 0 0); }}
    walls {{ type noSlip; }}
    open {{ {} }}
    frontAndBack {{ type empty; }}
}}
)",
                               open);
  c.files["0/p"] = fmt::format(R"(dimensions [0 2 -2 0 0 0 0];
internalField uniform 0;
boundaryField
{{
    lid {{ {} }}
    walls {{ {} }}
    open {{ {} }}
    frontAndBack {{ type empty; }}
}}
)",
                               wallP, wallP, openP);
  return c;
}

TEST(OpenFoamAgreement, PimpleFoamInletOutletOutlet) {
  SKIP_WITHOUT_OPENFOAM();
  expectAgreement(openCavity("inletOutlet", "type inletOutlet; inletValue uniform (0 0 0); value uniform (0 0 0);",
                          "type fixedValue; value uniform 0;", "type zeroGradient;",
                          "momentumPredictor yes; nOuterCorrectors 2; nCorrectors 2; nNonOrthogonalCorrectors 0;"),
                  1e-6);
}

TEST(OpenFoamAgreement, PimpleFoamFixedFluxPressureWithSimplec) {
  // fixedFluxPressure on the walls and the lid (in single-phase flow its
  // gradient stays zero: the constrained flux equals the wall's); the
  // opening as OpenFOAM users build an open boundary: totalPressure with
  // pressureInletOutletVelocity; SIMPLEC.
  SKIP_WITHOUT_OPENFOAM();
  expectAgreement(openCavity("fixedFluxPressure-totalPressure",
                          "type pressureInletOutletVelocity; value uniform (0 0 0);",
                          "type totalPressure; p0 uniform 0; value uniform 0;", "type fixedFluxPressure;",
                          "momentumPredictor yes; consistent yes; nOuterCorrectors 2; nCorrectors 2; "
                          "nNonOrthogonalCorrectors 0;"),
                  1e-6);
}

}  // namespace
