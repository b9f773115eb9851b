#pragma once
// `sluice plot [CASE] [--output FILE] [--live [--interval S]]`: the run
// history of a case (initial residuals, Courant numbers, seconds per step
// from CASE/postProcessing/*/<time>/{solverInfo,residuals,runInfo}.dat) as a
// PNG, CASE/postProcessing/plot.png by default. With --live it redraws every
// S seconds while a run goes on, until interrupted (Ctrl-C, SIGTERM); a file
// not there yet or a bad line is reported once and tried again. Serial, no MPI.
#include <string>

namespace sluice::apps {

struct PlotCommandOptions {
  std::string caseDir = ".";
  std::string output;  ///< empty: CASE/postProcessing/plot.png
  bool live = false;
  double interval = 5.0;  ///< seconds between redraws with `live`
};

int runPlotCommand(const PlotCommandOptions& options);

}  // namespace sluice::apps
