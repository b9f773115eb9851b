#pragma once
// Test helpers for whole-solver runs through the sluice binary:
//  - CavityCase / writeCavityCase: a lid-driven cavity case (unit square,
//    lid speed 1, nu 0.01: Re = 100) written from scratch with chosen mesh,
//    time step, linear solvers and controlDict `functions`;
//  - runSluice: `sluice run CASE --np N ...` with a time limit;
//  - readLastVtkCells: the cell fields of the last time in CASE/VTK/<name>.pvd
//    (all pieces of a parallel run), keyed by the global cellId, with cell
//    centres from the VTK points;
//  - readCsv: a sets function object's CSV (header + numeric rows);
//  - ProfileJson: counts from CASE/sluice-profile.json;
//  - readOpenFoamVectorField: the internalField of an ascii OpenFOAM volVectorField;
//  - linearInterpolate, solverIterations (iterations per solve from the log).
//
//   test::TempDir dir("cavity");
//   test::writeCavityCase(dir.path(), {.n = 32, .endTime = 0.2, .deltaT = 0.01});
//   auto r = test::runSluice(dir.path(), 2, "--quiet");
//   ASSERT_EQ(r.exitCode, 0) << r.output;
//   test::VtkCells cells = test::readLastVtkCells(dir.path());
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "output/output_test_support.hpp"
#include "sluice/core/vec3.hpp"
#include "support/run_command.hpp"
#include "support/temp_dir.hpp"

namespace sluice::test {

/// A Re = 100 lid-driven cavity: [0,1]^2 x [0,0.1], n x n x 1 cells, lid
/// (y = 1) moving at (1 0 0), other walls no-slip, front and back empty.
struct CavityCase {
  int n = 32;
  double endTime = 0.1;
  double deltaT = 0.005;
  double writeInterval = 0;            ///< runTime write interval; 0: only the end time is written
  std::string pSolver = "PCG";         ///< p and pFinal (pFinal: relTol 0)
  std::string pPreconditioner = "DIC";
  double pTolerance = 1e-10;
  double pRelTol = 0;                  ///< p (not pFinal)
  std::string uSolverSettings = "solver smoothSolver; smoother symGaussSeidel; tolerance 1e-10; relTol 0;";
  int nCorrectors = 2;
  std::string functions{};             ///< body of controlDict's `functions` dictionary
};

/// The `sets` function object body sampling U along both centrelines
/// (vertical x = 0.5 and horizontal y = 0.5) with `nPoints` points each.
inline std::string centrelineSets(int nPoints, const std::string& writeControl = "writeTime") {
  return fmt::format(R"(
    centrelines
    {{
        type            sets;
        libs            (sampling);
        writeControl    {1};
        interpolationScheme cellPoint;
        setFormat       csv;
        fields          (U);
        sets
        (
            vertical   {{ type lineUniform; axis y; start (0.5 0 0.05); end (0.5 1 0.05); nPoints {0}; }}
            horizontal {{ type lineUniform; axis x; start (0 0.5 0.05); end (1 0.5 0.05); nPoints {0}; }}
        );
    }}
)",
                     nPoints, writeControl);
}

inline void writeCavityCase(const std::filesystem::path& dir, const CavityCase& c) {
  auto headerFor = [&](const char* cls, const char* object) {
    return fmt::format("FoamFile {{ version 2.0; format ascii; class {}; object {}; }}\n", cls, object);
  };
  writeText(dir / "system/blockMeshDict", headerFor("dictionary", "blockMeshDict") + fmt::format(R"(
scale 1;
vertices ((0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 0.1) (1 0 0.1) (1 1 0.1) (0 1 0.1));
blocks (hex (0 1 2 3 4 5 6 7) ({0} {0} 1) simpleGrading (1 1 1));
edges ();
boundary
(
    lid {{ type wall; faces ((3 7 6 2)); }}
    walls {{ type wall; faces ((0 4 7 3) (1 2 6 5) (0 1 5 4)); }}
    frontAndBack {{ type empty; faces ((0 3 2 1) (4 5 6 7)); }}
);
)",
                                                                                                 c.n));
  const double writeInterval = c.writeInterval > 0 ? c.writeInterval : c.endTime;
  writeText(dir / "system/controlDict", headerFor("dictionary", "controlDict") + fmt::format(R"(
application icoFoam;
startFrom startTime;
startTime 0;
stopAt endTime;
endTime {};
deltaT {};
writeControl runTime;
writeInterval {};
writeFormat ascii;
writePrecision 8;
timeFormat general;
timePrecision 6;
functions
{{
{}
}}
)",
                                                                                             c.endTime, c.deltaT,
                                                                                             writeInterval, c.functions));
  writeText(dir / "system/fvSchemes", headerFor("dictionary", "fvSchemes") + R"(
ddtSchemes { default Euler; }
gradSchemes { default Gauss linear; }
divSchemes { default none; div(phi,U) Gauss linear; }
laplacianSchemes { default Gauss linear corrected; }
interpolationSchemes { default linear; }
snGradSchemes { default corrected; }
)");
  writeText(dir / "system/fvSolution", headerFor("dictionary", "fvSolution") + fmt::format(R"(
solvers
{{
    p {{ solver {}; preconditioner {}; tolerance {}; relTol {}; }}
    pFinal {{ $p; relTol 0; }}
    U {{ {} }}
}}
PISO {{ nCorrectors {}; nNonOrthogonalCorrectors 0; pRefCell 0; pRefValue 0; }}
)",
                                                                                           c.pSolver, c.pPreconditioner,
                                                                                           c.pTolerance, c.pRelTol,
                                                                                           c.uSolverSettings,
                                                                                           c.nCorrectors));
  writeText(dir / "constant/transportProperties",
            headerFor("dictionary", "transportProperties") + "nu [0 2 -1 0 0 0 0] 0.01;\n");
  writeText(dir / "0/U", headerFor("volVectorField", "U") + R"(
dimensions [0 1 -1 0 0 0 0];
internalField uniform (0 0 0);
boundaryField
{
    lid { type fixedValue; value uniform (1 0 0); }
    walls { type noSlip; }
    frontAndBack { type empty; }
}
)");
  writeText(dir / "0/p", headerFor("volScalarField", "p") + R"x(
dimensions [0 2 -2 0 0 0 0];
internalField uniform 0;
boundaryField
{
    "(lid|walls)" { type zeroGradient; }
    frontAndBack { type empty; }
}
)x");
}

/// `sluice run CASE [--np N] EXTRA` (np 1: no --np, a plain serial run).
inline CommandResult runSluice(const std::filesystem::path& caseDir, int np, const std::string& extra = "",
                               int timeoutSeconds = 240) {
  std::string command = shellQuote(SLUICE_BINARY) + " run " + shellQuote(caseDir.string());
  if (np > 1) command += " --np " + std::to_string(np);
  if (!extra.empty()) command += " " + extra;
  return runCommand(command, timeoutSeconds);
}

/// Cell data of one time of a VTK series, gathered over all pieces and keyed
/// by the global cell id.
struct VtkCells {
  double time = 0;
  std::map<std::int64_t, Vec3> U;
  std::map<std::int64_t, double> p;
  std::map<std::int64_t, Vec3> centre;  ///< mean of the cell's VTK points
  std::map<std::int64_t, int> rank;
};

/// The last time of CASE/VTK/*.pvd (the internal block of its .vtm).
inline VtkCells readLastVtkCells(const std::filesystem::path& caseDir) {
  const std::filesystem::path vtkDir = caseDir / "VTK";
  std::filesystem::path pvd;
  for (const auto& entry : std::filesystem::directory_iterator(vtkDir))
    if (entry.path().extension() == ".pvd") pvd = entry.path();
  if (pvd.empty()) throw std::runtime_error("no .pvd in " + vtkDir.string());
  const std::string text = readTextFile(pvd);
  std::string lastFile, lastTime;
  for (std::size_t pos = 0; (pos = text.find("<DataSet ", pos)) != std::string::npos; ++pos) {
    const std::string tag = text.substr(pos, text.find('>', pos) - pos);
    lastFile = xmlAttribute(tag, "file");
    lastTime = xmlAttribute(tag, "timestep");
  }
  if (lastFile.empty()) throw std::runtime_error("no data set in " + pvd.string());
  VtkCells cells;
  cells.time = std::stod(lastTime);
  // The .vtm's block "internal": its pieces up to the block's end.
  const std::filesystem::path vtm = vtkDir / lastFile;
  const std::string blocks = readTextFile(vtm);
  const std::size_t first = blocks.find("name=\"internal\"");
  if (first == std::string::npos) throw std::runtime_error("no internal block in " + vtm.string());
  const std::size_t end = blocks.find("</Piece>", first);
  for (std::size_t pos = first; (pos = blocks.find("<DataSet ", pos)) < end; ++pos) {
    const std::string tag = blocks.substr(pos, blocks.find('>', pos) - pos);
    const VtuData piece = readVtu(vtkDir / xmlAttribute(tag, "file"));
    const auto ids = piece.at("cellId").as<std::int64_t>();
    const auto U = piece.at("U").as<double>();
    const auto p = piece.at("p").as<double>();
    const auto rank = piece.at("rank").as<std::int32_t>();
    const auto points = piece.at("Points").as<double>();
    const auto connectivity = piece.at("connectivity").indices();
    const auto offsets = piece.at("offsets").indices();
    for (std::size_t c = 0; c < ids.size(); ++c) {
      const std::int64_t id = ids[c];
      if (cells.U.count(id)) throw std::runtime_error("cell id " + std::to_string(id) + " twice in " + vtm.string());
      cells.U[id] = Vec3{U[3 * c], U[3 * c + 1], U[3 * c + 2]};
      cells.p[id] = p[c];
      cells.rank[id] = rank[c];
      Vec3 sum{0, 0, 0};
      const std::int64_t begin = c == 0 ? 0 : offsets[c - 1];
      for (std::int64_t k = begin; k < offsets[c]; ++k) {
        const auto v = static_cast<std::size_t>(connectivity[static_cast<std::size_t>(k)]);
        sum = sum + Vec3{points[3 * v], points[3 * v + 1], points[3 * v + 2]};
      }
      cells.centre[id] = sum / static_cast<double>(offsets[c] - begin);
    }
  }
  return cells;
}

/// A CSV file of numbers with one header line.
struct Csv {
  std::vector<std::string> columns;
  std::vector<std::vector<double>> rows;
  /// Column `name` as a vector (throws if absent).
  std::vector<double> column(const std::string& name) const {
    const auto it = std::find(columns.begin(), columns.end(), name);
    if (it == columns.end()) throw std::runtime_error("no column " + name);
    const auto i = static_cast<std::size_t>(it - columns.begin());
    std::vector<double> out;
    for (const auto& row : rows) out.push_back(row.at(i));
    return out;
  }
};

inline std::vector<std::string> splitComma(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream ss(line);
  for (std::string item; std::getline(ss, item, ',');) out.push_back(item);
  return out;
}

inline Csv readCsv(const std::filesystem::path& file) {
  const std::vector<std::string> lines = splitLines(readTextFile(file));
  if (lines.empty()) throw std::runtime_error("empty " + file.string());
  Csv csv;
  csv.columns = splitComma(lines[0]);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (lines[i].empty()) continue;
    std::vector<double> row;
    for (const std::string& item : splitComma(lines[i])) row.push_back(std::stod(item));
    if (row.size() != csv.columns.size()) throw std::runtime_error("bad row in " + file.string() + ": " + lines[i]);
    csv.rows.push_back(std::move(row));
  }
  return csv;
}

/// y(x) by linear interpolation in the table (xs ascending); throws outside it.
inline double linearInterpolate(const std::vector<double>& xs, const std::vector<double>& ys, double x) {
  for (std::size_t i = 0; i + 1 < xs.size(); ++i)
    if (xs[i] <= x && x <= xs[i + 1])
      return xs[i + 1] == xs[i] ? ys[i] : ys[i] + (ys[i + 1] - ys[i]) * (x - xs[i]) / (xs[i + 1] - xs[i]);
  throw std::runtime_error("x = " + std::to_string(x) + " outside the sampled range");
}

/// Per-rank min / mean / max of a figure of CASE/sluice-profile.json.
struct RankFigure {
  double min = -1, mean = -1, max = -1;
};

/// Reads figures from the JSON written by parallel::CommProfile (its fixed
/// layout: "mpi": {"<op>": {"calls": {"min": .., "mean": .., "max": ..}, ...}},
/// "regions": [{"name": "<region>", "calls": {...}, ...}]).
class ProfileJson {
 public:
  explicit ProfileJson(const std::filesystem::path& file) : text_(readTextFile(file)) {}
  /// MPI op calls per rank ("Allreduce", "Iallreduce", ...).
  RankFigure opCalls(const std::string& op) const { return figureAfter("\"" + op + "\": {\"calls\": "); }
  /// Region entries per rank ("linear-solve:p", ...); all zero if the region is absent.
  RankFigure regionCalls(const std::string& region) const {
    const std::string key = "{\"name\": \"" + region + "\", \"calls\": ";
    if (text_.find(key) == std::string::npos) return {0, 0, 0};
    return figureAfter(key);
  }
  /// Peak resident memory per rank in bytes ("peakResidentBytes").
  RankFigure peakResidentBytes() const { return figureAfter("\"peakResidentBytes\": "); }
  /// Rank 0's peak resident memory in bytes ("rank0PeakResidentBytes").
  double rank0PeakResidentBytes() const {
    const std::string key = "\"rank0PeakResidentBytes\": ";
    const auto at = text_.find(key);
    if (at == std::string::npos) throw std::runtime_error("no rank0PeakResidentBytes in the profile");
    return std::stod(text_.substr(at + key.size()));
  }
  long long steps() const {
    const auto at = text_.find("\"steps\": ");
    if (at == std::string::npos) throw std::runtime_error("no steps in the profile");
    return std::stoll(text_.substr(at + 9));
  }

 private:
  RankFigure figureAfter(const std::string& key) const {
    const auto at = text_.find(key);
    if (at == std::string::npos) throw std::runtime_error("no " + key + " in the profile");
    static const std::regex stat(R"(^\{"min": ([-+0-9.eE]+), "mean": ([-+0-9.eE]+), "max": ([-+0-9.eE]+)\})");
    std::smatch m;
    const std::string rest = text_.substr(at + key.size(), 200);
    if (!std::regex_search(rest, m, stat)) throw std::runtime_error("unexpected profile text after " + key);
    return {std::stod(m[1]), std::stod(m[2]), std::stod(m[3])};
  }
  std::string text_;
};

/// Iterations of each logged solve of `field` ("Solving for p, ... No Iterations N").
inline std::vector<int> solverIterations(const std::string& log, const std::string& field) {
  std::vector<int> its;
  const std::regex line("Solving for " + field + R"(, Initial residual = [^,]+, Final residual = [^,]+, No Iterations (\d+))");
  for (auto it = std::sregex_iterator(log.begin(), log.end(), line); it != std::sregex_iterator(); ++it)
    its.push_back(std::stoi((*it)[1]));
  return its;
}

/// The internalField of an ascii OpenFOAM volVectorField file
/// ("internalField nonuniform List<vector> N ( (x y z) ... )").
inline std::vector<Vec3> readOpenFoamVectorField(const std::filesystem::path& file) {
  const std::string text = readTextFile(file);
  const auto at = text.find("List<vector>", text.find("internalField"));
  if (at == std::string::npos) throw std::runtime_error("no nonuniform internalField in " + file.string());
  std::istringstream is(text.substr(at + 12));
  std::size_t n = 0;
  char c = 0;
  is >> n >> c;
  if (!is || c != '(') throw std::runtime_error("bad list in " + file.string());
  std::vector<Vec3> values(n);
  for (Vec3& v : values) {
    char open = 0, close = 0;
    is >> open >> v.x >> v.y >> v.z >> close;
    if (!is || open != '(' || close != ')') throw std::runtime_error("bad vector in " + file.string());
  }
  return values;
}

}  // namespace sluice::test
