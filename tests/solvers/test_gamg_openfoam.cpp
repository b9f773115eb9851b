// GAMG against OpenFOAM v1912's GAMG on the same pressure equations: the
// icoFoam cavity tutorial with the tutorials' GAMG settings for p, and
// icoFoam on the pitzDaily mesh (the simpleFoam tutorial's blockMeshDict and
// its p solver entry). At one rank with the files' cell order both codes
// form the same agglomeration and V-cycles, so every p solve takes the same
// number of V-cycles (the issue asks for within 20 %; measured: equal) with
// the same residuals. Renumbered (sluice's default) and at 2 and 3 ranks
// the solves converge and the V-cycles stay within 30 % of the serial ones:
// the pairing follows the case files' cell order, not sluice's numbering. Skipped when OpenFOAM v1912
// (Debian's openfoam and openfoam-examples packages) is not installed.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "solvers/openfoam_case_support.hpp"

using namespace sluice;
namespace fs = std::filesystem;

namespace {

struct PSolve {
  double initial, final;
  int iterations;
};

std::vector<PSolve> pSolves(const std::string& log) {
  std::vector<PSolve> out;
  const std::regex line("GAMG:  Solving for p, Initial residual = ([0-9.e+-]+), Final residual = ([0-9.e+-]+), "
                        "No Iterations ([0-9]+)");
  for (auto it = std::sregex_iterator(log.begin(), log.end(), line); it != std::sregex_iterator(); ++it)
    out.push_back({std::stod((*it)[1]), std::stod((*it)[2]), std::stoi((*it)[3])});
  return out;
}

void replaceAll(std::string& text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

const std::string kCavityGamg = "solver          GAMG;\n        smoother        GaussSeidel;";

// The cavity tutorial, p by GAMG, 10 steps.
void makeCavity(const fs::path& dir) {
  fs::copy(test::kOpenFoamTutorials / "incompressible/icoFoam/cavity/cavity", dir, fs::copy_options::recursive);
  std::string solution = test::readTextFile(dir / "system/fvSolution");
  replaceAll(solution, "solver          PCG;\n        preconditioner  DIC;", kCavityGamg);
  test::writeText(dir / "system/fvSolution", solution);
  std::string control = test::readTextFile(dir / "system/controlDict");
  replaceAll(control, "endTime         0.5;", "endTime         0.05;");
  test::writeText(dir / "system/controlDict", control);
}

// icoFoam on the pitzDaily mesh: the simpleFoam tutorial's mesh, U and p,
// the cavity's schemes and PISO controls, pitzDaily's GAMG entry for p
// (tolerance 1e-6, relTol 0.1); 5 steps of 1e-5 s.
void makePitzDaily(const fs::path& dir) {
  const fs::path tutorial = test::kOpenFoamTutorials / "incompressible/simpleFoam/pitzDaily";
  const fs::path cavity = test::kOpenFoamTutorials / "incompressible/icoFoam/cavity/cavity";
  fs::create_directories(dir / "0");
  fs::create_directories(dir / "constant");
  fs::create_directories(dir / "system");
  fs::copy(tutorial / "0/U", dir / "0/U");
  fs::copy(tutorial / "0/p", dir / "0/p");
  fs::copy(tutorial / "system/blockMeshDict", dir / "system/blockMeshDict");
  fs::copy(cavity / "system/fvSchemes", dir / "system/fvSchemes");
  fs::copy(cavity / "constant/transportProperties", dir / "constant/transportProperties");
  std::string transport = test::readTextFile(dir / "constant/transportProperties");
  replaceAll(transport, "0.01", "1e-05");
  test::writeText(dir / "constant/transportProperties", transport);
  std::string solution = test::readTextFile(cavity / "system/fvSolution");
  replaceAll(solution, "solver          PCG;\n        preconditioner  DIC;", kCavityGamg);
  replaceAll(solution, "relTol          0.05;", "relTol          0.1;");
  test::writeText(dir / "system/fvSolution", solution);
  std::string control = test::readTextFile(cavity / "system/controlDict");
  replaceAll(control, "deltaT          0.005;", "deltaT          1e-05;");
  replaceAll(control, "endTime         0.5;", "endTime         5e-05;");
  test::writeText(dir / "system/controlDict", control);
}

void compareWithOpenFoam(const std::string& name, void (*make)(const fs::path&)) {
  test::TempDir dir("gamg-" + name);
  const fs::path foam = dir.path() / "openfoam";
  make(foam);
  ASSERT_EQ(test::runOpenFoam("blockMesh", foam).exitCode, 0) << test::readTextFile(foam / "log.blockMesh");
  ASSERT_EQ(test::runOpenFoam("icoFoam", foam).exitCode, 0) << test::readTextFile(foam / "log.icoFoam");
  const std::vector<PSolve> reference = pSolves(test::readTextFile(foam / "log.icoFoam"));
  ASSERT_GE(reference.size(), 10u);

  const fs::path serial = dir.path() / "sluice";
  make(serial);
  const test::CommandResult run = test::runSluice(serial, 1, "--no-renumber");
  ASSERT_EQ(run.exitCode, 0) << run.output;
  const std::vector<PSolve> mine = pSolves(run.output);
  ASSERT_EQ(mine.size(), reference.size()) << run.output;
  int sumMine = 0, sumReference = 0;
  for (std::size_t i = 0; i < mine.size(); ++i) {
    SCOPED_TRACE("p solve " + std::to_string(i + 1));
    EXPECT_LE(std::abs(mine[i].iterations - reference[i].iterations), 0.2 * reference[i].iterations);
    EXPECT_NEAR(mine[i].initial, reference[i].initial, 1e-4 * reference[i].initial + 1e-12);
    sumMine += mine[i].iterations;
    sumReference += reference[i].iterations;
  }
  std::printf("[ figures  ] %s: %zu p solves, V-cycles sluice %d, OpenFOAM %d\n", name.c_str(), mine.size(), sumMine,
              sumReference);

  for (int np : {1, 2, 3}) {  // renumbered (the default) and decomposed
    SCOPED_TRACE(std::to_string(np) + " ranks");
    const fs::path parallel = dir.path() / ("sluice-np" + std::to_string(np));
    make(parallel);
    const test::CommandResult r = test::runSluice(parallel, np);
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const std::vector<PSolve> solves = pSolves(r.output);
    ASSERT_EQ(solves.size(), reference.size()) << r.output;
    int sum = 0;
    for (std::size_t i = 0; i < solves.size(); ++i) {
      // Converged: below the tolerance (1e-6) or, for p (odd solves), the relative tolerance.
      const double relTol = i % 2 == 0 ? (name == "cavity" ? 0.05 : 0.1) : 0.0;
      EXPECT_TRUE(solves[i].final < 1e-6 || solves[i].final < relTol * solves[i].initial) << "solve " << i + 1;
      sum += solves[i].iterations;
    }
    EXPECT_LE(sum, 1.3 * sumMine);
    std::printf("[ figures  ] %s at %d rank(s), renumbered: V-cycles %d\n", name.c_str(), np, sum);
  }
}

}  // namespace

TEST(GamgOpenFoam, CavityPressureSolvesTakeOpenFoamsVCycles) {
  if (!test::openFoamInstalled()) GTEST_SKIP() << test::kNoOpenFoam;
  compareWithOpenFoam("cavity", makeCavity);
}

TEST(GamgOpenFoam, PitzDailyMeshPressureSolvesTakeOpenFoamsVCycles) {
  if (!test::openFoamInstalled()) GTEST_SKIP() << test::kNoOpenFoam;
  compareWithOpenFoam("pitzDaily", makePitzDaily);
}
