// The same cavity (32 x 32, Re = 100, 40 steps, linear solvers to 1e-10)
// run by `sluice run` at 1, 2, 3 and 4 ranks, decomposed with scotch and
// with simple, gives the serial solution: U and p matched by global cell id
// agree to 1e-6 relative to the largest value (lid speed 1 for U), and so do
// the centreline samples (cellPoint interpolation, whose point values near
// processor boundaries gather cells from several ranks).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>

#include "solvers/solver_case_support.hpp"

using namespace sluice;

namespace {

test::CavityCase smallCavityCase() {
  test::CavityCase c;
  c.n = 32;
  c.endTime = 0.4;
  c.deltaT = 0.01;  // Courant number about 0.3
  c.pTolerance = 1e-10;
  c.uSolverSettings = "solver smoothSolver; smoother symGaussSeidel; tolerance 1e-10; relTol 0;";
  c.functions = test::centrelineSets(41);
  return c;
}

struct Difference {
  double U = 0, p = 0;  ///< relative to max |U|, to the range of p
};

// Largest difference between the two runs' samples of every centreline value.
double compareSamples(const std::filesystem::path& reference, const std::filesystem::path& other) {
  double d = 0;
  for (const char* set : {"vertical_U.csv", "horizontal_U.csv"}) {
    const test::Csv a = test::readCsv(reference / "postProcessing/centrelines/0.4" / set);
    const test::Csv b = test::readCsv(other / "postProcessing/centrelines/0.4" / set);
    EXPECT_EQ(a.rows.size(), 41u) << set;
    EXPECT_EQ(b.rows.size(), a.rows.size()) << set;
    for (std::size_t i = 0; i < std::min(a.rows.size(), b.rows.size()); ++i)
      for (std::size_t k = 0; k < a.rows[i].size(); ++k) d = std::max(d, std::abs(a.rows[i][k] - b.rows[i][k]));
  }
  return d;
}

Difference compare(const test::VtkCells& reference, const test::VtkCells& other) {
  EXPECT_EQ(other.U.size(), reference.U.size());
  EXPECT_DOUBLE_EQ(other.time, reference.time);
  double maxU = 0, pMin = 1e300, pMax = -1e300, dU = 0, dp = 0;
  for (const auto& [id, u] : reference.U) {
    maxU = std::max(maxU, mag(u));
    pMin = std::min(pMin, reference.p.at(id));
    pMax = std::max(pMax, reference.p.at(id));
    const auto it = other.U.find(id);
    if (it == other.U.end()) {
      ADD_FAILURE() << "cell " << id << " missing";
      continue;
    }
    dU = std::max(dU, mag(it->second - u));
    dp = std::max(dp, std::abs(other.p.at(id) - reference.p.at(id)));
  }
  return {dU / maxU, dp / (pMax - pMin)};
}

void expectAgreementWithSerial(const std::string& method) {
  test::TempDir dir("consistency-" + method);
  const test::CavityCase c = smallCavityCase();
  const auto serialDir = dir.path() / "np1";
  test::writeCavityCase(serialDir, c);
  const test::CommandResult serial = test::runSluice(serialDir, 1, "--quiet");
  ASSERT_EQ(serial.exitCode, 0) << serial.output;
  const test::VtkCells reference = test::readLastVtkCells(serialDir);
  ASSERT_EQ(reference.U.size(), 32u * 32u);
  ASSERT_NEAR(reference.time, 0.4, 1e-9);
  ASSERT_GT(mag(reference.U.begin()->second), 0.0);

  for (int np : {2, 3, 4}) {
    SCOPED_TRACE(method + " at " + std::to_string(np) + " ranks");
    const auto caseDir = dir.path() / ("np" + std::to_string(np));
    test::writeCavityCase(caseDir, c);
    const test::CommandResult run = test::runSluice(caseDir, np, "--quiet --method " + method);
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("decomposition " + method), std::string::npos) << run.output;
    const test::VtkCells cells = test::readLastVtkCells(caseDir);
    int maxRank = 0;
    for (const auto& [id, r] : cells.rank) maxRank = std::max(maxRank, r);
    EXPECT_EQ(maxRank, np - 1);
    const Difference d = compare(reference, cells);
    const double dSamples = compareSamples(serialDir, caseDir);
    std::printf("%s np %d: max |dU| / max |U| = %.2e, max |dp| / range p = %.2e, centrelines %.2e\n",
                method.c_str(), np, d.U, d.p, dSamples);
    EXPECT_LE(d.U, 1e-6);
    EXPECT_LE(d.p, 1e-6);
    EXPECT_LE(dSamples, 1e-6);
  }
}

}  // namespace

TEST(CavityParallelConsistency, ScotchAt2To4RanksMatchesSerial) { expectAgreementWithSerial("scotch"); }

TEST(CavityParallelConsistency, SimpleAt2To4RanksMatchesSerial) { expectAgreementWithSerial("simple"); }
