// Reading one history file by its header's column names: OpenFOAM v1912's
// solverInfo.dat, OpenFOAM.org's residuals.dat with N/A, columns in any
// order, a half-written last line, and bad lines named by file and line.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "plot/plot_test_files.hpp"
#include "sluice/core/error.hpp"
#include "sluice/plot/history_table.hpp"
#include "support/temp_dir.hpp"

namespace sluice::plot {
namespace {

using ::testing::HasSubstr;

bool initial(std::string_view c) { return c.ends_with("_initial"); }
bool all(std::string_view) { return true; }

// The message of the InputError readHistoryTable throws; "" if none.
std::string errorOf(const std::filesystem::path& file) {
  try {
    readHistoryTable(file, all);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(HistoryTable, OpenFoamV1912SolverInfo) {
  sluice::test::TempDir dir("plot-table");
  const auto file = dir.write("solverInfo.dat", test::kV1912SolverInfo);
  const HistoryTable t = readHistoryTable(file, initial);
  EXPECT_EQ(t.columns, (std::vector<std::string>{"Ux_initial", "Uy_initial", "p_initial"}));
  EXPECT_EQ(t.time, (std::vector<double>{0.005, 0.01}));
  ASSERT_EQ(t.values.size(), 3u);
  EXPECT_EQ(t.values[0], (std::vector<double>{1.0, 0.160686}));
  EXPECT_EQ(t.values[1], (std::vector<double>{0.0, 0.260828}));
  EXPECT_EQ(t.values[2], (std::vector<double>{1.0, 0.428925}));
}

TEST(HistoryTable, ColumnsAreFoundByNameNotPosition) {
  sluice::test::TempDir dir("plot-table");
  const std::vector<std::string> columns = {"stepSeconds", "CoMax", "deltaT", "CoMean"};
  const auto file =
      dir.write("runInfo.dat", test::runInfoText(columns, {{0.1, 0.25, 0.9, 0.1, 0.3}, {0.2, 0.5, 1.1, 0.1, 0.4}}));
  const HistoryTable t = readHistoryTable(file, [](std::string_view c) { return c == "CoMean" || c == "CoMax"; });
  EXPECT_EQ(t.columns, (std::vector<std::string>{"CoMax", "CoMean"}));
  EXPECT_EQ(t.values[0], (std::vector<double>{0.9, 1.1}));
  EXPECT_EQ(t.values[1], (std::vector<double>{0.3, 0.4}));
}

TEST(HistoryTable, OpenFoamOrgResidualsWithNotAvailable) {
  sluice::test::TempDir dir("plot-table");
  const auto file = dir.write("residuals.dat",
                              "# Residuals\n"
                              "# Time          p               Ux              Uy              \n"
                              "1               1.000000e+00    1.000000e+00    N/A             \n"
                              "2               2.5e-01         3e-2            4.0e-02         \n");
  const HistoryTable t = readHistoryTable(file, all);
  EXPECT_EQ(t.columns, (std::vector<std::string>{"p", "Ux", "Uy"}));
  EXPECT_EQ(t.time, (std::vector<double>{1, 2}));
  EXPECT_TRUE(std::isnan(t.values[2][0]));
  EXPECT_EQ(t.values[2][1], 0.04);
}

TEST(HistoryTable, HalfWrittenLastLineIsLeftOut) {
  sluice::test::TempDir dir("plot-table");
  std::string text = test::runInfoText({"CoMean", "CoMax"}, {{0.1, 0.2, 0.5}});
  const auto cut = dir.write("a.dat", text + "0.2\t2.0000");  // no newline, cells missing
  EXPECT_EQ(readHistoryTable(cut, all).time, (std::vector<double>{0.1}));
  const auto cutNumber = dir.write("b.dat", text + "0.2\t2.0e-01\t5.0e");  // no newline, number cut
  EXPECT_EQ(readHistoryTable(cutNumber, all).time, (std::vector<double>{0.1}));
  const auto looksWhole = dir.write("c.dat", text + "0.2\t0.2\t0.6");  // reads, but 0.6 may become 0.65
  EXPECT_EQ(readHistoryTable(looksWhole, all).time, (std::vector<double>{0.1}));
  const auto bad = dir.write("f.dat", text + "0.2\t0.2\tx");  // bad, but not finished: no error yet
  EXPECT_EQ(readHistoryTable(bad, all).time, (std::vector<double>{0.1}));
  EXPECT_TRUE(readHistoryTable(dir.write("d.dat", "# Run information\n"), all).time.empty());
  EXPECT_TRUE(readHistoryTable(dir.write("e.dat", ""), all).time.empty());
}

TEST(HistoryTable, BadLinesAreNamedByFileAndLine) {
  sluice::test::TempDir dir("plot-table");
  const std::string head = "# Run information\n# Time\tCoMean\tCoMax\n0.1\t0.2\t0.5\n";
  const auto missing = dir.write("missing.dat", head + "0.2\t0.3\n0.3\t0.1\t0.1\n");
  EXPECT_THAT(errorOf(missing), HasSubstr("missing.dat:4: 2 cells, but the header on line 2 names 3 columns"));
  const auto word = dir.write("word.dat", head + "0.2\t0.3\tlarge\n");
  EXPECT_THAT(errorOf(word), HasSubstr("word.dat:4: 'large' in column CoMax is not a number"));
  const auto time = dir.write("time.dat", head + "\n0.2x\t0.3\t0.4\n");
  EXPECT_THAT(errorOf(time), HasSubstr("time.dat:5: time '0.2x' is not a number"));
  const auto noHeader = dir.write("noheader.dat", "# Run information\n0.1\t0.2\t0.5\n");
  EXPECT_THAT(errorOf(noHeader), HasSubstr("noheader.dat:2: a data line before the '# Time ...' header"));
  const auto twoHeaders = dir.write("two.dat", head + "# Time\tCoMean\n");
  EXPECT_THAT(errorOf(twoHeaders), HasSubstr("two.dat:4: a second '# Time' header"));
  // Unwanted columns are not checked: solver names and flags are text.
  EXPECT_EQ(readHistoryTable(word, [](std::string_view c) { return c == "CoMean"; }).time.size(), 2u);
  EXPECT_THAT(errorOf(dir.path() / "none.dat"), HasSubstr("none.dat: cannot read file"));
}

}  // namespace
}  // namespace sluice::plot
