#pragma once
// One history file of a function object, read by its header's column names:
// OpenFOAM v1912's solverInfo.dat, OpenFOAM.org's residuals.dat and sluice's
// runInfo.dat all start with comment lines, the last of which names the
// columns ("# Time <tab> Ux_initial <tab> ..."), followed by one line per time
// step of whitespace-separated cells. Only the columns asked for are kept,
// as numbers; "N/A" (OpenFOAM.org, a field not solved that step) reads as
// NaN. A last line without its newline is left out (the solver is still
// writing it); any bad line is an InputError "<file>:<line>: ...".
//
//   HistoryTable t = readHistoryTable(dir / "solverInfo.dat",
//                                     [](std::string_view c) { return c.ends_with("_initial"); });
//   t.columns[0] == "Ux_initial"; t.values[0][i] is its value at t.time[i]
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace sluice::plot {

struct HistoryTable {
  std::vector<std::string> columns;         ///< the columns kept, in the file's order
  std::vector<double> time;                 ///< the Time column
  std::vector<std::vector<double>> values;  ///< values[c][row], for columns[c]
};

/// Reads `file`, keeping the columns for which `wanted(name)` is true (the
/// Time column is always read). A file without data lines gives no rows.
HistoryTable readHistoryTable(const std::filesystem::path& file, const std::function<bool(std::string_view)>& wanted);

}  // namespace sluice::plot
