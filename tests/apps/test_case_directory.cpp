// A case directory that does not exist, or is a file, is named in one error
// line by every command that takes a case (it used to be "error:
// system/controlDict: cannot open file", without the directory).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "case_directory.hpp"
#include "support/run_command.hpp"
#include "support/temp_dir.hpp"

using namespace sluice;

namespace {

const char* const kCommands[] = {"mesh", "run", "decompose", "setfields", "plot"};

test::CommandResult runSluice(const std::string& args) {
  return test::runCommand(test::shellQuote(SLUICE_BINARY) + " " + args, 60);
}

}  // namespace

TEST(CaseDirectory, ProblemNamesTheDirectory) {
  test::TempDir dir("case-dir");
  dir.write("file", "x");
  EXPECT_FALSE(apps::caseDirectoryProblem(dir.path().string()).has_value());
  EXPECT_EQ(apps::caseDirectoryProblem((dir.path() / "nope").string()), (dir.path() / "nope").string() + ": no such case directory");
  EXPECT_EQ(apps::caseDirectoryProblem((dir.path() / "file").string()), (dir.path() / "file").string() + ": not a directory");
}

TEST(CaseDirectory, MissingCaseIsNamedByEveryCommand) {
  test::TempDir dir("case-dir");
  const std::string missing = (dir.path() / "no-such-case").string();
  for (const char* command : kCommands) {
    for (const std::string& how : {test::shellQuote(missing), "--case " + test::shellQuote(missing)}) {
      if (std::string(command) == "setfields" && how.starts_with("--case")) continue;  // no -case option
      const test::CommandResult r = runSluice(std::string(command) + " " + how);
      EXPECT_EQ(r.exitCode, 1) << command << " " << how << "\n" << r.output;
      EXPECT_EQ(r.output, "error: " + missing + ": no such case directory\n") << command << " " << how;
    }
  }
}

TEST(CaseDirectory, AFileIsNotACaseDirectory) {
  test::TempDir dir("case-dir");
  const std::string file = dir.write("controlDict", "application icoFoam;\n").string();
  for (const char* command : kCommands) {
    const test::CommandResult r = runSluice(std::string(command) + " " + test::shellQuote(file));
    EXPECT_EQ(r.exitCode, 1) << command << "\n" << r.output;
    EXPECT_EQ(r.output, "error: " + file + ": not a directory\n") << command;
  }
}

class CaseDirectoryRanks : public ::testing::TestWithParam<int> {};

TEST_P(CaseDirectoryRanks, RunNamesTheMissingCaseOnce) {
  test::TempDir dir("case-dir");
  const std::string missing = (dir.path() / "no-such-case").string();
  const int np = GetParam();
  const test::CommandResult r =
      runSluice("run " + test::shellQuote(missing) + (np > 1 ? " --np " + std::to_string(np) : std::string()));
  EXPECT_EQ(r.exitCode, 1) << r.output;
  EXPECT_EQ(r.output, "error: " + missing + ": no such case directory\n");
}

INSTANTIATE_TEST_SUITE_P(Ranks, CaseDirectoryRanks, ::testing::Values(1, 3),
                         [](const auto& info) { return "np" + std::to_string(info.param); });
