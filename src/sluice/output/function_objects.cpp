#include "sluice/output/function_objects.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <variant>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/output/face_set.hpp"
#include "sluice/output/function_object.hpp"
#include "sluice/output/output_files.hpp"
#include "sluice/output/solver_info.hpp"
#include "sluice/parallel/parallel_error.hpp"

namespace sluice::output {

bool WriteTimer::due(const TimeState& state) {
  switch (schedule_.control) {
    case WriteControl::timeStep: {
      const long interval = std::max(1L, std::lround(schedule_.interval));
      return state.timeIndex % interval == 0;
    }
    case WriteControl::writeTime: {
      if (!state.writeTime) return false;
      ++writeTimes_;
      const long interval = std::max(1L, std::lround(schedule_.interval));
      return writeTimes_ % interval == 0;
    }
    case WriteControl::runTime: {
      const long index =
          static_cast<long>(std::floor((state.time - startTime_ + 0.5 * state.deltaT) / schedule_.interval));
      if (index <= lastRunTimeIndex_) return false;
      lastRunTimeIndex_ = index;
      return true;
    }
  }
  return false;
}

namespace {

std::string numberText(double v) { return fmt::format("{}", v); }

}  // namespace


namespace {

class SetsObject final : public FunctionObjects::Object {
 public:
  SetsObject(const SetsSpec& spec, Scalar startTime, const std::filesystem::path& caseDir, const SamplingMesh& mesh,
             const parallel::Communicator& comm, const WarningHandler& warn)
      : Object(spec.name, spec.fields, spec.schedule, startTime, caseDir, comm, warn), spec_(spec) {
    for (const SampleSetSpec& set : spec.sets) {
      if (set.onMeshFaces()) {
        std::vector<Vec3> points;
        std::vector<SampleFace> faces;
        std::vector<double> distances;
        for (const FaceSetSample& s : faceSetSamples(mesh, set.start, set.end, comm)) {
          points.push_back(s.point);
          faces.push_back({s.face, s.cell});
          distances.push_back(s.distance);
        }
        samplers_.push_back(
            std::make_unique<PointSampler>(mesh, std::move(points), std::move(faces), spec.scheme, comm));
        distances_.push_back(std::move(distances));
      } else {
        samplers_.push_back(std::make_unique<PointSampler>(mesh, set.points(), spec.scheme, comm));
        distances_.push_back(set.distances());
      }
      std::size_t nFound = 0;
      for (std::size_t i = 0; i < samplers_.back()->size(); ++i) nFound += samplers_.back()->found(i);
      if (nFound == 0) warn_(fmt::format("function object '{}': set '{}' has no points inside the mesh", name_, set.name));
    }
  }

  void execute(const TimeState& state, const Sources& sources) override {
    const ResolvedFields r = resolve(sources.fields);
    if (r.fields.empty()) return;
    std::vector<std::vector<std::vector<double>>> values;  // per set, per field
    for (const auto& sampler : samplers_) values.push_back(sampler->sample(r.fields));
    parallel::onRoot(comm_, [&] {
      const std::filesystem::path dir = outputDir_ / (state.timeName.empty() ? timeName(state.time) : state.timeName);
      createDirectories(dir);
      for (std::size_t s = 0; s < spec_.sets.size(); ++s) write(dir, s, r, values[s]);
    });
  }

 private:
  /// The fields of one type (scalars, vectors, ...: one component count), in
  /// the order they were asked for: OpenFOAM's sampledSets write one file per
  /// type, named <set>_<field>_<field>... after that type's fields.
  struct TypeGroup {
    std::vector<std::size_t> fields;  ///< indices into ResolvedFields
    std::string fileName(const std::string& set, const ResolvedFields& r, const char* extension) const {
      std::string name = set;
      for (std::size_t f : fields) name += "_" + r.names[f];
      return name + extension;
    }
  };
  static std::vector<TypeGroup> typeGroups(const ResolvedFields& r) {
    // By component count, ascending: scalars, vectors, symmetric tensors, tensors, OpenFOAM's order.
    std::map<int, TypeGroup> byCount;
    for (std::size_t f = 0; f < r.fields.size(); ++f) byCount[r.fields[f].components].fields.push_back(f);
    std::vector<TypeGroup> groups;
    for (auto& [components, group] : byCount) groups.push_back(std::move(group));
    return groups;
  }

  void write(const std::filesystem::path& dir, std::size_t s, const ResolvedFields& r,
             const std::vector<std::vector<double>>& values) const {
    for (const TypeGroup& g : typeGroups(r)) {
      if (spec_.setFormat == "vtk") writeVtk(dir, s, r, g, values);
      else writeColumns(dir, s, r, g, values);
    }
  }

  /// csv (comma-separated, a header line) or raw (space-separated, a header
  /// line starting with '#'): the axis columns, then each field's components
  /// (p; U_0, U_1, U_2, as OpenFOAM names them).
  void writeColumns(const std::filesystem::path& dir, std::size_t s, const ResolvedFields& r, const TypeGroup& g,
                    const std::vector<std::vector<double>>& values) const {
    const SampleSetSpec& set = spec_.sets[s];
    const bool csv = spec_.setFormat == "csv";
    const char* separator = csv ? "," : " ";
    std::vector<std::string> columns = set.axisColumns();
    for (std::size_t f : g.fields) {
      if (r.fields[f].components == 1) {
        columns.push_back(r.names[f]);
      } else {
        for (int k = 0; k < r.fields[f].components; ++k) columns.push_back(r.names[f] + "_" + std::to_string(k));
      }
    }
    std::string text = csv ? "" : "# ";
    text += fmt::format("{}\n", fmt::join(columns, separator));
    const PointSampler& sampler = *samplers_[s];
    std::vector<std::string> row;
    for (std::size_t i = 0; i < sampler.size(); ++i) {
      if (!sampler.found(i)) continue;
      row.clear();
      for (double a : set.axisValues(sampler.points()[i], distances_[s][i])) row.push_back(numberText(a));
      for (std::size_t f : g.fields) {
        const int nc = r.fields[f].components;
        for (int k = 0; k < nc; ++k) row.push_back(numberText(values[f][i * nc + k]));
      }
      text += fmt::format("{}\n", fmt::join(row, separator));
    }
    writeTextFile(dir / g.fileName(set.name, r, csv ? ".csv" : ".xy"), text);
  }

  /// Legacy VTK polydata, as OpenFOAM's vtkSetWriter: the points, then one
  /// FIELD array per field (components per point).
  void writeVtk(const std::filesystem::path& dir, std::size_t s, const ResolvedFields& r, const TypeGroup& g,
                const std::vector<std::vector<double>>& values) const {
    const SampleSetSpec& set = spec_.sets[s];
    const PointSampler& sampler = *samplers_[s];
    std::vector<std::size_t> rows;
    for (std::size_t i = 0; i < sampler.size(); ++i)
      if (sampler.found(i)) rows.push_back(i);
    std::string text = fmt::format("# vtk DataFile Version 2.0\n{}\nASCII\nDATASET POLYDATA\nPOINTS {} double\n",
                                   set.name, rows.size());
    for (std::size_t i : rows) {
      const Vec3& p = sampler.points()[i];
      text += fmt::format("{} {} {}\n", numberText(p.x), numberText(p.y), numberText(p.z));
    }
    text += fmt::format("POINT_DATA {}\n FIELD attributes {}\n", rows.size(), g.fields.size());
    std::vector<std::string> items;
    for (std::size_t f : g.fields) {
      const int nc = r.fields[f].components;
      text += fmt::format("{} {} {} double\n", r.names[f], nc, rows.size());
      items.clear();
      for (std::size_t i : rows)
        for (int k = 0; k < nc; ++k) items.push_back(numberText(values[f][i * nc + k]));
      text += fmt::format("{}\n", fmt::join(items, " "));
    }
    writeTextFile(dir / g.fileName(set.name, r, ".vtk"), text);
  }

  SetsSpec spec_;
  std::vector<std::unique_ptr<PointSampler>> samplers_;
  std::vector<std::vector<double>> distances_;
};

class ProbesObject final : public FunctionObjects::Object {
 public:
  ProbesObject(const ProbesSpec& spec, Scalar startTime, const std::filesystem::path& caseDir,
               const SamplingMesh& mesh, const parallel::Communicator& comm, const WarningHandler& warn)
      : Object(spec.name, spec.fields, spec.schedule, startTime, caseDir, comm, warn),
        sampler_(mesh, spec.locations, spec.scheme, comm),
        dir_(outputDir_ / timeName(startTime)) {
    for (std::size_t i = 0; i < sampler_.size(); ++i) {
      if (sampler_.found(i)) continue;
      const Vec3& p = sampler_.points()[i];
      warn_(fmt::format("function object '{}': probe {} at ({} {} {}) is outside the mesh; skipped", name_, i, p.x,
                        p.y, p.z));
    }
  }

  void execute(const TimeState& state, const Sources& sources) override {
    const ResolvedFields r = resolve(sources.fields);
    if (r.fields.empty()) return;
    const std::vector<std::vector<double>> values = sampler_.sample(r.fields);
    parallel::onRoot(comm_, [&] {
      createDirectories(dir_);
      for (std::size_t f = 0; f < r.fields.size(); ++f) {
        const std::filesystem::path file = dir_ / r.names[f];
        if (started_.insert(r.names[f]).second) writeTextFile(file, header());
        const int nc = r.fields[f].components;
        std::string line = state.timeName.empty() ? timeName(state.time) : state.timeName;
        for (std::size_t i = 0; i < sampler_.size(); ++i) {
          if (!sampler_.found(i)) continue;
          line += "  ";
          if (nc == 1) {
            line += numberText(values[f][i]);
          } else {
            line += "(";
            for (int k = 0; k < nc; ++k) {
              if (k) line += ' ';
              line += numberText(values[f][i * nc + k]);
            }
            line += ")";
          }
        }
        appendTextFile(file, line + "\n");
      }
    });
  }

 private:
  std::string header() const {
    std::string text;
    std::string probeRow = "# Probe";
    for (std::size_t i = 0; i < sampler_.size(); ++i) {
      if (!sampler_.found(i)) continue;
      const Vec3& p = sampler_.points()[i];
      text += fmt::format("# Probe {} ({} {} {})\n", i, numberText(p.x), numberText(p.y), numberText(p.z));
      probeRow += fmt::format("  {}", i);
    }
    return text + probeRow + "\n# Time\n";
  }

  PointSampler sampler_;
  std::filesystem::path dir_;
  std::set<std::string> started_;  ///< fields whose file has its header (rank 0)
};

}  // namespace

namespace {

/// Passes warnings to `warn` (stderr if empty) on rank 0 only.
WarningHandler rootOnly(const parallel::Communicator& comm, WarningHandler warn) {
  return [&comm, warn = std::move(warn)](const std::string& message) {
    if (!comm.isRoot()) return;
    if (warn) warn(message);
    else std::cerr << "warning: " << message << '\n';
  };
}

}  // namespace

FunctionObjects::FunctionObjects(const io::Dictionary& controlDict, std::filesystem::path caseDir,
                                 const SamplingMesh& mesh, const parallel::Communicator& comm, Scalar startTime,
                                 WarningHandler warn)
    : FunctionObjects(readFunctionObjectSpecs(controlDict, rootOnly(comm, warn)), std::move(caseDir), mesh, comm,
                      startTime, warn) {}

FunctionObjects::FunctionObjects(std::vector<FunctionObjectSpec> specs, std::filesystem::path caseDir,
                                 const SamplingMesh& mesh, const parallel::Communicator& comm, Scalar startTime,
                                 WarningHandler warn) {
  build(std::move(specs), caseDir, [&mesh]() -> const SamplingMesh& { return mesh; }, comm, startTime,
        std::move(warn));
}

FunctionObjects::FunctionObjects(const io::Dictionary& controlDict, std::filesystem::path caseDir,
                                 const SamplingMeshProvider& mesh, const parallel::Communicator& comm,
                                 Scalar startTime, WarningHandler warn) {
  build(readFunctionObjectSpecs(controlDict, rootOnly(comm, warn)), caseDir, mesh, comm, startTime, std::move(warn));
}

void FunctionObjects::build(std::vector<FunctionObjectSpec> specs, const std::filesystem::path& caseDir,
                            const SamplingMeshProvider& mesh, const parallel::Communicator& comm, Scalar startTime,
                            WarningHandler warn) {
  const WarningHandler onRoot = rootOnly(comm, std::move(warn));
  for (const FunctionObjectSpec& spec : specs) {
    if (const auto* sets = std::get_if<SetsSpec>(&spec))
      objects_.push_back(std::make_unique<SetsObject>(*sets, startTime, caseDir, mesh(), comm, onRoot));
    else if (const auto* probes = std::get_if<ProbesSpec>(&spec))
      objects_.push_back(std::make_unique<ProbesObject>(*probes, startTime, caseDir, mesh(), comm, onRoot));
    else
      objects_.push_back(
          std::make_unique<SolverInfoObject>(std::get<SolverInfoSpec>(spec), startTime, caseDir, comm, onRoot));
  }
}

FunctionObjects::~FunctionObjects() = default;

std::vector<std::string> FunctionObjects::names() const {
  std::vector<std::string> n;
  for (const auto& o : objects_) n.push_back(o->name());
  return n;
}

void FunctionObjects::run(const TimeState& state, const FieldLookup& fields, const SolveLookup& solves, bool force) {
  const Object::Sources sources{fields, solves};
  for (const auto& o : objects_) {
    const bool due = o->due(state);  // advances the timer even when forced
    if (force || due) o->execute(state, sources);
  }
}

void FunctionObjects::execute(const TimeState& state, const FieldLookup& fields, const SolveLookup& solves) {
  run(state, fields, solves, false);
}

void FunctionObjects::executeAll(const TimeState& state, const FieldLookup& fields, const SolveLookup& solves) {
  run(state, fields, solves, true);
}

}  // namespace sluice::output
