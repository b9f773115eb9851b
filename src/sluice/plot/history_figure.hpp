#pragma once
// The picture `sluice plot` draws: three panels stacked over one time axis,
// (1) initial residuals per field component (log scale), (2) Courant numbers,
// (3) wall-clock seconds per time step, each with its legend on the right. A
// panel without data says which file would give it.
//
//   Image image = drawHistoryFigure(readRunHistory(caseDir), {.title = "cavity"});
#include <cstddef>
#include <string>

#include "sluice/plot/image.hpp"
#include "sluice/plot/run_history.hpp"

namespace sluice::plot {

struct HistoryFigureOptions {
  std::string title;  ///< top left, e.g. the case's name
  int width = 1000;
  int height = 900;
};

Image drawHistoryFigure(const RunHistory& history, const HistoryFigureOptions& options);

/// The colour of a panel's i-th curve.
Rgb curveColour(std::size_t i);

}  // namespace sluice::plot
