#pragma once
// The run history of a case as curves over simulated time, from the
// function objects' files under CASE/postProcessing/<name>/<startTime>/:
//   solverInfo.dat  (OpenFOAM v1912's solverInfo/residuals): every <field>_initial column -> residual <field>
//   residuals.dat   (OpenFOAM.org's residuals): every column -> residual
//   runInfo.dat     (sluice): CoMean, CoMax, interfaceCoMax -> Courant numbers; stepSeconds -> seconds per step
// A restarted run leaves one <startTime> folder per start: they are read in
// order of start time, and each start drops what earlier files hold after it
// (the later start wins where times overlap).
//
//   RunHistory h = readRunHistory("cases/cavity");
//   if (h.files.empty()) ...;                 // nothing written yet
//   for (const TimeSeries& s : h.residuals) ...   // s.name "Ux", s.time, s.value
#include <filesystem>
#include <string>
#include <vector>

namespace sluice::plot {

struct TimeSeries {
  std::string name;
  std::vector<double> time;
  std::vector<double> value;
};

struct RunHistory {
  std::vector<TimeSeries> residuals;    ///< initial residual per field component
  std::vector<TimeSeries> courant;      ///< "Co mean", "Co max", "interface Co max" where present
  std::vector<TimeSeries> stepSeconds;  ///< wall-clock seconds per time step (one series, or none)
  std::vector<std::filesystem::path> files;  ///< the files read, in reading order

  /// Smallest and largest time of any point; {0, 0} when there is none.
  std::pair<double, double> timeRange() const;
};

/// Reads every history file under caseDir/postProcessing; InputError on a bad line.
RunHistory readRunHistory(const std::filesystem::path& caseDir);

}  // namespace sluice::plot
