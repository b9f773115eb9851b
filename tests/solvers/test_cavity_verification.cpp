// Lid-driven cavity at Re = 100 through `sluice run` (icoFoam, PISO):
//  - 129 x 129 cells at 2 ranks run to steady state: u on the vertical and v
//    on the horizontal centreline (a `sets` function object) within 0.01 of
//    Ghia, Ghia & Shin (1982), Tables I and II;
//  - the example case cases/cavity runs at 2 ranks with progress, VTK that
//    scripts/check_vtk.py accepts and its centreline samples.
//
// Cost of the 129 x 129 run: the time step is 0.08 (Courant number about 10
// at the lid; implicit Euler + PISO stays stable) and p is solved to 1e-6.
// The steady state does not depend on the step: runs with 0.02, 0.04 and
// 0.08 agree to 5e-5 on the centrelines at t = 12. At t = 12 the centreline
// velocities are within 5e-4 of a run to t = 20 (whose change per unit time
// was 5e-6 there). Their distance from Ghia's values at t = 12 is 0.0043 (u,
// at y = 0.85) and 0.0087 (v, at x = 0.86 near its minimum, where Ghia's
// value is less negative than those of finer reference solutions); about
// 0.0049 and 0.0091 at steady state (t = 20).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "solvers/solver_case_support.hpp"
#include "support/case_copy.hpp"

using namespace sluice;
namespace fs = std::filesystem;

namespace {

struct GhiaProfile {
  std::vector<double> coord, value;
};

// profile: u_vertical_centreline or v_horizontal_centreline, Re 100.
GhiaProfile readGhia(const std::string& profile) {
  const fs::path file = fs::path(SLUICE_REFERENCE_DIR) / "ghia1982_cavity_re100.csv";
  if (!fs::exists(file)) throw std::runtime_error("reference file missing: " + file.string());
  GhiaProfile g;
  for (const std::string& line : test::splitLines(test::readTextFile(file))) {
    if (line.empty() || line[0] == '#' || line.rfind("Re,", 0) == 0) continue;
    const auto items = test::splitComma(line);
    if (items.size() != 4) throw std::runtime_error("bad line in " + file.string() + ": " + line);
    if (items[0] != "100" || items[1] != profile) continue;
    g.coord.push_back(std::stod(items[2]));
    g.value.push_back(std::stod(items[3]));
  }
  return g;
}

struct Deviation {
  double max = 0;
  double at = 0;
};

// Largest |sampled - Ghia| over Ghia's points, the sample interpolated linearly.
Deviation deviation(const test::Csv& samples, const std::string& axis, const std::string& component,
                    const GhiaProfile& ghia) {
  const auto xs = samples.column(axis);
  const auto ys = samples.column(component);
  Deviation d;
  for (std::size_t i = 0; i < ghia.coord.size(); ++i) {
    const double e = std::abs(test::linearInterpolate(xs, ys, ghia.coord[i]) - ghia.value[i]);
    if (e > d.max) d = {e, ghia.coord[i]};
  }
  return d;
}

double maxChange(const test::Csv& a, const test::Csv& b, const std::string& component) {
  const auto ya = a.column(component), yb = b.column(component);
  double m = 0;
  for (std::size_t i = 0; i < std::min(ya.size(), yb.size()); ++i) m = std::max(m, std::abs(ya[i] - yb[i]));
  return m;
}

}  // namespace

TEST(CavityVerification, Re100CentrelinesMatchGhia1982On129x129) {
  const GhiaProfile ghiaU = readGhia("u_vertical_centreline");
  const GhiaProfile ghiaV = readGhia("v_horizontal_centreline");
  ASSERT_EQ(ghiaU.coord.size(), 17u);
  ASSERT_EQ(ghiaV.coord.size(), 17u);

  test::TempDir dir("ghia");
  test::CavityCase c;
  c.n = 129;
  c.endTime = 12;
  c.deltaT = 0.08;
  c.writeInterval = 1.2;  // samples at t = 10.8 and t = 12 for the steadiness check
  c.pTolerance = 1e-6;
  c.pRelTol = 0.05;
  c.uSolverSettings = "solver smoothSolver; smoother symGaussSeidel; tolerance 1e-6; relTol 0;";
  // 129 points: spacing 1/128, Ghia's grid (his coordinates are k/128 rounded to 4 digits).
  c.functions = test::centrelineSets(129);
  test::writeCavityCase(dir.path(), c);

  const test::CommandResult run = test::runSluice(dir.path(), 2, "--quiet", 280);
  ASSERT_EQ(run.exitCode, 0) << run.output;

  const fs::path samples = dir.path() / "postProcessing/centrelines";
  ASSERT_TRUE(fs::exists(samples / "12/vertical_U.csv")) << run.output;
  const test::Csv vertical = test::readCsv(samples / "12/vertical_U.csv");
  const test::Csv horizontal = test::readCsv(samples / "12/horizontal_U.csv");
  ASSERT_EQ(vertical.rows.size(), 129u);
  ASSERT_EQ(horizontal.rows.size(), 129u);
  EXPECT_NEAR(vertical.rows.back()[1], 1.0, 1e-12) << "u on the lid";

  const Deviation du = deviation(vertical, "y", "U_0", ghiaU);
  const Deviation dv = deviation(horizontal, "x", "U_1", ghiaV);
  std::printf("max |u - Ghia| = %.5f at y = %.4f, max |v - Ghia| = %.5f at x = %.4f\n", du.max, du.at, dv.max, dv.at);
  EXPECT_LE(du.max, 0.01) << "at y = " << du.at;
  EXPECT_LE(dv.max, 0.01) << "at x = " << dv.at;

  // Steady: the profiles moved by less than 1e-3 over the last 15 steps
  // (1.2 time units; measured 5e-4).
  const fs::path earlier = samples / "10.8";
  ASSERT_TRUE(fs::exists(earlier)) << run.output;
  const double change = std::max(maxChange(vertical, test::readCsv(earlier / "vertical_U.csv"), "U_0"),
                                 maxChange(horizontal, test::readCsv(earlier / "horizontal_U.csv"), "U_1"));
  std::printf("centreline change from t = 10.8 to 12: %.2e\n", change);
  EXPECT_LT(change, 1e-3);
}

// Acceptance: `sluice run cases/cavity --np 2` on a copy of the example case,
// shortened to four steps (the case itself runs to steady state).
TEST(CavityVerification, ExampleCaseRunsAtTwoRanksWithVtkAndCentrelines) {
  const fs::path source = fs::path(SLUICE_SOURCE_DIR) / "cases/cavity";
  test::TempDir dir("example");
  const fs::path caseDir = dir.path() / "cavity";
  test::copyCaseInputs(source, caseDir);
  {
    std::string controlDict = test::readTextFile(caseDir / "system/controlDict");
    const std::regex endTime(R"(\nendTime\s+[^;]+;)"), writeInterval(R"(\nwriteInterval\s+[^;]+;)"),
        deltaT(R"(\ndeltaT\s+([^;]+);)");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(controlDict, m, deltaT)) << controlDict;
    const double dt = std::stod(m[1]);
    ASSERT_TRUE(std::regex_search(controlDict, endTime));
    ASSERT_TRUE(std::regex_search(controlDict, writeInterval));
    controlDict = std::regex_replace(controlDict, endTime, "\nendTime " + fmt::format("{}", 4 * dt) + ";");
    controlDict = std::regex_replace(controlDict, writeInterval, "\nwriteInterval " + fmt::format("{}", 2 * dt) + ";");
    test::writeText(caseDir / "system/controlDict", controlDict);
  }

  const test::CommandResult run = test::runSluice(caseDir, 2, "", 200);
  ASSERT_EQ(run.exitCode, 0) << run.output;
  EXPECT_NE(run.output.find("icoFoam on 2 rank(s)"), std::string::npos) << run.output;
  // A redirected log is OpenFOAM's text: per-step ExecutionTime lines, no progress line.
  EXPECT_NE(run.output.find("ExecutionTime = "), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("100.0 %"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Solving for p"), std::string::npos) << run.output;

  // VTK: initial state and the two write times, accepted by the checker.
  const test::CommandResult check = test::checkVtk("--times " + test::shellQuote((caseDir / "VTK/cavity.pvd").string()));
  EXPECT_EQ(check.exitCode, 0) << check.output;
  const auto lines = test::splitLines(check.output);
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("time ", 0) == 0; }), 3)
      << check.output;
  const test::VtkCells cells = test::readLastVtkCells(caseDir);
  EXPECT_EQ(cells.U.size(), 129u * 129u);
  std::set<int> ranks;
  for (const auto& [id, r] : cells.rank) ranks.insert(r);
  EXPECT_EQ(ranks, (std::set<int>{0, 1}));

  // Centreline samples at both write times.
  int sampledTimes = 0;
  for (const auto& entry : fs::directory_iterator(caseDir / "postProcessing/centrelines")) {
    ++sampledTimes;
    const test::Csv vertical = test::readCsv(entry.path() / "vertical_U.csv");
    const test::Csv horizontal = test::readCsv(entry.path() / "horizontal_U.csv");
    EXPECT_EQ(vertical.columns, (std::vector<std::string>{"y", "U_0", "U_1", "U_2"}));
    EXPECT_EQ(horizontal.columns, (std::vector<std::string>{"x", "U_0", "U_1", "U_2"}));
    ASSERT_EQ(vertical.rows.size(), 129u);
    ASSERT_EQ(horizontal.rows.size(), 129u);
    EXPECT_NEAR(vertical.rows.back()[1], 1.0, 1e-12) << "u on the lid";
    EXPECT_NEAR(vertical.rows.front()[1], 0.0, 1e-12) << "u on the bottom wall";
    EXPECT_LT(vertical.rows[64][1], 0.0) << "flow driven by the lid returns below";
  }
  EXPECT_EQ(sampledTimes, 2);
}
