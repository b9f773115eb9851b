// Relaxation factors and the PIMPLE outer loop as OpenFOAM v1912 applies
// them (the rules were checked against v1912's pimpleFoam; the agreement
// tests in test_openfoam_agreement.cpp run them against it).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "sluice/core/error.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/solvers/pimple_control.hpp"
#include "sluice/solvers/relaxation_factors.hpp"

namespace sluice::solvers {
namespace {

using ::testing::HasSubstr;

io::Dictionary fvSolution(const std::string& body) { return io::Dictionary::parse(body, "system/fvSolution"); }

TEST(RelaxationFactors, FinalIterationLooksUpOnlyTheFinalName) {
  const RelaxationFactors f =
      RelaxationFactors::read(fvSolution("relaxationFactors { fields { p 0.3; } equations { U 0.7; } }"));
  EXPECT_EQ(f.equation("U", false), 0.7);
  EXPECT_EQ(f.field("p", false), 0.3);
  EXPECT_EQ(f.equation("U", true), std::nullopt);  // no UFinal: no relaxation at all in the final iteration
  EXPECT_EQ(f.field("p", true), std::nullopt);
  EXPECT_EQ(f.equation("k", false), std::nullopt);
  EXPECT_TRUE(f.storesPreviousIteration("p"));
  EXPECT_FALSE(f.storesPreviousIteration("U"));
}

TEST(RelaxationFactors, PatternsAndDefaults) {
  const RelaxationFactors regex =
      RelaxationFactors::read(fvSolution("relaxationFactors { equations { \"U.*\" 0.7; } fields { \".*\" 0.5; } }"));
  EXPECT_EQ(regex.equation("U", true), 0.7);  // UFinal matches "U.*"
  EXPECT_EQ(regex.field("p", true), 0.5);
  const RelaxationFactors withDefault = RelaxationFactors::read(
      fvSolution("relaxationFactors { equations { default 0.8; U 0.6; } }"));
  EXPECT_EQ(withDefault.equation("U", false), 0.6);
  EXPECT_EQ(withDefault.equation("U", true), 0.8);  // default covers the final iteration too
  const RelaxationFactors zeroDefault =
      RelaxationFactors::read(fvSolution("relaxationFactors { equations { default 0; U 0.6; } }"));
  EXPECT_EQ(zeroDefault.equation("U", false), 0.6);
  try {
    zeroDefault.equation("U", true);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("no relaxation factor for 'UFinal' and 'default' is 0"));
  }
}

TEST(RelaxationFactors, OlderFlatForm) {
  // Every entry an equation factor; those starting with p or rho also field factors.
  const RelaxationFactors f = RelaxationFactors::read(fvSolution("relaxationFactors { p 0.3; U 0.7; }"));
  EXPECT_EQ(f.equation("U", false), 0.7);
  EXPECT_EQ(f.equation("p", false), 0.3);
  EXPECT_EQ(f.field("p", false), 0.3);
  EXPECT_EQ(f.field("U", false), std::nullopt);
  EXPECT_EQ(RelaxationFactors::read(fvSolution("")).equation("U", false), std::nullopt);
}

/// Residual histories of a step: the initial residual of every solve so far.
struct Residuals {
  std::map<std::string, std::vector<double>> solves;
  PimpleControl::ResidualHistory history() {
    return [this](const std::string& field) { return solves[field]; };
  }
};

/// The iterations `control` runs in one step, the residuals given by `perIteration(k)` appended after iteration k.
std::vector<int> runStep(PimpleControl& control, const std::map<std::string, std::vector<double>>& perIteration,
                         std::vector<std::string>* log = nullptr, std::vector<bool>* finals = nullptr) {
  Residuals r;
  std::vector<int> iterations;
  control.beginStep();
  while (control.loop(r.history(), [log](const std::string& line) { if (log) log->push_back(line); })) {
    iterations.push_back(control.iteration());
    if (finals) finals->push_back(control.finalIteration());
    for (const auto& [field, values] : perIteration)
      r.solves[field].push_back(values.at(static_cast<std::size_t>(control.iteration() - 1)));
  }
  return iterations;
}

TEST(PimpleControl, DefaultsAndSolverNames) {
  PimpleControl piso = PimpleControl::read(fvSolution("PISO { nCorrectors 2; }"), Algorithm::Piso);
  EXPECT_EQ(piso.settings().nOuterCorrectors, 1);
  EXPECT_TRUE(piso.settings().momentumPredictor);
  std::vector<bool> finals;
  EXPECT_EQ(runStep(piso, {}, nullptr, &finals), (std::vector<int>{1}));
  EXPECT_EQ(finals, (std::vector<bool>{false}));  // PISO: the U solver, never UFinal
  EXPECT_EQ(piso.momentumSolver(), "U");
  EXPECT_EQ(piso.pressureSolver(0, 0), "p");
  EXPECT_EQ(piso.pressureSolver(1, 0), "pFinal");

  PimpleControl pimple = PimpleControl::read(
      fvSolution("PIMPLE { nOuterCorrectors 3; nCorrectors 1; nNonOrthogonalCorrectors 1; consistent yes; }"),
      Algorithm::Pimple);
  EXPECT_TRUE(pimple.settings().consistent);
  finals.clear();
  EXPECT_EQ(runStep(pimple, {}, nullptr, &finals), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(finals, (std::vector<bool>{false, false, true}));
  // pFinal for the last corrector's last non-orthogonal solve, in every outer iteration.
  EXPECT_EQ(pimple.pressureSolver(0, 0), "p");
  EXPECT_EQ(pimple.pressureSolver(0, 1), "pFinal");
  PimpleControl single = PimpleControl::read(fvSolution("PIMPLE { }"), Algorithm::Pimple);
  finals.clear();
  runStep(single, {}, nullptr, &finals);
  EXPECT_EQ(finals, (std::vector<bool>{true}));  // one outer iteration: it is final
}

TEST(PimpleControl, V1912ResidualControlEndsTheLoopAfterOneMoreFinalIteration) {
  PimpleControl control = PimpleControl::read(
      fvSolution("PIMPLE { nOuterCorrectors 10; residualControl { U { tolerance 1e-3; relTol 0; } } }"),
      Algorithm::Pimple);
  control.setControlledFields({"U", "p"});
  std::vector<std::string> log;
  std::vector<bool> finals;
  // U's residual falls below 1e-3 in iteration 3: checked before iteration 4, which is the final one.
  const auto iterations = runStep(control, {{"U", {1, 0.1, 1e-4, 1e-5, 1e-6, 1e-6, 1e-6, 1e-6, 1e-6, 1e-6}}}, &log,
                                  &finals);
  EXPECT_EQ(iterations, (std::vector<int>{1, 2, 3, 4}));
  EXPECT_EQ(finals, (std::vector<bool>{false, false, false, true}));
  EXPECT_THAT(log.back(), "PIMPLE: converged in 4 iterations");
  // relTol: relative to the step's first solve, from iteration 3 on.
  PimpleControl relative = PimpleControl::read(
      fvSolution("PIMPLE { nOuterCorrectors 10; residualControl { \"(U|p)\" { tolerance 0; relTol 0.05; } } }"),
      Algorithm::Pimple);
  relative.setControlledFields({"U", "p"});
  EXPECT_EQ(runStep(relative, {{"U", {1, 0.01, 0.01, 0, 0, 0, 0, 0, 0, 0}}, {"p", {1, 1, 0.01, 0, 0, 0, 0, 0, 0, 0}}}),
            (std::vector<int>{1, 2, 3, 4}));
  // Never checked before the last iteration: with 2 outer correctors it cannot trigger.
  PimpleControl two = PimpleControl::read(
      fvSolution("PIMPLE { nOuterCorrectors 2; residualControl { U { tolerance 1; relTol 0; } } }"), Algorithm::Pimple);
  two.setControlledFields({"U"});
  log.clear();
  EXPECT_EQ(runStep(two, {{"U", {1e-9, 1e-9}}}, &log), (std::vector<int>{1, 2}));
  EXPECT_EQ(log.back(), "PIMPLE: not converged within 2 iterations");
}

TEST(PimpleControl, OrgOuterCorrectorResidualControlReadsTheFirstSolveOfThePreviousIteration) {
  PimpleControl control = PimpleControl::read(
      fvSolution("PIMPLE { nOuterCorrectors 6; outerCorrectorResidualControl { p { tolerance 1e-3; relTol 0; } } }"),
      Algorithm::Pimple);
  control.setControlledFields({"p"});
  // Two p solves per iteration; only the first of each iteration counts.
  Residuals r;
  std::vector<int> iterations;
  control.beginStep();
  const std::vector<std::pair<double, double>> p = {{1, 1e-6}, {1e-2, 1e-6}, {1e-4, 1}, {1, 1}, {1, 1}, {1, 1}};
  while (control.loop(r.history(), {})) {
    iterations.push_back(control.iteration());
    const auto [first, second] = p[static_cast<std::size_t>(control.iteration() - 1)];
    r.solves["p"].push_back(first);
    r.solves["p"].push_back(second);
  }
  EXPECT_EQ(iterations, (std::vector<int>{1, 2, 3, 4}));  // 1e-4 in iteration 3: iteration 4 is the last
}

TEST(PimpleControl, InputErrors) {
  EXPECT_THROW(PimpleControl::read(fvSolution("PIMPLE { nCorrectors 0; }"), Algorithm::Pimple), InputError);
  EXPECT_THROW(PimpleControl::read(fvSolution("PIMPLE { residualControl { p 1e-3; } }"), Algorithm::Pimple), InputError);
  EXPECT_THROW(PimpleControl::read(fvSolution("PIMPLE { residualControl { p { tolerance 1e-3; } } }"), Algorithm::Pimple),
               InputError);
  EXPECT_THROW(PimpleControl::read(fvSolution("relaxationFactors { fields { pFinal 0.5; } } PIMPLE { }"),
                                   Algorithm::Pimple),
               InputError);
  EXPECT_THROW(PimpleControl::read(fvSolution("PISO { }"), Algorithm::Pimple), InputError);  // no PIMPLE dictionary
}

}  // namespace
}  // namespace sluice::solvers
