#pragma once
// The expectation every bad-input test of `sluice run` shares: the run ends
// with exit code 1 and exactly one line "error: <message>" starting with the
// expected text (one line whatever the rank count, no MPI_Abort), within a
// time limit.
//
//   badinput::expectOneClearError(dir.path(), 3, "error: 0/U: boundaryField/lid: unknown ...");
#include <filesystem>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "solvers/run_case_support.hpp"

namespace sluice::badinput {

inline void expectOneClearError(const std::filesystem::path& caseDir, int np, const std::string& expected) {
  using ::testing::HasSubstr;
  using ::testing::Not;
  using ::testing::StartsWith;
  const test::CommandResult r = runcase::sluiceRun(caseDir, np, "", 60);
  EXPECT_EQ(r.exitCode, 1) << r.output;
  const auto lines = runcase::errorLines(r.output);
  ASSERT_EQ(lines.size(), 1u) << r.output;
  EXPECT_THAT(lines[0], StartsWith(expected)) << r.output;
  EXPECT_THAT(r.output, Not(HasSubstr("MPI_ABORT"))) << r.output;
}

}  // namespace sluice::badinput
