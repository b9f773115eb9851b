#pragma once
// The function objects of controlDict's `functions` sub-dictionary that
// sluice runs, as parsed settings (no mesh, no MPI). Supported types:
//
//   line                                   // type sets: values along sets of points
//   {
//       type                sets;
//       fields              (U p);
//       interpolationScheme cellPoint;     // cell (default) | cellPoint | cellPointFace
//       setFormat           csv;           // raw (default) | csv | vtk
//       writeControl        writeTime;     // timeStep (default) | writeTime | runTime
//       writeInterval       1;             // steps, write times or seconds (default 1)
//       sets ( centreLine { type uniform; axis distance; start (0 0.5 0); end (1 0.5 0); nPoints 21; } );
//       // or the dictionary form:  sets { centreLine { ... } }
//       // set types: uniform, cloud, face (sample_set.hpp)
//   }
//   residuals                              // type solverInfo: linear solver figures per step
//   {                                      // (what `#includeFunc residuals` makes)
//       type           solverInfo;
//       fields         (p U);
//       writeControl   timeStep;           // as above
//   }
//   probes1
//   {
//       type           probes;
//       fields         (p U);
//       probeLocations ((0.1 0.5 0.05) (0.9 0.5 0.05));
//       interpolationScheme cell;          // optional, cell (default) | cellPoint | cellPointFace
//   }
//
// Aliases accepted: writeControl outputTime (= writeTime), adjustableRunTime
// (= runTime); set types lineUniform (= uniform) and points (= cloud).
// `enabled false` skips an object. Entries of other types are skipped with a
// warning ("... type 'fieldAverage' is not supported; skipped"), as OpenFOAM
// cases list many. A supported object with a missing or malformed entry is an
// InputError naming the file, line and entry.
//
//   std::vector<FunctionObjectSpec> specs = readFunctionObjectSpecs(controlDict, warn);
//   for (const auto& s : specs) if (auto* sets = std::get_if<SetsSpec>(&s)) ...
#include <functional>
#include <string>
#include <variant>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/output/point_sampler.hpp"
#include "sluice/output/sample_set.hpp"

namespace sluice::output {

enum class WriteControl { timeStep, writeTime, runTime };

/// When an object runs: every `interval` time steps, every `interval`-th write
/// time, or every `interval` seconds of simulated time.
struct WriteSchedule {
  WriteControl control = WriteControl::timeStep;
  Scalar interval = 1;
  /// Reads writeControl / writeInterval of a function object's dictionary.
  static WriteSchedule read(const io::Dictionary& dict);
};

struct SetsSpec {
  std::string name;
  std::vector<std::string> fields;
  InterpolationScheme scheme = InterpolationScheme::cell;
  std::string setFormat = "raw";  ///< raw | csv | vtk
  WriteSchedule schedule;
  std::vector<SampleSetSpec> sets;
};

struct ProbesSpec {
  std::string name;
  std::vector<std::string> fields;
  InterpolationScheme scheme = InterpolationScheme::cell;
  WriteSchedule schedule;
  std::vector<Vec3> locations;
};

struct SolverInfoSpec {
  std::string name;
  std::vector<std::string> fields;
  WriteSchedule schedule;
};

using FunctionObjectSpec = std::variant<SetsSpec, ProbesSpec, SolverInfoSpec>;

using WarningHandler = std::function<void(const std::string&)>;

/// Parses controlDict's `functions` (none if absent). `warn` receives the
/// skipped entries' warnings (stderr if not given).
std::vector<FunctionObjectSpec> readFunctionObjectSpecs(const io::Dictionary& controlDict, const WarningHandler& warn = {});

/// Parses one function object dictionary of a supported type.
SetsSpec readSetsSpec(const io::Dictionary& dict, const std::string& name);
ProbesSpec readProbesSpec(const io::Dictionary& dict, const std::string& name);
/// `writeResidualFields yes` (residual volume fields) is an InputError: sluice does not write them.
SolverInfoSpec readSolverInfoSpec(const io::Dictionary& dict, const std::string& name);

}  // namespace sluice::output
