#include "sluice/plot/history_table.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "sluice/core/error.hpp"

namespace sluice::plot {

namespace {

std::vector<std::string_view> splitCells(std::string_view line) {
  std::vector<std::string_view> cells;
  std::size_t pos = 0;
  while (true) {
    pos = line.find_first_not_of(" \t\r", pos);
    if (pos == std::string_view::npos) break;
    const std::size_t end = std::min(line.find_first_of(" \t\r", pos), line.size());
    cells.push_back(line.substr(pos, end - pos));
    pos = end;
  }
  return cells;
}

std::optional<double> parseNumber(std::string_view cell) {
  if (cell == "N/A") return std::numeric_limits<double>::quiet_NaN();
  if (!cell.empty() && cell[0] == '+') cell.remove_prefix(1);
  double v = 0;
  const auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), v);
  if (ec != std::errc() || end != cell.data() + cell.size()) return std::nullopt;
  return v;
}

}  // namespace

HistoryTable readHistoryTable(const std::filesystem::path& file,
                              const std::function<bool(std::string_view)>& wanted) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw InputError(fmt::format("{}: cannot read file", file.string()));
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();

  HistoryTable table;
  std::vector<std::size_t> kept;  // cell index of each kept column
  std::size_t nCells = 0;         // cells per data line; 0 until the header
  int headerLine = 0;
  int lineNo = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t newline = text.find('\n', pos);
    const bool terminated = newline != std::string::npos;
    const std::string_view line = std::string_view(text).substr(pos, (terminated ? newline : text.size()) - pos);
    pos = terminated ? newline + 1 : text.size();
    ++lineNo;
    const auto fail = [&](const std::string& message) {
      throw InputError(fmt::format("{}:{}: {}", file.string(), lineNo, message));
    };

    std::vector<std::string_view> cells = splitCells(line);
    if (cells.empty()) continue;
    if (cells[0].starts_with('#')) {
      // A header names the columns: "# Time ..." (or "#Time ...").
      cells[0].remove_prefix(1);
      if (cells[0].empty()) cells.erase(cells.begin());
      if (cells.empty() || cells[0] != "Time") continue;
      if (!table.time.empty()) fail("a second '# Time' header after data lines");
      headerLine = lineNo;
      nCells = cells.size();
      table.columns.clear();
      kept.clear();
      for (std::size_t c = 1; c < cells.size(); ++c)
        if (wanted(cells[c])) {
          table.columns.emplace_back(cells[c]);
          kept.push_back(c);
        }
      table.values.assign(table.columns.size(), {});
      continue;
    }

    // A data line. One without its newline is still being written by a
    // running solver: even when it reads, its last number may be cut short.
    if (!terminated) break;
    if (nCells == 0) fail("a data line before the '# Time ...' header that names the columns");
    if (cells.size() != nCells)
      fail(fmt::format("{} cells, but the header on line {} names {} columns", cells.size(), headerLine, nCells));
    const std::optional<double> t = parseNumber(cells[0]);
    if (!t || !std::isfinite(*t)) fail(fmt::format("time '{}' is not a number", cells[0]));
    table.time.push_back(*t);
    for (std::size_t k = 0; k < kept.size(); ++k) {
      const std::optional<double> v = parseNumber(cells[kept[k]]);
      if (!v) fail(fmt::format("'{}' in column {} is not a number", cells[kept[k]], table.columns[k]));
      table.values[k].push_back(*v);
    }
  }
  return table;
}

}  // namespace sluice::plot
