// End-to-end tests of `sluice decompose CASE --np N`, at 1, 2, 3 and 4 ranks:
// the halo exchange of global ids must be exact for every method, the
// profile must show only neighbour point-to-point traffic plus the one fused
// reduction, and bad input must end every rank with one message, exit 1 and
// no hang (each run is under a time limit).
#include <filesystem>
#include <regex>
#include <sstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/case_copy.hpp"
#include "support/run_command.hpp"
#include "support/sluice_paths.hpp"
#include "support/temp_dir.hpp"

namespace fs = std::filesystem;
using sluice::test::kCases;
using sluice::test::kSluice;
using sluice::test::CommandResult;
using sluice::test::readText;
using sluice::test::runCommand;
using sluice::test::shellQuote;
using sluice::test::TempDir;
using sluice::test::writeText;
using ::testing::HasSubstr;

namespace {

CommandResult sluiceDecompose(const fs::path& caseDir, int np, const std::string& flags = "") {
  return runCommand(shellQuote(kSluice) + " decompose " + shellQuote(caseDir.string()) +
                        " --np " + std::to_string(np) + " " + flags,
                    120);
}

// A copy of an example case in a temp dir, so the profile lands there.
fs::path copyCase(const TempDir& dir, const std::string& name) {
  const fs::path target = dir.path() / name;
  sluice::test::copyCaseInputs(kCases / name, target);
  return target;
}

// Max over ranks of the calls of MPI operation `op` in the JSON profile.
long maxCalls(const std::string& json, const std::string& op) {
  const std::regex re("\"" + op + "\": \\{\"calls\": \\{\"min\": [0-9.e+-]+, \"mean\": [0-9.e+-]+, \"max\": ([0-9]+)");
  std::smatch m;
  if (!std::regex_search(json, m, re)) {
    ADD_FAILURE() << "no op " << op << " in profile";
    return -1;
  }
  return std::stol(m[1]);
}

// Lines that start with "error" (one per failure, whatever the rank count).
long countErrorLines(const std::string& output) {
  long n = 0;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("error", 0) == 0) ++n;
  return n;
}

class DecomposeAtRanks : public ::testing::TestWithParam<std::tuple<int, std::string>> {};

}  // namespace

TEST_P(DecomposeAtRanks, HaloExchangeOfGlobalIdsIsExactAndNeighbourOnly) {
  const auto [np, method] = GetParam();
  TempDir dir;
  const fs::path caseDir = copyCase(dir, "damBreak");
  const auto r = sluiceDecompose(caseDir, np, "--method " + method);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr(std::to_string(np) + " ranks, 8432 cells"));
  EXPECT_THAT(r.output, HasSubstr(" ghost values exchanged, 0 wrong"));

  const std::string profile = readText(caseDir / "sluice-decompose-profile.json");
  ASSERT_FALSE(profile.empty());
  EXPECT_FALSE(fs::exists(caseDir / "sluice-profile.json"));  // a run's profile is not overwritten
  for (const char* forbidden : {"Alltoall", "Probe", "Barrier", "Send", "Recv", "Gather", "Scatter"})
    EXPECT_EQ(maxCalls(profile, forbidden), 0) << forbidden;
  EXPECT_EQ(maxCalls(profile, "Allreduce"), 1);  // the fused check reduction
  EXPECT_EQ(maxCalls(profile, "Waitall"), np > 1 ? 2 : 0);  // one per exchange (none without neighbours)
}

INSTANTIATE_TEST_SUITE_P(Methods, DecomposeAtRanks,
                         ::testing::Combine(::testing::Values(1, 2, 3, 4),
                                            ::testing::Values("scotch", "metis", "simple", "hierarchical")),
                         [](const auto& info) {
                           return std::get<1>(info.param) + "_np" + std::to_string(std::get<0>(info.param));
                         });

TEST(DecomposeCommand, ScotchAndMetisBalanceA200By200CavityWithin5Percent) {
  TempDir dir;
  const fs::path caseDir = copyCase(dir, "cavity");
  std::string dict = readText(caseDir / "system/blockMeshDict");
  dict = std::regex_replace(dict, std::regex("\nn +129;"), "\nn 200;");
  writeText(caseDir / "system/blockMeshDict", dict);
  for (const char* method : {"scotch", "metis"}) {
    const auto r = sluiceDecompose(caseDir, 4, std::string("--method ") + method);
    ASSERT_EQ(r.exitCode, 0) << r.output;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(r.output, m, std::regex("40000 cells, [0-9]+ shared faces, load imbalance ([0-9.]+) %")))
        << r.output;
    EXPECT_LE(std::stod(m[1]), 5.0) << method;
  }
}

TEST(DecomposeCommand, MoreRanksThanCellsIsRefusedOnEveryRank) {
  TempDir dir;
  dir.write("system/blockMeshDict",
            "FoamFile { version 2.0; format ascii; class dictionary; object blockMeshDict; }\n"
            "vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1) );\n"
            "blocks ( hex (0 1 2 3 4 5 6 7) (2 1 1) simpleGrading (1 1 1) );\n"
            "boundary ( );\n");
  const auto r = sluiceDecompose(dir.path(), 3);
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_THAT(r.output, HasSubstr("error: system/blockMeshDict: cannot decompose 2 cells over 3 ranks\n"));
  EXPECT_EQ(countErrorLines(r.output), 1) << r.output;
}

TEST(DecomposeCommand, WrongNumberOfSubdomainsIsRefused) {
  TempDir dir;
  const fs::path caseDir = copyCase(dir, "cavity");
  writeText(caseDir / "system/decomposeParDict",
            "FoamFile { version 2.0; format ascii; class dictionary; object decomposeParDict; }\n"
            "numberOfSubdomains 4;\nmethod scotch;\n");
  const auto r = sluiceDecompose(caseDir, 3);
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_EQ(r.output, "error: system/decomposeParDict: numberOfSubdomains 4 does not match the 3 ranks of this run\n");
}

TEST(DecomposeCommand, MalformedDecomposeParDictNamesFileAndLine) {
  TempDir dir;
  const fs::path caseDir = copyCase(dir, "cavity");
  writeText(caseDir / "system/decomposeParDict",
            "FoamFile { version 2.0; format ascii; class dictionary; object decomposeParDict; }\n"
            "numberOfSubdomains 3;\nmethod (scotch;\n");
  const auto r = sluiceDecompose(caseDir, 3);
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_THAT(r.output, ::testing::StartsWith("error: system/decomposeParDict:3:"));
  EXPECT_EQ(countErrorLines(r.output), 1) << r.output;
}

TEST(DecomposeCommand, BadMeshFailsOnEveryRankWithOneMessage) {
  TempDir dir;
  dir.write("system/blockMeshDict",
            "FoamFile { version 2.0; format ascii; class dictionary; object blockMeshDict; }\n"
            "vertices ( (0 0 0) (1 0 0) );\n");
  const auto r = sluiceDecompose(dir.path(), 3);
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_EQ(r.output, "error: system/blockMeshDict: missing 'blocks'\n");
}

TEST(DecomposeCommand, UnknownMethodListsTheSupportedOnes) {
  TempDir dir;
  const fs::path caseDir = copyCase(dir, "cavity");
  const auto r = sluiceDecompose(caseDir, 2, "--method kahip");
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_EQ(r.output,
            "error: --method: unsupported decomposition method 'kahip'; supported methods: scotch, metis, simple, "
            "hierarchical\n");
}
