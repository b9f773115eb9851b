// The Martin & Moyce (1952) dam break (cases/damBreakColumn: a water column
// a = 0.05715 m wide and 2a high, 140 x 52 square cells of a/20): the surge
// front on the floor, Z = x/a against T = t sqrt(2g/a) for T <= 3, compared
// with the published measurements (tests/data/reference/
// martin_moyce1952_surge_front.csv). With OpenFOAM v1912 installed the same
// case is run by interFoam too, and sluice's mean and largest relative
// deviation from the measurements may exceed OpenFOAM's by at most one
// percentage point. The front of an output is where alpha drops through 0.5
// along the first cell row (linear between cell centres).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "solvers/openfoam_case_support.hpp"
#include "solvers/run_case_support.hpp"
#include "support/case_copy.hpp"

namespace fs = std::filesystem;
using namespace sluice;

namespace {

constexpr double kA = 0.05715, kG = 9.81;
constexpr int kColumnNx = 140, kColumnNy = 52;
const double kTimeScale = std::sqrt(2 * kG / kA);  // T = t sqrt(2g/a)

struct Point {
  double T, Z;
};

std::vector<Point> reference() {
  std::ifstream in(fs::path(SLUICE_REFERENCE_DIR) / "martin_moyce1952_surge_front.csv");
  std::vector<Point> points;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#' || line[0] == 'T') continue;
    Point p{};
    char comma = 0;
    std::istringstream(line) >> p.T >> comma >> p.Z;
    points.push_back(p);
  }
  return points;
}

/// Z of the front from alpha in blockMesh order (x fastest).
double frontZ(const std::vector<double>& alpha) {
  const double dx = 7 * kA / kColumnNx;
  double front = 0;
  for (int i = 0; i + 1 < kColumnNx; ++i)
    if (alpha[i] >= 0.5 && alpha[i + 1] < 0.5)
      front = std::max(front, (i + 0.5) * dx + (alpha[i] - 0.5) / (alpha[i] - alpha[i + 1]) * dx);
  return front / kA;
}

struct FrontDeviation {
  double mean = 0, max = 0;
};

/// Relative deviation of the front history (T ascending, starting at T = 0)
/// from the measurements with T <= 3, linear in time between outputs.
FrontDeviation frontDeviation(const std::vector<Point>& history) {
  FrontDeviation d;
  int n = 0;
  for (const Point& ref : reference()) {
    if (ref.T > 3) continue;
    const auto after = std::find_if(history.begin(), history.end(), [&](const Point& p) { return p.T >= ref.T; });
    if (after == history.end() || after == history.begin()) throw std::runtime_error("history does not cover T");
    const Point& b = *after;
    const Point& a = *(after - 1);
    const double Z = a.Z + (b.Z - a.Z) * (ref.T - a.T) / (b.T - a.T);
    const double rel = std::abs(Z - ref.Z) / ref.Z;
    d.mean += rel;
    d.max = std::max(d.max, rel);
    ++n;
  }
  d.mean /= n;
  return d;
}

void editFile(const fs::path& file, const std::regex& pattern, const std::string& replacement) {
  const std::string text = test::readText(file);
  test::writeText(file, std::regex_replace(text, pattern, replacement));
}

TEST(DamBreakColumn, SurgeFrontFollowsMartinAndMoyce) {
  test::TempDir dir("dam-break-column");
  const fs::path ours = dir.path() / "sluice";
  test::copyCaseInputs(fs::path(SLUICE_SOURCE_DIR) / "cases/damBreakColumn", ours);
  editFile(ours / "system/controlDict", std::regex(R"(\nendTime\s+[^;]+;)"), "\nendTime         0.165;");
  editFile(ours / "system/controlDict", std::regex(R"(\nwriteInterval\s+[^;]+;)"), "\nwriteInterval   0.005;");
  const test::CommandResult set =
      test::runCommand(test::shellQuote(SLUICE_BINARY) + " setfields " + test::shellQuote(ours.string()), 60);
  ASSERT_EQ(set.exitCode, 0) << set.output;
  const bool withFoam = test::openFoamInstalled() && fs::exists("/usr/bin/interFoam");
  const fs::path foam = dir.path() / "foam";
  if (withFoam) fs::copy(ours, foam, fs::copy_options::recursive);

  const test::CommandResult r = runcase::sluiceRun(ours, 2, "--no-renumber", 600);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  std::vector<Point> history;
  for (const auto& [t, vtm] : runcase::vtkTimes(ours)) {
    const std::vector<double> ids = runcase::dumpArray(vtm, "cellId");
    const std::vector<double> raw = runcase::dumpArray(vtm, "alpha.water");
    std::vector<double> alpha(ids.size());
    for (std::size_t k = 0; k < ids.size(); ++k) alpha[static_cast<std::size_t>(ids[k])] = raw[k];
    history.push_back({t * kTimeScale, frontZ(alpha)});
  }
  ASSERT_GE(history.size(), 30u);
  EXPECT_NEAR(history.front().Z, 1.0, 1e-9);  // the column's foot at T = 0
  const FrontDeviation ourDev = frontDeviation(history);
  std::cout << fmt::format("sluice: mean relative deviation {:.4f}, largest {:.4f} (Martin & Moyce, T <= 3)\n",
                           ourDev.mean, ourDev.max);
  // The measured front runs ahead of a 2D laminar simulation at early
  // times (the gate's removal, 3D effects); what sluice must match is the
  // shape: within 15 % on average and 25 % at worst.
  EXPECT_LE(ourDev.mean, 0.15);
  EXPECT_LE(ourDev.max, 0.25);

  if (!withFoam) GTEST_SKIP() << "compared with the measurements only: " << test::kNoOpenFoam;
  ASSERT_EQ(test::runOpenFoam("blockMesh", foam).exitCode, 0);
  ASSERT_EQ(test::runOpenFoam("interFoam", foam).exitCode, 0) << test::readText(foam / "log.interFoam");
  std::vector<Point> foamHistory{{0, 1.0}};
  std::vector<std::pair<double, fs::path>> times;
  for (const auto& entry : fs::directory_iterator(foam)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_directory() && std::regex_match(name, std::regex(R"([0-9.eE+-]+)")) && name != "0")
      times.emplace_back(std::stod(name), entry.path());
  }
  std::sort(times.begin(), times.end());
  for (const auto& [t, path] : times)
    foamHistory.push_back(
        {t * kTimeScale, frontZ(test::readOpenFoamScalarField(path / "alpha.water", kColumnNx * kColumnNy))});
  const FrontDeviation foamDev = frontDeviation(foamHistory);
  std::cout << fmt::format("OpenFOAM interFoam: mean relative deviation {:.4f}, largest {:.4f}\n", foamDev.mean,
                           foamDev.max);
  EXPECT_LE(ourDev.mean, foamDev.mean + 0.01);
  EXPECT_LE(ourDev.max, foamDev.max + 0.01);
}

}  // namespace
