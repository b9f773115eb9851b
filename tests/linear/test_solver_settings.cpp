// SolverSettings::read on fvSolution text: defaults, both preconditioner
// forms, aliases with their notes, and the exact messages for bad input.
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "sluice/core/error.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/linear/gamg/gamg_settings.hpp"
#include "sluice/linear/linear_solver.hpp"
#include "sluice/linear/solver_registry.hpp"

namespace sluice::linear {
namespace {

using ::testing::HasSubstr;

struct Parsed {
  SolverSettings settings;
  std::vector<std::string> warnings;
};

// `body` is the content of solvers/<field>.
Parsed parse(const std::string& body, const std::string& field = "p") {
  const std::string text = "solvers\n{\n    " + field + "\n    {\n" + body + "\n    }\n}\n";
  const io::Dictionary dict = io::Dictionary::parse(text, "system/fvSolution");
  Parsed out;
  const SolverRegistry registry = SolverRegistry::standard();
  out.settings = SolverSettings::read(dict.subDict("solvers").subDict(field), registry,
                                      [&](const std::string& m) { out.warnings.push_back(m); });
  return out;
}

std::string errorOf(const std::string& body) {
  try {
    parse(body);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(SolverSettings, DefaultsOfAMinimalPcgDictionary) {
  const Parsed p = parse("solver PCG; preconditioner DIC;");
  const SolverSettings& s = p.settings;
  EXPECT_EQ(s.context, "system/fvSolution: solvers/p");
  EXPECT_EQ(s.solver, "PCG");
  EXPECT_EQ(s.preconditioner, "DIC");
  EXPECT_EQ(s.tolerance, 1e-6);
  EXPECT_EQ(s.relTol, 0);
  EXPECT_EQ(s.maxIter, 1000);
  EXPECT_EQ(s.minIter, 0);
  EXPECT_EQ(s.nSweeps, 1);
  EXPECT_EQ(s.progressChunks, 1);
  EXPECT_EQ(s.precision, Precision::Double);
  EXPECT_TRUE(p.warnings.empty());
}

TEST(SolverSettings, AllKeywords) {
  const Parsed p = parse(
      "solver PPCG; preconditioner DIC; tolerance 1e-8; relTol 0.01; maxIter 50; minIter 2;"
      " precision single; progressChunks 4; overlapSolutionUpdate yes;");
  const SolverSettings& s = p.settings;
  EXPECT_EQ(s.solver, "PPCG");
  EXPECT_EQ(s.tolerance, 1e-8);
  EXPECT_EQ(s.relTol, 0.01);
  EXPECT_EQ(s.maxIter, 50);
  EXPECT_EQ(s.minIter, 2);
  EXPECT_EQ(s.precision, Precision::Single);
  EXPECT_EQ(s.progressChunks, 4);
  EXPECT_TRUE(s.overlapSolutionUpdate);
  EXPECT_FALSE(s.overlapDirectionUpdate);
  const Parsed d = parse("solver PPCG; preconditioner DIC; overlapDirectionUpdate yes;");
  EXPECT_TRUE(d.settings.overlapDirectionUpdate);
  EXPECT_TRUE(d.settings.overlapSolutionUpdate);  // implied
}

TEST(SolverSettings, PreconditionerDictionaryForm) {
  const Parsed p = parse("solver PBiCGStab; preconditioner { preconditioner DILU; } tolerance 1e-5;", "U");
  EXPECT_EQ(p.settings.solver, "PBiCGStab");
  EXPECT_EQ(p.settings.preconditioner, "DILU");
  EXPECT_EQ(p.settings.context, "system/fvSolution: solvers/U");
}

TEST(SolverSettings, SmoothSolverReadsSmootherAndSweeps) {
  const Parsed p = parse("solver smoothSolver; smoother symGaussSeidel; nSweeps 3; tolerance 1e-7; relTol 0.1;");
  EXPECT_EQ(p.settings.solver, "smoothSolver");
  EXPECT_EQ(p.settings.smoother, "symGaussSeidel");
  EXPECT_EQ(p.settings.nSweeps, 3);
  EXPECT_EQ(p.settings.preconditioner, "none");
}

TEST(SolverSettings, AliasesAreReplacedWithANote) {
  const Parsed gs = parse("solver smoothSolver; smoother nonBlockingGaussSeidel;");
  EXPECT_EQ(gs.settings.smoother, "GaussSeidel");
  ASSERT_EQ(gs.warnings.size(), 1u);
  EXPECT_EQ(gs.warnings[0],
            "system/fvSolution: solvers/p: smoother nonBlockingGaussSeidel is not available; using GaussSeidel");
  const Parsed dgs = parse("solver smoothSolver; smoother DICGaussSeidel;");  // its own smoother now
  EXPECT_EQ(dgs.settings.smoother, "DICGaussSeidel");
  EXPECT_TRUE(dgs.warnings.empty());
  const Parsed fdic = parse("solver PCG; preconditioner FDIC;");
  EXPECT_EQ(fdic.settings.preconditioner, "DIC");
  EXPECT_TRUE(fdic.warnings.empty());
}

TEST(SolverSettings, GamgControlsWithOpenFoamDefaults) {
  const Parsed p = parse(
      "solver GAMG; smoother DICGaussSeidel; tolerance 1e-6; relTol 0.05; nCellsInCoarsestLevel 20;"
      " agglomerator faceAreaPair; mergeLevels 2; cacheAgglomeration true; nPostSweeps 3;");
  EXPECT_EQ(p.settings.solver, "GAMG");
  EXPECT_EQ(p.settings.relTol, 0.05);
  ASSERT_TRUE(p.settings.gamg);
  const GamgSettings& g = *p.settings.gamg;
  EXPECT_EQ(g.smoother, "DICGaussSeidel");
  EXPECT_EQ(g.agglomeration, (AgglomerationSettings{20, 2}));
  EXPECT_EQ(g.nPreSweeps, 0);
  EXPECT_EQ(g.nPostSweeps, 3);
  EXPECT_EQ(g.maxPostSweeps, 4);
  EXPECT_EQ(g.nFinestSweeps, 2);
  EXPECT_TRUE(g.scaleCorrection);
  EXPECT_FALSE(g.interpolateCorrection);
  EXPECT_FALSE(g.directSolveCoarsest);
  EXPECT_TRUE(p.warnings.empty());

  EXPECT_EQ(g.tolerance, 1e-6);
  EXPECT_EQ(g.relTol, 0.05);

  // A preconditioner sub-dictionary has its own tolerances (for the coarsest level), 1e-6 and 0 by default.
  const Parsed pc = parse(
      "solver PCG; preconditioner { preconditioner GAMG; smoother GaussSeidel; nVcycles 1; } tolerance 1e-9;");
  EXPECT_EQ(pc.settings.preconditioner, "GAMG");
  ASSERT_TRUE(pc.settings.gamg);
  EXPECT_EQ(pc.settings.gamg->nVcycles, 1);
  EXPECT_EQ(pc.settings.gamg->tolerance, 1e-6);
  EXPECT_EQ(pc.settings.gamg->relTol, 0.0);
  EXPECT_TRUE(pc.settings.gamg->sameCycle(GamgSettings{*pc.settings.gamg}));
  GamgSettings tighter = *pc.settings.gamg;
  tighter.relTol = 0.1;  // p and pFinal: one workspace
  EXPECT_TRUE(tighter.sameCycle(*pc.settings.gamg));
  tighter.nPostSweeps = 3;
  EXPECT_FALSE(tighter.sameCycle(*pc.settings.gamg));
}

TEST(SolverSettings, GamgErrorsNameTheEntry) {
  EXPECT_EQ(errorOf("solver GAMG; smoother Jacobi;"),
            "system/fvSolution: solvers/p: unknown smoother 'Jacobi'; supported: GaussSeidel, symGaussSeidel, DIC, "
            "DILU, DICGaussSeidel, DILUGaussSeidel, nonBlockingGaussSeidel, FDIC");
  EXPECT_THAT(errorOf("solver GAMG;"), HasSubstr("system/fvSolution: solvers/p"));
  EXPECT_THAT(errorOf("solver GAMG;"), HasSubstr("smoother"));
  EXPECT_THAT(errorOf("solver GAMG; smoother GaussSeidel; agglomerator algebraicPair;"),
              HasSubstr("system/fvSolution:"));
  EXPECT_THAT(errorOf("solver GAMG; smoother GaussSeidel; agglomerator algebraicPair;"),
              HasSubstr("'agglomerator': unknown value 'algebraicPair' (expected one of: faceAreaPair)"));
  EXPECT_THAT(errorOf("solver GAMG; smoother GaussSeidel; processorAgglomerator masterCoarsest;"),
              HasSubstr("system/fvSolution: solvers/p: processorAgglomerator is not supported"));
  EXPECT_THAT(errorOf("solver GAMG; smoother GaussSeidel; nCellsInCoarsestLevel 0;"),
              HasSubstr("'nCellsInCoarsestLevel' must be at least 1"));
  EXPECT_THAT(errorOf("solver PCG; preconditioner { preconditioner GAMG; smoother foo; }"),
              HasSubstr("system/fvSolution: solvers/p/preconditioner: unknown smoother 'foo'"));
}

TEST(SolverSettings, UnknownSolver) {
  EXPECT_EQ(errorOf("solver FooCG; preconditioner DIC;"),
            "system/fvSolution: solvers/p: unknown solver 'FooCG'; supported: PCG, PPCG, PBiCGStab, smoothSolver, "
            "GAMG");
}

TEST(SolverSettings, UnknownPreconditioner) {
  EXPECT_EQ(errorOf("solver PCG; preconditioner ILU0;"),
            "system/fvSolution: solvers/p: unknown preconditioner 'ILU0'; supported: DIC, DILU, diagonal, none, "
            "GAMG, FDIC");
  EXPECT_EQ(errorOf("solver PCG; preconditioner { preconditioner ILU0; }"),
            "system/fvSolution: solvers/p/preconditioner: unknown preconditioner 'ILU0'; supported: DIC, DILU, "
            "diagonal, none, GAMG, FDIC");
}

TEST(SolverSettings, UnknownSmoother) {
  EXPECT_EQ(errorOf("solver smoothSolver; smoother Jacobi;"),
            "system/fvSolution: solvers/p: unknown smoother 'Jacobi'; supported: GaussSeidel, symGaussSeidel, DIC, "
            "DILU, DICGaussSeidel, DILUGaussSeidel, nonBlockingGaussSeidel, FDIC");
}

TEST(SolverSettings, MissingEntries) {
  EXPECT_EQ(errorOf("preconditioner DIC;"), "system/fvSolution: solvers/p: missing 'solver'");
  EXPECT_EQ(errorOf("solver PCG;"), "system/fvSolution: solvers/p: missing 'preconditioner'");
  EXPECT_EQ(errorOf("solver smoothSolver;"), "system/fvSolution: solvers/p: missing 'smoother'");
}

TEST(SolverSettings, BadNumbers) {
  EXPECT_EQ(errorOf("solver smoothSolver; smoother GaussSeidel; nSweeps 0;"),
            "system/fvSolution: solvers/p: 'nSweeps' must be at least 1 (got 0)");
  EXPECT_EQ(errorOf("solver PPCG; preconditioner DIC; progressChunks 0;"),
            "system/fvSolution: solvers/p: 'progressChunks' must be at least 1 (got 0)");
  EXPECT_EQ(errorOf("solver PCG; preconditioner DIC; maxIter -1;"),
            "system/fvSolution: solvers/p: 'maxIter' must be at least 0 (got -1)");
  EXPECT_EQ(errorOf("solver PCG; preconditioner DIC; tolerance -1e-6;"),
            "system/fvSolution: solvers/p: 'tolerance' must not be negative (got -1e-06)");
}

TEST(SolverSettings, BadPrecision) {
  EXPECT_EQ(errorOf("solver PCG; preconditioner DIC; precision half;"), 
            "system/fvSolution:5:43: 'precision': unknown value 'half' (expected one of: single, double)");
}

TEST(SolverRegistry, CreateRejectsUnknownNamesAndMakesNamedSolvers) {
  const SolverRegistry registry = SolverRegistry::standard();
  SolverSettings s;
  s.context = "system/fvSolution: solvers/T";
  s.solver = "Nope";
  parallel::Communicator comm(MPI_COMM_SELF);
  try {
    registry.create(s, {&comm, "T", {}});
    FAIL() << "expected an error";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "system/fvSolution: solvers/T: unknown solver 'Nope'; supported: PCG, PPCG, PBiCGStab, "
                 "smoothSolver, GAMG");
  }
  EXPECT_EQ(registry.resolve(SolverRegistry::Kind::Smoother, "nonBlockingGaussSeidel")->name, "GaussSeidel");
  EXPECT_FALSE(registry.resolve(SolverRegistry::Kind::Solver, "DIC"));
  EXPECT_EQ(registry.createPreconditioner("DILU", Precision::Single)->name(), "DILU");
  s.smoother = "DIC";
  EXPECT_EQ(registry.createSmoother(s)->name(), "DIC");
}

TEST(SolverRegistry, UserEntriesExtendTheRegistry) {
  SolverRegistry registry = SolverRegistry::standard();
  registry.addAlias(SolverRegistry::Kind::Solver, "ICCG", "PCG", "ICCG is PCG with DIC here");
  const io::Dictionary dict = io::Dictionary::parse("p { solver ICCG; preconditioner DIC; }", "system/fvSolution");
  std::vector<std::string> warnings;
  const SolverSettings s =
      SolverSettings::read(dict.subDict("p"), registry, [&](const std::string& m) { warnings.push_back(m); });
  EXPECT_EQ(s.solver, "PCG");
  EXPECT_EQ(warnings, std::vector<std::string>{"system/fvSolution: p: ICCG is PCG with DIC here"});
  EXPECT_EQ(registry.names(SolverRegistry::Kind::Solver).back(), "ICCG");
}

}  // namespace
}  // namespace sluice::linear
