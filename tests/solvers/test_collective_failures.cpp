// One rank failing in each collective region of `sluice run` (mesh
// distribution, FvMesh construction, solver construction, the first time
// step, the first write) ends every rank with one message naming that rank,
// at 2 and 3 ranks, and no rank is left waiting in a collective: the failure
// is injected with SLUICE_INJECT_FAILURE=<stage>:<rank>
// (parallel/fault_injection.hpp). And `sluice run` refuses a broken mesh
// as `sluice mesh` does, at 1 and 3 ranks.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <tuple>

#include "sluice/mesh/case_mesh.hpp"
#include "sluice/mesh/polymesh_io.hpp"
#include "solvers/bad_input_support.hpp"
#include "solvers/run_case_support.hpp"
#include "solvers/solver_case_support.hpp"

using namespace sluice;
using ::testing::HasSubstr;
using ::testing::Not;
namespace fs = std::filesystem;

namespace {

const char* const kStages[] = {"distribute", "fvmesh", "solver", "step", "write"};

class CollectiveFailure : public ::testing::TestWithParam<std::tuple<int, int>> {};

TEST_P(CollectiveFailure, OneRankFailingEndsEveryRankWithOneMessage) {
  const std::string stage = kStages[std::get<0>(GetParam())];
  const int np = std::get<1>(GetParam());
  const int failing = np - 1;
  test::TempDir dir("collective-failure");
  test::writeCavityCase(dir.path(), {.n = 16, .endTime = 0.02, .deltaT = 0.005, .writeInterval = 0.01});
  // A hang would run into the time limit (exit 124); the runs here end in about 3 s.
  const test::CommandResult r = test::runCommand(
      "env SLUICE_INJECT_FAILURE=" + stage + ":" + std::to_string(failing) + " " + test::shellQuote(SLUICE_BINARY) +
          " run " + test::shellQuote(dir.path().string()) + " --quiet --np " + std::to_string(np),
      60);
  ASSERT_NE(r.exitCode, 124) << "a rank was left waiting\n" << r.output;
  EXPECT_EQ(r.exitCode, 1) << r.output;
  const auto lines = runcase::errorLines(r.output);
  ASSERT_EQ(lines.size(), 1u) << r.output;
  EXPECT_EQ(lines[0], "error (rank " + std::to_string(failing) + "): injected failure in stage '" + stage +
                          "' (SLUICE_INJECT_FAILURE)");
}

INSTANTIATE_TEST_SUITE_P(Stages, CollectiveFailure,
                         ::testing::Combine(::testing::Range(0, static_cast<int>(std::size(kStages))),
                                            ::testing::Values(2, 3)),
                         [](const auto& info) {
                           return std::string(kStages[std::get<0>(info.param)]) + "_np" +
                                  std::to_string(std::get<1>(info.param));
                         });

// ---------------------------------------------------------------- the mesh check in `sluice run`

/// A 6 x 6 cavity whose mesh is in constant/polyMesh, changed by `edit`.
template <class Edit>
fs::path cavityWithPolyMesh(const test::TempDir& dir, Edit edit) {
  test::writeCavityCase(dir.path(), {.n = 6, .endTime = 0.01, .deltaT = 0.005});
  const mesh::LoadedMesh loaded = mesh::loadCaseMesh(dir.path(), {.renumber = false});
  mesh::writePolyMesh(loaded.mesh, dir.path() / "constant/polyMesh");
  edit(dir.path() / "constant/polyMesh");
  return dir.path();
}

/// Replaces the first occurrence of `from` after `after` in `file`.
void replaceIn(const fs::path& file, const std::string& after, const std::string& from, const std::string& to) {
  std::string text = test::readTextFile(file);
  const auto start = text.find(after);
  ASSERT_NE(start, std::string::npos) << file;
  const auto at = text.find(from, start + after.size());
  ASSERT_NE(at, std::string::npos) << file;
  text.replace(at, from.size(), to);
  test::writeText(file, text);
}

class RunMeshCheck : public ::testing::TestWithParam<int> {};

TEST_P(RunMeshCheck, AFaceWithOwnerAndNeighbourSwappedIsRefused) {
  test::TempDir dir("run-mesh-swapped");
  const fs::path c = cavityWithPolyMesh(dir, [](const fs::path& poly) {
    // Face 0 joins cells 0 and 1: owner 1 and neighbour 0 turn it inside out.
    replaceIn(poly / "owner", "(\n", "0\n", "1\n");
    replaceIn(poly / "neighbour", "(\n", "1\n", "0\n");
  });
  badinput::expectOneClearError(c, GetParam(), "error: constant/polyMesh: mesh check failed: ");
}

TEST_P(RunMeshCheck, AnOwnerBeyondTheCellsIsRefused) {
  test::TempDir dir("run-mesh-owner");
  const fs::path c = cavityWithPolyMesh(dir, [](const fs::path& poly) {
    // The last boundary face's owner points past the 36 cells: a 37th cell with one face.
    std::string owner = test::readTextFile(poly / "owner");
    const auto close = owner.rfind("\n)");
    const auto lineStart = owner.rfind('\n', close - 1);
    owner.replace(lineStart + 1, close - lineStart - 1, "36");
    test::writeText(poly / "owner", owner);
  });
  badinput::expectOneClearError(c, GetParam(), "error: constant/polyMesh: ");
}

TEST_P(RunMeshCheck, APointAtInfinityIsRefused) {
  test::TempDir dir("run-mesh-point");
  const fs::path c = cavityWithPolyMesh(dir, [](const fs::path& poly) {
    replaceIn(poly / "points", "(\n", "(0 0 0)", "(1e300 1e300 0)");
  });
  // Finite but absurd: volumes overflow, so the mesh check refuses it (NaN or
  // inf written in the file are refused by the reader itself).
  badinput::expectOneClearError(c, GetParam(), "error: constant/polyMesh: ");
}

INSTANTIATE_TEST_SUITE_P(Ranks, RunMeshCheck, ::testing::Values(1, 3),
                         [](const auto& info) { return "np" + std::to_string(info.param); });

}  // namespace
