#pragma once
// Test helpers for end-to-end runs of `sluice run`: OpenFOAM-format case
// files written by the tests themselves, the run under a time limit, and the
// cell values of the last VTK output read back through scripts/check_vtk.py
// (which also checks the files).
//
//   test::TempDir dir("tgv");
//   dir.write("system/controlDict", runcase::foamFile("dictionary", "controlDict", body));
//   test::CommandResult r = runcase::sluiceRun(dir.path(), 1, "--no-renumber");
//   runcase::CellArrays out = runcase::readLastCellArrays(dir.path(), {"U", "p"});
//   Vec3 u = out.vec3("U", cellIdInTheCaseFiles);
//   long n = runcase::countErrorLines(r.output);      // 1 for a clean failure at any rank count
#include <cstdlib>
#include <filesystem>
#include <map>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "sluice/core/vec3.hpp"
#include "support/run_command.hpp"
#include "support/temp_dir.hpp"

namespace sluice::runcase {

namespace fs = std::filesystem;

/// A FoamFile header (version 2.0, ascii) followed by `body`.
inline std::string foamFile(const std::string& cls, const std::string& object, const std::string& body) {
  return "FoamFile\n{\n    version 2.0;\n    format ascii;\n    class " + cls + ";\n    object " + object +
         ";\n}\n\n" + body;
}

/// `sluice run CASE --quiet [--np N] extra` under a time limit.
inline test::CommandResult sluiceRun(const fs::path& caseDir, int np, const std::string& extra = "",
                                     int timeoutSeconds = 120) {
  std::string command = test::shellQuote(SLUICE_BINARY) + " run " + test::shellQuote(caseDir.string()) + " --quiet";
  if (np > 1) command += " --np " + std::to_string(np);
  if (!extra.empty()) command += " " + extra;
  return test::runCommand(command, timeoutSeconds);
}

/// `sluice run CASE --quiet [--np N]` started in the background and sent
/// `signal` ("INT", "TERM") after `afterSeconds`, as a user or a batch
/// system stops it; the output ends with "exit=<sluice's exit code>".
inline test::CommandResult sluiceRunSignalled(const fs::path& caseDir, int np, const std::string& signal,
                                              int afterSeconds) {
  const std::string ranks = np > 1 ? " --np " + std::to_string(np) : "";
  return test::runCommand("sh -c '" + std::string(SLUICE_BINARY) + " run \"$0\" --quiet" + ranks +
                              " & pid=$!; sleep " + std::to_string(afterSeconds) + "; kill -" + signal +
                              " $pid; wait $pid; echo exit=$?' " + test::shellQuote(caseDir.string()),
                          60);
}

/// Lines that start with "error" (one per failure, whatever the rank count).
inline long countErrorLines(const std::string& output) {
  long n = 0;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("error", 0) == 0) ++n;
  return n;
}

/// The lines that start with "error".
inline std::vector<std::string> errorLines(const std::string& output) {
  std::vector<std::string> lines;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("error", 0) == 0) lines.push_back(line);
  return lines;
}

/// The (time, .vtm file) entries of CASE/VTK/<case name>.pvd in order.
inline std::vector<std::pair<double, fs::path>> vtkTimes(const fs::path& caseDir) {
  const fs::path vtkDir = caseDir / "VTK";
  const std::string pvd = test::readText(vtkDir / (caseDir.filename().string() + ".pvd"));
  const std::regex entry("timestep=\"([^\"]+)\" file=\"([^\"]+)\"");
  std::vector<std::pair<double, fs::path>> times;
  for (auto it = std::sregex_iterator(pvd.begin(), pvd.end(), entry); it != std::sregex_iterator(); ++it)
    times.emplace_back(std::stod((*it)[1]), vtkDir / (*it)[2].str());
  return times;
}

/// scripts/check_vtk.py on `file` with optional arguments; its exit code and output.
inline test::CommandResult checkVtk(const fs::path& file, const std::string& args = "") {
  const fs::path script = fs::path(SLUICE_SOURCE_DIR) / "scripts/check_vtk.py";
  return test::runCommand("python3 " + test::shellQuote(script.string()) + " " + args + " " +
                              test::shellQuote(file.string()),
                          120);
}

/// Cell arrays of one output time, indexed by the VTK cellId array (the
/// global cell id: the case files' cell order when the run used --no-renumber).
struct CellArrays {
  std::map<std::string, std::vector<double>> arrays;  ///< name -> values by cell id (components interleaved)
  std::size_t nCells = 0;

  double scalar(const std::string& name, std::size_t cell) const { return arrays.at(name).at(cell); }
  Vec3 vec3(const std::string& name, std::size_t cell) const {
    const auto& v = arrays.at(name);
    return {v.at(3 * cell), v.at(3 * cell + 1), v.at(3 * cell + 2)};
  }
};

/// The values of cell array `name` in the internal pieces of the time's
/// `vtm`, pieces in order (throws std::runtime_error if check_vtk.py rejects
/// the files).
inline std::vector<double> dumpArray(const fs::path& vtm, const std::string& name) {
  const test::CommandResult r = checkVtk(vtm, "--dump " + name);
  if (r.exitCode != 0) throw std::runtime_error("check_vtk.py failed on " + vtm.string() + ":\n" + r.output);
  std::vector<double> values;
  std::istringstream in(r.output);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("ok:", 0) == 0) continue;
    const auto colon = line.rfind(".vtu: ");
    if (colon == std::string::npos) continue;
    // The internal block's pieces only: <time>/internal_<rank>.vtu, not <time>/boundary/<patch>_<rank>.vtu.
    const fs::path piece = line.substr(0, colon + 4);
    if (piece.filename().string().rfind("internal_", 0) != 0 || piece.parent_path().filename() == "boundary")
      continue;
    std::istringstream numbers(line.substr(colon + 6));
    // strtod, not stod: subnormal values (a volume fraction of 1e-310) are values, not errors.
    for (std::string token; numbers >> token;) values.push_back(std::strtod(token.c_str(), nullptr));
  }
  return values;
}

/// The arrays `names` at the last output time of the case, by cell id.
inline CellArrays readLastCellArrays(const fs::path& caseDir, const std::vector<std::string>& names) {
  const auto times = vtkTimes(caseDir);
  if (times.empty()) throw std::runtime_error("no VTK output in " + caseDir.string());
  const fs::path vtm = times.back().second;
  const std::vector<double> ids = dumpArray(vtm, "cellId");
  CellArrays out;
  out.nCells = ids.size();
  for (const std::string& name : names) {
    const std::vector<double> raw = dumpArray(vtm, name);
    if (ids.empty() || raw.size() % ids.size() != 0)
      throw std::runtime_error("array " + name + " has " + std::to_string(raw.size()) + " values for " +
                               std::to_string(ids.size()) + " cells");
    const std::size_t nc = raw.size() / ids.size();
    std::vector<double> byId(raw.size());
    for (std::size_t k = 0; k < ids.size(); ++k) {
      const auto id = static_cast<std::size_t>(ids[k]);
      if (id >= ids.size()) throw std::runtime_error("cellId out of range");
      for (std::size_t c = 0; c < nc; ++c) byId[nc * id + c] = raw[nc * k + c];
    }
    out.arrays[name] = std::move(byId);
  }
  return out;
}

}  // namespace sluice::runcase
