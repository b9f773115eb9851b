// `--np N` takes a positive whole number of ranks; anything else is one
// clear error line and exit code 1 (CLI11's own check printed "Value 0 not
// in range 0.000000 to 1797693..." and exit code 105).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "rank_count.hpp"
#include "support/run_command.hpp"
#include "support/temp_dir.hpp"

using namespace sluice;
using ::testing::HasSubstr;
using ::testing::Not;

TEST(RankCount, PositiveWholeNumbersOnly) {
  EXPECT_EQ(apps::parseRankCount("1"), 1);
  EXPECT_EQ(apps::parseRankCount("16"), 16);
  EXPECT_EQ(apps::parseRankCount("007"), 7);
  for (const char* bad : {"0", "-1", "abc", "", "2.5", "+2", " 2", "2 ", "1e1", "99999999999"})
    EXPECT_FALSE(apps::parseRankCount(bad).has_value()) << bad;
  EXPECT_EQ(apps::rankCountError("0"), "--np: expected a positive whole number of ranks, found '0'");
}

class BadRankCount : public ::testing::TestWithParam<std::string> {};

TEST_P(BadRankCount, OneErrorLineAndExitCodeOneForEveryCommandTakingNp) {
  test::TempDir dir("bad-np");
  for (const char* command : {"run", "decompose"}) {
    const test::CommandResult r =
        test::runCommand(test::shellQuote(SLUICE_BINARY) + " " + command + " " +
                             test::shellQuote(dir.path().string()) + " --np " + test::shellQuote(GetParam()),
                         60);
    EXPECT_EQ(r.exitCode, 1) << command << "\n" << r.output;
    EXPECT_EQ(r.output, "error: --np: expected a positive whole number of ranks, found '" + GetParam() + "'\n")
        << command;
    EXPECT_THAT(r.output, Not(HasSubstr("not in range")));
  }
}

INSTANTIATE_TEST_SUITE_P(Values, BadRankCount, ::testing::Values("0", "-1", "abc", "2.5"), [](const auto& info) {
  std::string name;
  for (char c : info.param) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return name;
});
