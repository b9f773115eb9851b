// Bad input to `sluice run`, serial and at 3 ranks: each mistake ends the run
// with exit code 1 and exactly one line "error: <message>" (not one per rank,
// no MPI_Abort), within a time limit. Plus a run that diverges: it stops at
// the first step with non-finite values, names the field and the step, and
// the VTK series written before stays complete and readable.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <regex>
#include <string>
#include <tuple>
#include <utility>

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "solvers/bad_input_support.hpp"
#include "solvers/run_case_support.hpp"

namespace fs = std::filesystem;
using namespace sluice;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

// Replaces the one occurrence of `from` in `text` (fails the test if absent).
void replace(std::string& text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
}

// The files of a small lid-driven cavity (8 x 8 cells, icoFoam); every test
// changes one thing.
struct CavityFiles {
  std::string blockMeshDict = R"(
vertices ((0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 0.1) (1 0 0.1) (1 1 0.1) (0 1 0.1));
blocks (hex (0 1 2 3 4 5 6 7) (8 8 1) simpleGrading (1 1 1));
boundary
(
    lid   { type wall; faces ((3 7 6 2)); }
    walls { type wall; faces ((0 4 7 3) (1 2 6 5) (0 1 5 4)); }
    frontAndBack { type empty; faces ((0 3 2 1) (4 5 6 7)); }
);
)";
  std::string controlDict = R"(
application     icoFoam;
startFrom       startTime;
startTime       0;
stopAt          endTime;
endTime         0.05;
deltaT          0.005;
writeControl    runTime;
writeInterval   0.025;
)";
  std::string fvSchemes = R"(
ddtSchemes      { default Euler; }
gradSchemes     { default Gauss linear; }
divSchemes      { default none; div(phi,U) Gauss linear; }
laplacianSchemes { default Gauss linear corrected; }
interpolationSchemes { default linear; }
snGradSchemes   { default corrected; }
)";
  std::string fvSolution = R"(
solvers
{
    p      { solver PCG; preconditioner DIC; tolerance 1e-8; relTol 0.05; }
    pFinal { solver PCG; preconditioner DIC; tolerance 1e-8; relTol 0; }
    U      { solver smoothSolver; smoother symGaussSeidel; tolerance 1e-7; relTol 0; }
}
PISO { nCorrectors 2; nNonOrthogonalCorrectors 0; pRefCell 0; pRefValue 0; }
)";
  std::string transportProperties = "nu [0 2 -1 0 0 0 0] 0.01;\n";
  std::string U = R"(
dimensions      [0 1 -1 0 0 0 0];
internalField   uniform (0 0 0);
boundaryField
{
    lid   { type            fixedValue; value uniform (1 0 0); }
    walls { type            noSlip; }
    frontAndBack { type empty; }
}
)";
  std::string p = R"foam(
dimensions      [0 2 -2 0 0 0 0];
internalField   uniform 0;
boundaryField
{
    "(lid|walls)" { type zeroGradient; }
    frontAndBack { type empty; }
}
)foam";
  bool writeP = true;
  std::map<std::string, std::string> extra;  ///< further files: relative path -> body (dictionary class)
  /// Edits of whole written files (header included): relative path -> (from, to), first occurrence.
  std::map<std::string, std::pair<std::string, std::string>> rawEdits;

  /// The same cavity for pimpleFoam (its fvSolution, schemes and transport entries).
  void makePimpleFoam() {
    replace(controlDict, "application     icoFoam;", "application     pimpleFoam;");
    replace(fvSchemes, "div(phi,U) Gauss linear;", "div(phi,U) Gauss linear; div((nuEff*dev2(T(grad(U))))) Gauss linear;");
    replace(fvSolution, "    U      {", "    \"U|UFinal\" {");
    replace(fvSolution, "PISO {", "PIMPLE { nOuterCorrectors 2;");
    transportProperties = "transportModel Newtonian;\n" + transportProperties;
  }

  void write(const test::TempDir& dir) const {
    using runcase::foamFile;
    auto put = [&](const std::string& relative, std::string text) {
      if (const auto edit = rawEdits.find(relative); edit != rawEdits.end()) {
        const auto at = text.find(edit->second.first);
        if (at != std::string::npos) text.replace(at, edit->second.first.size(), edit->second.second);
      }
      dir.write(relative, text);
    };
    put("system/blockMeshDict", foamFile("dictionary", "blockMeshDict", blockMeshDict));
    put("system/controlDict", foamFile("dictionary", "controlDict", controlDict));
    put("system/fvSchemes", foamFile("dictionary", "fvSchemes", fvSchemes));
    put("system/fvSolution", foamFile("dictionary", "fvSolution", fvSolution));
    put("constant/transportProperties", foamFile("dictionary", "transportProperties", transportProperties));
    put("0/U", foamFile("volVectorField", "U", U));
    if (writeP) put("0/p", foamFile("volScalarField", "p", p));
    for (const auto& [relative, body] : extra)
      put(relative, foamFile("dictionary", fs::path(relative).filename().string(), body));
  }
};


// "line:column" (1-based) of `token` in a file written by foamFile(..., body).
std::string positionIn(const std::string& cls, const std::string& object, const std::string& body,
                       const std::string& token) {
  const std::string text = runcase::foamFile(cls, object, body);
  const auto at = text.find(token);
  if (at == std::string::npos) return "?";
  const auto lineStart = text.rfind('\n', at);
  const long line = 1 + std::count(text.begin(), text.begin() + static_cast<long>(at), '\n');
  const long column = static_cast<long>(at - (lineStart == std::string::npos ? 0 : lineStart + 1)) + 1;
  return fmt::format("{}:{}", line, column);
}

// "line:column" of the character `shift` bytes after `token` (see positionIn).
std::string positionAfter(const std::string& cls, const std::string& object, const std::string& body,
                          const std::string& token, long shift) {
  const std::string at = positionIn(cls, object, body, token);
  const auto colon = at.find(':');
  if (colon == std::string::npos) return at;
  return at.substr(0, colon + 1) + std::to_string(std::stol(at.substr(colon + 1)) + shift);
}

struct BadInput {
  std::string name;
  /// Changes the files and returns the expected start of the error line.
  std::string (*apply)(CavityFiles&);
};

const BadInput kBadInputs[] = {
    {"UnknownScheme",
     [](CavityFiles& f) {
       replace(f.fvSchemes, "div(phi,U) Gauss linear;", "div(phi,U) Gauss linearr;");
       return "error: system/fvSchemes:" + positionIn("dictionary", "fvSchemes", f.fvSchemes, "Gauss linearr") +
              ": divSchemes/div(phi,U): unknown scheme 'Gauss linearr'; supported: Gauss linear, Gauss upwind";
     }},
    {"UnknownLinearSolver",
     [](CavityFiles& f) {
       replace(f.fvSolution, "p      { solver PCG;", "p      { solver PCGG;");
       return std::string("error: system/fvSolution: solvers/p: unknown solver 'PCGG'; supported: PCG, ");
     }},
    {"MissingLinearSolverEntry",
     [](CavityFiles& f) {
       replace(f.fvSolution, "    pFinal { solver PCG; preconditioner DIC; tolerance 1e-8; relTol 0; }\n", "");
       return std::string("error: system/fvSolution: solvers: missing 'pFinal'");
     }},
    {"UnknownBoundaryCondition",
     [](CavityFiles& f) {
       replace(f.U, "type            fixedValue;", "type            fixedValu;");
       return std::string(
           "error: 0/U: boundaryField/lid: unknown boundary condition type 'fixedValu'; supported: calculated, ");
     }},
    {"ConjugateGradientsForTheAsymmetricMomentumEquation",
     [](CavityFiles& f) {
       replace(f.fvSolution, "U      { solver smoothSolver; smoother symGaussSeidel;",
               "U      { solver PCG; preconditioner DIC;");
       return std::string(
           "error: system/fvSolution: solvers/U: solver PCG needs a symmetric matrix, but the Ux equation is "
           "asymmetric (it has a convection term); use PBiCGStab or smoothSolver");
     }},
    {"MissingFieldFile",
     [](CavityFiles& f) {
       f.writeP = false;
       return std::string("error: 0/p: cannot open file");
     }},
    {"WrongFieldDimensions",
     [](CavityFiles& f) {
       replace(f.p, "dimensions      [0 2 -2 0 0 0 0];", "dimensions      [0 1 -1 0 0 0 0];");
       return std::string("error: 0/p: dimensions [0 2 -2 0 0 0 0] expected, found [0 1 -1 0 0 0 0]");
     }},
    {"NegativeDeltaT",
     [](CavityFiles& f) {
       replace(f.controlDict, "deltaT          0.005;", "deltaT          -0.005;");
       return "error: system/controlDict:" + positionIn("dictionary", "controlDict", f.controlDict, "-0.005") +
              ": 'deltaT': must be positive, found -0.005";
     }},
    {"UnknownApplication",
     [](CavityFiles& f) {
       replace(f.controlDict, "application     icoFoam;", "application     simpleFoamm;");
       return std::string("error: system/controlDict: unknown application 'simpleFoamm'; supported: icoFoam, interFoam, pimpleFoam");
     }},
    {"UnsupportedFvOptionType",
     [](CavityFiles& f) {
       f.makePimpleFoam();
       const std::string body = "porosity\n{\n    type explicitPorositySource;\n    selectionMode all;\n}\n";
       f.extra["constant/fvOptions"] = body;
       return "error: constant/fvOptions:" + positionIn("dictionary", "fvOptions", body, "explicitPorositySource") +
              ": 'type': 'explicitPorositySource' is not supported (supported: meanVelocityForce, "
              "scalarSemiImplicitSource, vectorSemiImplicitSource)";
     }},
    {"FvOptionForAFieldNotSolved",
     [](CavityFiles& f) {
       f.makePimpleFoam();
       f.extra["constant/fvOptions"] =
           "heat { type scalarSemiImplicitSource; selectionMode all; volumeMode specific; "
           "injectionRateSuSp { T (1 0); } }\n";
       return std::string("error: constant/fvOptions: heat: field 'T' is not solved by pimpleFoam (it solves: U)");
     }},
    {"FvOptionUnknownCellZone",
     [](CavityFiles& f) {
       f.makePimpleFoam();
       f.extra["constant/fvOptions"] =
           "drive { type meanVelocityForce; selectionMode cellZone; cellZone core; fields (U); Ubar (1 0 0); }\n";
       return std::string(
           "error: constant/fvOptions: drive: no cell zone 'core' in the mesh (system/blockMeshDict; zones: none)");
     }},
    {"MovingReferenceFrameUnsupported",
     [](CavityFiles& f) {
       f.makePimpleFoam();
       f.extra["constant/MRFProperties"] = "MRF1 { cellZone all; active yes; origin (0 0 0); axis (0 0 1); }\n";
       return std::string("error: constant/MRFProperties: MRF1: moving reference frames (MRF) are not supported by "
                          "sluice's pimpleFoam");
     }},
    {"UnsupportedLaminarModel",
     [](CavityFiles& f) {
       f.makePimpleFoam();
       const std::string body = "simulationType laminar;\nlaminar\n{\n    laminarModel Maxwell;\n}\n";
       f.extra["constant/turbulenceProperties"] = body;
       return "error: constant/turbulenceProperties:" +
              positionIn("dictionary", "turbulenceProperties", body, "Maxwell") +
              ": 'laminarModel': 'Maxwell' is not supported (supported: Stokes, Newtonian)";
     }},
    {"UnsupportedSimulationType",
     [](CavityFiles& f) {
       f.makePimpleFoam();
       const std::string body = "simulationType RAS;\n";
       f.extra["constant/turbulenceProperties"] = body;
       return "error: constant/turbulenceProperties:" +
              positionIn("dictionary", "turbulenceProperties", body, "RAS") +
              ": 'simulationType': 'RAS' is not supported (supported: laminar)";
     }},
    {"UnsupportedTransportModel",
     [](CavityFiles& f) {
       f.makePimpleFoam();
       replace(f.transportProperties, "transportModel Newtonian;", "transportModel CrossPowerLaw;");
       return "error: constant/transportProperties:" +
              positionIn("dictionary", "transportProperties", f.transportProperties, "CrossPowerLaw") +
              ": 'transportModel': 'CrossPowerLaw' is not supported (supported: Newtonian)";
     }},
    {"MissingPatchEntryNoGroupCovers",
     [](CavityFiles& f) {
       replace(f.U, "    walls { type            noSlip; }\n", "");
       return std::string("error: 0/U: boundaryField: no entry for patch 'walls' or its groups (wall)");
     }},
    {"ConditionReadsAMissingField",
     [](CavityFiles& f) {
       replace(f.U, "walls { type            noSlip; }",
               "walls { type inletOutlet; inletValue uniform (0 0 0); phi phiRel; }");
       return std::string(
           "error: 0/U: boundaryField/walls: inletOutlet reads the flux 'phiRel', which is not a field of this "
           "solver (fields: U, p, phi)");
     }},
    {"FinalFieldRelaxationWithoutThePlainOne",
     [](CavityFiles& f) {
       f.makePimpleFoam();
       f.fvSolution += "relaxationFactors { fields { pFinal 0.5; } }\n";
       return std::string("error: system/fvSolution: relaxationFactors: a factor for 'pFinal' needs one for 'p' too");
     }},
    // ---- malformed input files (io): one located error, never a crash, a hang or a silent default
    {"DictionaryNestedTooDeep",
     [](CavityFiles& f) {
       // 7609 levels overflowed the parser's stack (exit 139, no message); levels from 257 on are 'b'.
       std::string deep;
       for (int i = 0; i < 7609; ++i) deep += i < 256 ? "a { " : "b { ";
       deep += "c 1; ";
       for (int i = 0; i < 7609; ++i) deep += "} ";
       f.controlDict += deep + "\n";
       return "error: system/controlDict:" + positionAfter("dictionary", "controlDict", f.controlDict, "b {", 2) +
              ": dictionaries nested more than 256 levels deep";
     }},
    {"EndTimeOutOfRange",
     [](CavityFiles& f) {
       // was read as +inf: the run never ended
       replace(f.controlDict, "endTime         0.05;", "endTime         1e400;");
       return "error: system/controlDict:" + positionIn("dictionary", "controlDict", f.controlDict, "1e400") +
              ": number '1e400' is out of range";
     }},
    {"ViscosityOutOfRange",
     [](CavityFiles& f) {
       // was +inf: the run "diverged"
       replace(f.transportProperties, "0.01;", "1e400;");
       return "error: constant/transportProperties:" +
              positionIn("dictionary", "transportProperties", f.transportProperties, "1e400") +
              ": number '1e400' is out of range";
     }},
    {"EntryWithoutKeyword",
     [](CavityFiles& f) {
       replace(f.controlDict, "writeInterval   0.025;", "writeInterval   0.025;\n1e-06;");
       return "error: system/controlDict:" + positionIn("dictionary", "controlDict", f.controlDict, "1e-06") +
              ": expected a keyword, found number '1e-06'";
     }},
    {"ValuesAfterABareMacro",
     [](CavityFiles& f) {
       replace(f.fvSolution, "pFinal { solver PCG; preconditioner DIC; tolerance 1e-8; relTol 0; }",
               "pFinal { $p; 0; 0; }");
       return "error: system/fvSolution:" + positionIn("dictionary", "fvSolution", f.fvSolution, "0; 0;") +
              ": expected a keyword, found number '0'";
     }},
    {"GarbledFoamFileHeader",
     [](CavityFiles& f) {
       f.rawEdits["system/controlDict"] = {"FoamFile", "FoamFil%"};
       return std::string("error: system/controlDict:1:1: expected FoamFile header, found 'FoamFil%'");
     }},
    {"NulByteInAFieldFile",
     [](CavityFiles& f) {
       replace(f.U, "internalField   uniform (0 0 0);", std::string("internalField   uniform (0 0\0 0);", 33));
       return "error: 0/U:" + positionIn("volVectorField", "U", f.U, std::string(1, '\0')) + ": NUL byte in file";
     }},
    {"ListSizeDisagreesWithItsContents",
     [](CavityFiles& f) {
       replace(f.blockMeshDict, "vertices ((0 0 0)", "vertices 999999999999999((0 0 0)");
       return "error: system/blockMeshDict:" +
              positionIn("dictionary", "blockMeshDict", f.blockMeshDict, "999999999999999") +
              ": 'vertices': list says 999999999999999 entries but has 8";
     }},
    {"BlockCellCountsBeyondTheLabelRange",
     [](CavityFiles& f) {
       // the product of the counts overflowed: a segfault in HexBlock
       replace(f.blockMeshDict, "(8 8 1)", "(46341 46341 1)");
       return "error: system/blockMeshDict:" + positionIn("dictionary", "blockMeshDict", f.blockMeshDict, "hex") +
              ": block 0 (46341 x 46341 x 1 cells) has 2147488281 cells, more than the 2147483647 cells a mesh "
              "may have";
     }},
    {"HugeUniformCountInAFieldFile",
     [](CavityFiles& f) {
       // N{v} was expanded when read: one 16 GB allocation before any check
       replace(f.p, "internalField   uniform 0;", "internalField   nonuniform List<scalar> 2000000000{0};");
       return std::string("error: 0/p: internalField: expected 64 values, found 2000000000");
     }},
    {"IncludeOfADevice",
     [](CavityFiles& f) {
       // a device was read as a file
       f.controlDict = "#include \"/dev/zero\"\n" + f.controlDict;
       return "error: system/controlDict:" + positionIn("dictionary", "controlDict", f.controlDict, "#include") +
              ": #include: cannot open file '/dev/zero'";
     }},
    {"HugeTokenIsCutInTheMessage",
     [](CavityFiles& f) {
       // the whole token was echoed into the error line
       replace(f.controlDict, "endTime         0.05;", "endTime         " + std::string(1u << 20, 'x') + ";");
       return "error: system/controlDict:" + positionIn("dictionary", "controlDict", f.controlDict, "xxx") +
              ": 'endTime': expected a number, found '" + std::string(60, 'x') + "...'";
     }},
    {"BothResidualControls",
     [](CavityFiles& f) {
       f.makePimpleFoam();
       replace(f.fvSolution, "PIMPLE {",
               "PIMPLE { residualControl { p { tolerance 1e-3; relTol 0; } } "
               "outerCorrectorResidualControl { p { tolerance 1e-3; relTol 0; } }");
       return std::string("error: system/fvSolution: PIMPLE: give residualControl");
     }},
};

}  // namespace

class RunBadInput : public ::testing::TestWithParam<std::tuple<int, int>> {};

TEST_P(RunBadInput, OneClearErrorLineAndExitCodeOne) {
  const auto [which, np] = GetParam();
  const BadInput& bad = kBadInputs[which];
  CavityFiles files;
  const std::string expected = bad.apply(files);
  test::TempDir dir("bad-input");
  files.write(dir);
  badinput::expectOneClearError(dir.path(), np, expected);
}

INSTANTIATE_TEST_SUITE_P(Cases, RunBadInput,
                         ::testing::Combine(::testing::Range(0, static_cast<int>(std::size(kBadInputs))),
                                            ::testing::Values(1, 3)),
                         [](const auto& info) {
                           return kBadInputs[std::get<0>(info.param)].name + "_np" +
                                  std::to_string(std::get<1>(info.param));
                         });

class RunDiverges : public ::testing::TestWithParam<int> {};

// Time step 5 (Courant number about 10 after the first step) at Re = 1000 with
// central differencing: the momentum solution blows up in the second step.
TEST_P(RunDiverges, StopsNamingFieldAndStepAndKeepsTheLastGoodOutput) {
  const int np = GetParam();
  CavityFiles files;
  replace(files.controlDict, "endTime         0.05;", "endTime         100;");
  replace(files.controlDict, "deltaT          0.005;", "deltaT          5;");
  replace(files.controlDict, "writeInterval   0.025;", "writeInterval   5;");
  replace(files.transportProperties, "0.01;", "0.001;");
  test::TempDir dir("diverges");
  files.write(dir);

  const test::CommandResult r = runcase::sluiceRun(dir.path(), np, "", 60);
  EXPECT_EQ(r.exitCode, 1) << r.output;
  const auto lines = runcase::errorLines(r.output);
  ASSERT_EQ(lines.size(), 1u) << r.output;
  const std::regex message(
      "error: (U|p) is not finite at time step ([0-9]+) \\(time ([0-9.e+-]+)\\): the run diverged; "
      "the last good output is time ([0-9.e+-]+) in VTK/");
  std::smatch m;
  ASSERT_TRUE(std::regex_match(lines[0], m, message)) << lines[0];
  const int step = std::stoi(m[2]);
  const double failedTime = std::stod(m[3]), lastGood = std::stod(m[4]);
  EXPECT_EQ(step, 2);
  EXPECT_DOUBLE_EQ(failedTime, 5.0 * step);
  EXPECT_THAT(r.output, Not(HasSubstr("MPI_ABORT")));

  // The series holds exactly the steps before the failure, and its files are intact.
  const auto times = runcase::vtkTimes(dir.path());
  ASSERT_EQ(times.size(), 2u);
  EXPECT_DOUBLE_EQ(times[0].first, 0.0);
  EXPECT_DOUBLE_EQ(times[1].first, lastGood);
  EXPECT_DOUBLE_EQ(lastGood, 5.0);
  const fs::path pvd = dir.path() / "VTK" / (dir.path().filename().string() + ".pvd");
  const test::CommandResult check = runcase::checkVtk(pvd, "--same-arrays");
  EXPECT_EQ(check.exitCode, 0) << check.output;
  // 2 times, each a .vtm of internal, lid and walls (frontAndBack is empty).
  EXPECT_THAT(check.output, HasSubstr("ok: 1 .pvd, 2 .vtm, 0 .pvtu, "));
  // The last good state is finite.
  const runcase::CellArrays last = runcase::readLastCellArrays(dir.path(), {"U", "p"});
  for (std::size_t c = 0; c < last.nCells; ++c) {
    const Vec3 u = last.vec3("U", c);
    ASSERT_TRUE(std::isfinite(u.x) && std::isfinite(u.y) && std::isfinite(last.scalar("p", c))) << "cell " << c;
  }
}

INSTANTIATE_TEST_SUITE_P(Ranks, RunDiverges, ::testing::Values(1, 3),
                         [](const auto& info) { return "np" + std::to_string(info.param); });
