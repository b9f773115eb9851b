#pragma once
// sluice's per-step run history, for `sluice plot` and anyone watching a run:
//
//   CASE/postProcessing/runInfo/<startTime>/runInfo.dat
//   # Run information
//   # Time        \tdeltaT        \tCoMean        \tCoMax         \tstepSeconds   \tExecutionTime \tClockTime
//   0.005         \t0.005\t0\t0\t0.000412\t0.0412\t0.0873
//
// One row per time step, the columns named by the first row's figures
// (interFoam adds interfaceCoMax), header cells padded as solverInfo's,
// values with 6 significant digits. Rank 0 only; each row is flushed, so a
// live plot sees it at once. A write failure is a warning and ends this
// file's rows (a diagnostic must not stop a run, nor be agreed on by a
// collective every step).
//
//   RunInfoFile info(caseDir, "0", warn);        // rank 0
//   info.append(time, {{"deltaT", dt}, {"CoMean", co.mean}, ...});
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sluice/core/types.hpp"

namespace sluice::output {

class RunInfoFile {
 public:
  using Figures = std::vector<std::pair<std::string, double>>;

  /// The file is created at the first append.
  RunInfoFile(const std::filesystem::path& caseDir, const std::string& startTimeName,
              std::function<void(const std::string&)> warn);

  void append(Scalar time, const Figures& figures);

  std::filesystem::path file() const { return file_; }

 private:
  struct Closer {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  void fail(const std::string& what);

  std::filesystem::path file_;
  std::function<void(const std::string&)> warn_;
  std::unique_ptr<std::FILE, Closer> out_;
  std::vector<std::string> columns_;
  bool failed_ = false;
};

}  // namespace sluice::output
