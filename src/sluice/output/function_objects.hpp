#pragma once
// Runs the `sets` and `probes` function objects of controlDict (settings in
// function_object_specs.hpp) during a run, in parallel: points are located
// once at construction, values are interpolated on the ranks owning the
// containing cells and written by rank 0.
//
// Output (time folder names as OpenFOAM's, see TimeState::timeName):
//  - sets: CASE/postProcessing/<object>/<time>/<set>_<field1>_<field2>...csv,
//    one file per field type (scalars, vectors, symmetric tensors, tensors),
//    named after that type's fields, as OpenFOAM's sampledSets (cavity with
//    fields (p U): mid_p.csv and mid_U.csv). setFormat csv: comma-separated
//    with a header line; raw: ...xy, space-separated, a header line starting
//    with '#'. Columns: the axis (distance | x | y | z | x,y,z) then each
//    field's components under OpenFOAM's names (p; U_0, U_1, U_2). Only
//    points inside the mesh are listed, as OpenFOAM does.
//    setFormat vtk: ...vtk, legacy VTK polydata as OpenFOAM's vtkSetWriter
//    ("# vtk DataFile Version 2.0", the set name, ASCII, DATASET POLYDATA,
//    POINTS n double, POINT_DATA n, FIELD attributes <fields>, then per
//    field "<name> <components> n double" and its values on one line); the
//    axis is not written.
//  - probes: CASE/postProcessing/<object>/<startTime>/<field>, OpenFOAM's
//    layout: "# Probe i (x y z)" per probe, a "#  Probe  0  1 ..." and a
//    "#  Time" line, then per execution the time (its folder name) and one column per probe;
//    vectors as "(x y z)" in one column. Probes outside the mesh are left
//    out with a warning.
// Numbers are written with the shortest text that reads back exactly.
//
// Fields come from the caller through a look-up by name, so this module does
// not depend on the field classes:
//
//   SamplingMesh sm(distributed);
//   FunctionObjects functions(controlDict, caseDir, sm, comm, startTime);    // collective
//   auto lookup = [&](const std::string& name) -> std::optional<SampledField> {
//     if (name == "p") return SampledField{1, p.cells(), p.boundaryFaces()};
//     if (name == "U") return SampledField{3, U.cellsFlat(), U.boundaryFacesFlat()};
//     return std::nullopt;                                                  // warned once, skipped
//   };
//   functions.execute({time, deltaT, timeIndex, isWriteTime}, lookup);       // collective, every time step
//
// execute() decides from each object's writeControl whether it runs. Every
// rank must call it with the same state; a write failure on rank 0 is thrown
// on all ranks as parallel::CollectiveError naming the file. The
// SamplingMesh and the Communicator must outlive the FunctionObjects.
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/output/function_object_specs.hpp"
#include "sluice/output/point_sampler.hpp"
#include "sluice/output/sampling_mesh.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::output {

/// Where the run is, as function objects see it.
struct TimeState {
  Scalar time = 0;
  Scalar deltaT = 0;
  long timeIndex = 0;      ///< time steps taken since the start (1 after the first step)
  bool writeTime = false;  ///< the solver writes its fields at this time
  std::string timeName;    ///< name of the time folder; empty: output::timeName(time)
};

/// A field's values on this rank, or nullopt if there is no such field.
using FieldLookup = std::function<std::optional<SampledField>(const std::string& name)>;

/// The first linear solve of a solved name ("p", "Ux") in the current time
/// step, as solverInfo writes it. The same on every rank.
struct SolveSummary {
  std::string solver;  ///< e.g. "DICPCG", "smoothSolver"
  double initialResidual = 0, finalResidual = 0;
  int iterations = 0;
  bool converged = false;
};
/// The first solve of `solvedName` in this time step, or nullopt if it was not solved.
using SolveLookup = std::function<std::optional<SolveSummary>(const std::string& solvedName)>;

/// Tracks one object's writeControl (OpenFOAM's semantics: timeStep fires when
/// timeIndex is a multiple of the interval; writeTime on every interval-th
/// write time; runTime when floor((time - startTime + deltaT/2) / interval)
/// has grown since it last fired).
class WriteTimer {
 public:
  WriteTimer(WriteSchedule schedule, Scalar startTime) : schedule_(schedule), startTime_(startTime) {}
  /// True if the object runs at `state` (call once per time step).
  bool due(const TimeState& state);

 private:
  WriteSchedule schedule_;
  Scalar startTime_;
  long writeTimes_ = 0;
  long lastRunTimeIndex_ = 0;
};

class FunctionObjects {
 public:
  /// Collective: parses controlDict's `functions` and locates every sample
  /// point. Warnings (unsupported objects, points outside the mesh, missing
  /// fields) go to `warn` on rank 0 (stderr if not given).
  FunctionObjects(const io::Dictionary& controlDict, std::filesystem::path caseDir, const SamplingMesh& mesh,
                  const parallel::Communicator& comm, Scalar startTime, WarningHandler warn = {});
  /// As above from parsed settings.
  FunctionObjects(std::vector<FunctionObjectSpec> specs, std::filesystem::path caseDir, const SamplingMesh& mesh,
                  const parallel::Communicator& comm, Scalar startTime, WarningHandler warn = {});
  /// As above with the sampling mesh built on demand: `mesh` is called only
  /// when there is an object to build (its geometry and point locator cost
  /// memory a run without sampling need not pay). It must return the same
  /// mesh every time; the mesh must outlive the FunctionObjects.
  using SamplingMeshProvider = std::function<const SamplingMesh&()>;
  FunctionObjects(const io::Dictionary& controlDict, std::filesystem::path caseDir, const SamplingMeshProvider& mesh,
                  const parallel::Communicator& comm, Scalar startTime, WarningHandler warn = {});
  ~FunctionObjects();
  FunctionObjects(const FunctionObjects&) = delete;
  FunctionObjects& operator=(const FunctionObjects&) = delete;

  /// Collective: runs the objects that are due at `state`. `solves` feeds
  /// solverInfo objects (none without it).
  void execute(const TimeState& state, const FieldLookup& fields, const SolveLookup& solves = {});
  /// Collective: runs every object now, whatever its writeControl (e.g. a
  /// post-processing pass over saved times).
  void executeAll(const TimeState& state, const FieldLookup& fields, const SolveLookup& solves = {});

  std::size_t size() const { return objects_.size(); }
  /// The objects' names, in controlDict order.
  std::vector<std::string> names() const;

  class Object;  ///< one object (sets, probes, solverInfo); function_object.hpp

 private:
  void run(const TimeState& state, const FieldLookup& fields, const SolveLookup& solves, bool force);
  void build(std::vector<FunctionObjectSpec> specs, const std::filesystem::path& caseDir,
             const SamplingMeshProvider& mesh, const parallel::Communicator& comm, Scalar startTime,
             WarningHandler warn);
  std::vector<std::unique_ptr<Object>> objects_;
};

}  // namespace sluice::output
