#include "sluice/solvers/fluid_solver.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "sluice/fv/value_ops.hpp"
#include "sluice/io/text_file.hpp"
#include "sluice/output/output_files.hpp"
#include "sluice/output/snapshot_file.hpp"
#include "sluice/parallel/parallel_error.hpp"
#include "sluice/parallel/fault_injection.hpp"
#include "sluice/solvers/stop_request.hpp"

namespace sluice::solvers {

namespace {

io::Dictionary readCaseFile(const RunContext& ctx, const std::string& name) {
  return io::Dictionary::readFile(ctx.caseDir / name, name);
}

/// A snapshot as messages name it: "restart/<time>", relative to the case.
std::string shownSnapshot(const std::string& timeName) {
  return (restartFolder("") / timeName).string();
}

}  // namespace

FluidSolver::FluidSolver(RunContext& context, Algorithm algorithm)
    : ctx_(context),
      fvSchemesDict_(readCaseFile(context, "system/fvSchemes")),
      fvSolutionDict_(readCaseFile(context, "system/fvSolution")),
      schemes_(fv::FvSchemes::read(fvSchemesDict_)),
      pimple_(PimpleControl::read(fvSolutionDict_, algorithm)),
      time_(TimeControlSettings::read(context.controlDict, context.latestTimeFolder)),
      solvers_(fvSolutionDict_, context.comm, {}, context.verbose ? context.log : nullptr,
               [&mesh = context.mesh] { return &mesh.multigridMesh(); }),
      vtk_(context.caseDir, context.caseName, context.mesh.poly(), context.mesh.globalCellIds(), context.comm),
      progress_(context.comm.isRoot() ? context.terminal : nullptr,
                context.comm.isRoot() && !context.terminal && !context.verbose ? context.log : nullptr),
      started_(std::chrono::steady_clock::now()),
      fieldFolder_(context.restart ? context.restart->fieldFolder : time_.timeName()) {
  // The constructors' checkpoint: the members above read files on every
  // rank; a rank that failed there is already waiting in the caller's
  // agreement (collectively), which this meets, before any collective of the
  // solver's constructor (field reads broadcast and exchange ghosts).
  std::string problem;
  try {
    parallel::failIfInjected(ctx_.comm, "solver");
  } catch (const std::exception& e) {
    problem = e.what();
  }
  parallel::agreeOnError(ctx_.comm, !problem.empty(), problem);
}

FluidSolver::~FluidSolver() = default;

void FluidSolver::finishSetup() {
  fields_.linkBoundaryConditions();
  numbering_ = cellNumberingFingerprint(ctx_.mesh);
  pimple_.setControlledFields(controlledFields());
  // The sampling mesh (its own geometry and a point locator) is built only
  // if a function object needs it. With global point ids: points on
  // processor boundaries are shared (cellPoint interpolation averages over
  // all ranks' cells around them).
  auto samplingMesh = [this]() -> const output::SamplingMesh& {
    if (!samplingMesh_) samplingMesh_ = std::make_unique<output::SamplingMesh>(ctx_.mesh.distributed());
    return *samplingMesh_;
  };
  functions_ = std::make_unique<output::FunctionObjects>(ctx_.controlDict, ctx_.caseDir, samplingMesh, ctx_.comm,
                                                         time_.value());
  // The function objects made their samplers above; without one nothing
  // reads the global point ids or the empty faces' ids again.
  if (!samplingMesh_) ctx_.mesh.releaseSamplingIds();
  removeEarlierOutputs();
  prepareTimeDirectories();
  if (ctx_.comm.isRoot())
    runInfo_ = std::make_unique<output::RunInfoFile>(ctx_.caseDir, time_.timeName(), [](const std::string& message) {
      std::fprintf(stderr, "warning: %s\n", message.c_str());
    });
}

void FluidSolver::removeEarlierOutputs() {
  // A run from time t0 replaces what an earlier run of this case wrote at
  // times >= t0: VTK folders and series entries, and the time folders of this
  // run's function objects and run information. Kept: everything before t0.
  // A restart keeps what was written at its start time (it does not write it
  // again). Compared as named (timePrecision digits), as the folders are.
  const bool restart = ctx_.restart.has_value();
  const Scalar named = std::stod(time_.timeName());
  vtk_.startSeries(named, restart);
  std::vector<std::string> objects = functions_->names();
  objects.push_back("runInfo");
  parallel::onRoot(ctx_.comm, [&] {
    for (const std::string& name : objects)
      output::removeTimeFoldersFrom(ctx_.caseDir / "postProcessing" / name, named);
    // Restart snapshots of the replaced run: after the start time (from it, for a fresh start).
    output::removeTimeFoldersFrom(restartFolder(ctx_.caseDir), named, restart);
  });
}

int FluidSolver::run() {
  auto& profile = ctx_.profile;
  const auto stepRegion = profile.region("time-step");
  const auto writeRegion = profile.region("io");
  // The stages, timed separately (the linear solves inside them have their own regions too).
  const auto preRegion = profile.region(prePredictorRegion_);
  const auto momentumRegion = profile.region("momentum-predictor");
  const auto pressureRegion = profile.region("pressure-corrector");
  {
    parallel::ScopedRegion r(profile, writeRegion);
    if (ctx_.restart)
      restoreFromSnapshot();
    else
      writeInitialState();
  }
  std::optional<StopRequest> ownStop;
  if (!ctx_.stop) ownStop.emplace();
  const StopRequest& stop = ctx_.stop ? *ctx_.stop : *ownStop;
  const auto residuals = [this](const std::string& field) { return solvers_.initialResiduals(field); };
  const auto loopLog = [this](const std::string& line) { log(line); };
  while (time_.running()) {
    stepStarted_ = std::chrono::steady_clock::now();
    if (time_.timeIndex() == 0) parallel::failIfInjected(ctx_.comm, "step");
    profile.beginStep();
    {
      parallel::ScopedRegion r(profile, stepRegion);
      advanceTime();
      pimple_.beginStep();
      while (pimple_.loop(residuals, loopLog)) {
        storePreviousIterations();
        {
          parallel::ScopedRegion r(profile, preRegion);
          prePredictor();
        }
        {
          parallel::ScopedRegion r(profile, momentumRegion);
          momentumPredictor();
        }
        {
          parallel::ScopedRegion r(profile, pressureRegion);
          pressureCorrector();
        }
      }
      postSolve();
      parallel::failIfInjected(ctx_.comm, fmt::format("after-step{}", time_.timeIndex()));
      agreeOnStep(stop.signal());
    }
    {
      parallel::ScopedRegion r(profile, writeRegion);
      if (time_.writeTime() || stopSignal_ != 0) {
        const parallel::ScopedPhase phase(profile, parallel::Phase::Output);
        // At most one snapshot in flight: the previous one is complete on
        // disk before the next is handed over (a rank dying while writing
        // leaves it usable), and a writer that cannot keep up holds the solver
        // back instead of queueing copies without bound.
        if (!pendingSnapshots_.empty()) finishWrites();
        std::optional<SnapshotWrite> snapshot = collectSnapshot();
        if (time_.writeTime()) write(snapshot ? snapshot->part : nullptr);
        if (snapshot) writeSnapshot(std::move(*snapshot));
      }
      const parallel::ScopedPhase phase(profile, parallel::Phase::FunctionObjects);
      runFunctionObjects();
    }
    reportStep();
    profile.endStep();
    if (stopSignal_ != 0) break;
  }
  {
    parallel::ScopedRegion r(profile, writeRegion);
    finishWrites();
  }
  progress_.finish();
  if (stopSignal_ != 0) {
    if (ctx_.comm.isRoot())
      std::fprintf(stderr,
                   "stopped on %s after time step %lld (time %s): restart snapshot %s written; run again with "
                   "startFrom latestTime in system/controlDict to continue\n",
                   StopRequest::name(stopSignal_), time_.timeIndex(), time_.timeName().c_str(),
                   lastCompleteSnapshot_.c_str());
    return 128 + stopSignal_;
  }
  return 0;
}

fv::CourantNumber FluidSolver::courantNumber() const {
  return fv::courantNumber(fields_.get<field::SurfaceScalarField>("phi"), time_.deltaT());
}

Scalar FluidSolver::deltaTFactor(const fv::CourantNumber& co) {
  return time_.settings().maxCo / (co.max + fv::kSmall);
}

void FluidSolver::advanceTime() {
  // OpenFOAM's order, which log tools parse: icoFoam prints "Time = " first
  // and then the Courant number; pimpleFoam and interFoam print the Courant
  // number(s) and the adjusted deltaT before "Time = ".
  const bool timeFirst = pimple_.algorithm() == Algorithm::Piso;
  const bool verbose = ctx_.verbose && ctx_.comm.isRoot();
  const fv::CourantNumber co = courantNumber();
  stepCourant_ = co;
  const auto printCourant = [&] {
    if (verbose) fmt::print(ctx_.log, "Courant Number mean: {:.6g} max: {:.6g}\n", co.mean, co.max);
  };
  if (!timeFirst) printCourant();
  const Scalar factor = deltaTFactor(co);
  if (time_.settings().adjustTimeStep) {
    time_.adjustDeltaTByFactor(factor);
    if (verbose) fmt::print(ctx_.log, "deltaT = {:.6g}\n", time_.deltaT());
  }
  time_.advance();
  solvers_.beginStep();
  if (verbose) fmt::print(ctx_.log, "Time = {}\n\n", time_.timeName());
  if (timeFirst) printCourant();
  fields_.storeOldTimes();
  fields_.updateTime(time_.value());
}

void FluidSolver::storePreviousIterations() {
  fields_.forEachVolField([&](const std::string& name, const auto& f, const field::FieldOptions&) {
    if constexpr (std::is_same_v<std::decay_t<decltype(f)>, field::VolScalarField>) {
      if (!pimple_.keepsPreviousIteration(name)) return;
      PreviousIteration& prev = previous_[name];
      prev.cells.assign(f.values().begin(), f.values().end());
      prev.boundary.assign(f.boundaryValues().begin(), f.boundaryValues().end());
    }
  });
}

void FluidSolver::relaxField(const std::string& name) {
  const std::optional<Scalar> alpha = pimple_.fieldRelaxation(name);
  if (!alpha) return;
  const PreviousIteration& prev = previous_.at(name);
  field::VolScalarField& f = fields_.modify<field::VolScalarField>(name);
  auto relax = [a = *alpha](std::span<Scalar> values, const std::vector<Scalar>& previous) {
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = previous[i] + a * (values[i] - previous[i]);
  };
  relax(f.values(), prev.cells);
  relax(f.boundaryValues(), prev.boundary);
}

void FluidSolver::log(const std::string& message) const {
  if (ctx_.verbose && ctx_.comm.isRoot()) fmt::print(ctx_.log, "{}\n", message);
}

void FluidSolver::agreeOnStep(int stopSignal) {
  // One reduction (minimum) of: the first written field (registration order)
  // with a non-finite cell, a stop signal (negated, so that any wins), whether
  // this rank's writer jobs all succeeded, and the last batch it completed.
  int firstBad = std::numeric_limits<int>::max(), index = 0;
  std::vector<std::string> names;
  fields_.forEachVolField([&](const std::string& name, const auto& f, const field::FieldOptions& options) {
    if (!options.write) return;
    for (Label c = 0; c < ctx_.mesh.nCells() && firstBad == std::numeric_limits<int>::max(); ++c)
      if (!field::isFinite(f[c])) firstBad = index;
    names.push_back(name);
    ++index;
  });
  const output::WriterPipeline::Status writes = writer_.status();
  std::array<int, 4> agreed{firstBad, -stopSignal, writes.failed ? 0 : 1,
                            static_cast<int>(std::min<std::uint64_t>(writes.completedBatch, std::numeric_limits<int>::max()))};
  ctx_.comm.minInPlace(std::span<int>(agreed));
  if (agreed[2] == 0)
    parallel::agreeOnError(ctx_.comm, writes.failed,
                           lastCompleteSnapshot_.empty()
                               ? writes.error
                               : fmt::format("{}; last complete restart snapshot: {}", writes.error,
                                             lastCompleteSnapshot_));
  commitWrites(static_cast<std::uint64_t>(agreed[3]));
  if (agreed[1] < 0 && stopSignal_ == 0) stopSignal_ = -agreed[1];
  if (agreed[0] == std::numeric_limits<int>::max()) return;
  finishWrites();  // keeps the last good output complete
  const std::string kept = lastWrittenTime_ >= 0 ? fmt::format("the last good output is time {} in VTK/",
                                                               time_.timeName(lastWrittenTime_))
                                                 : "no output was written";
  throw parallel::CollectiveError(fmt::format("{} is not finite at time step {} (time {}): the run diverged; {}",
                                              names[agreed[0]], time_.timeIndex(), time_.timeName(), kept));
}

std::optional<FluidSolver::SnapshotWrite> FluidSolver::collectSnapshot() {
  if (lastSnapshotTime_ == time_.value()) return std::nullopt;
  lastSnapshotTime_ = time_.value();
  SnapshotWrite snapshot;
  SnapshotManifest& manifest = snapshot.manifest;
  manifest.timeName = time_.timeName();
  manifest.folder = restartFolder(ctx_.caseDir) / manifest.timeName;
  manifest.time = time_.state();
  manifest.application = ctx_.controlDict.get<std::string>("application");
  manifest.nRanks = ctx_.comm.size();
  manifest.nGlobalCells = ctx_.mesh.nGlobalCells();
  manifest.numbering = numbering_;
  manifest.fieldFolder = fieldFolder_;
  SolverState state;
  saveState(state);
  manifest.solverValues = state.values;
  // The copies are taken now, at the end of the step that last changed the
  // fields; the file is written while the next steps run.
  snapshot.part = std::make_shared<const output::SnapshotPart>(collectSnapshotPart(fields_, ctx_.mesh, state));
  return snapshot;
}

void FluidSolver::writeSnapshot(SnapshotWrite snapshot) {
  const std::filesystem::path file = snapshot.manifest.folder / rankFileName(ctx_.comm.rank());
  ++batch_;
  ++snapshotCount_;
  writer_.submit(batch_, [part = std::move(snapshot.part), file, rank = ctx_.comm.rank(), count = snapshotCount_] {
    std::filesystem::create_directories(file.parent_path());
    parallel::failIfInjected(rank, fmt::format("snapshot{}", count));
    output::writeSnapshotPart(file, *part);
  });
  pendingSnapshots_.emplace_back(batch_, std::move(snapshot.manifest));
}

void FluidSolver::commitWrites(std::uint64_t completedOnEveryRank) {
  // Every rank's files of these writes are on disk: rank 0's writer thread
  // lists the VTK times in the series and writes the snapshots' manifests,
  // which make them complete.
  while (!pendingVtk_.empty() && pendingVtk_.front().first <= completedOnEveryRank) {
    lastWrittenTime_ = pendingVtk_.front().second;
    pendingVtk_.pop_front();
    if (std::function<void()> series = vtk_.commitNext()) writer_.submit(batch_, std::move(series));
  }
  while (!pendingSnapshots_.empty() && pendingSnapshots_.front().first <= completedOnEveryRank) {
    SnapshotManifest manifest = std::move(pendingSnapshots_.front().second);
    pendingSnapshots_.erase(pendingSnapshots_.begin());
    lastCompleteSnapshot_ = shownSnapshot(manifest.timeName);
    if (ctx_.comm.isRoot())
      writer_.submit(batch_, [manifest = std::move(manifest)] { writeSnapshotManifest(manifest); });
  }
}

void FluidSolver::finishWrites() {
  for (int round = 0; round < 2; ++round) {  // the rank files, then the manifests
    writer_.drain();
    const output::WriterPipeline::Status writes = writer_.status();
    parallel::agreeOnError(ctx_.comm, writes.failed, writes.error);
    commitWrites(batch_);
  }
}

void FluidSolver::restoreFromSnapshot() {
  const SnapshotManifest& m = *ctx_.restart;
  const std::string folder = m.folder.string();
  const std::string application = ctx_.controlDict.get<std::string>("application");
  if (m.application != application)
    throw parallel::CollectiveError(fmt::format("{}: written by {}, and this case runs {}", folder, m.application,
                                                application));
  if (m.nGlobalCells != ctx_.mesh.nGlobalCells())
    throw parallel::CollectiveError(fmt::format("{}: written for a mesh of {} cells, and this mesh has {}", folder,
                                                m.nGlobalCells, ctx_.mesh.nGlobalCells()));
  if (m.numbering != numbering_)
    throw parallel::CollectiveError(fmt::format(
        "{}: written for a mesh whose cells are numbered differently (the mesh changed since that run)",
        folder));
  const SolverState state = restoreSnapshot(m, fields_, ctx_.mesh);
  restoreState(state);
  time_.restore(m.time);
  lastSnapshotTime_ = time_.value();
  lastCompleteSnapshot_ = shownSnapshot(m.timeName);
  if (ctx_.comm.isRoot())
    fmt::print(ctx_.log, "Restarting from {} (time {}, step {}, written at {} rank(s))\n\n", lastCompleteSnapshot_,
               m.timeName, m.time.timeIndex, m.nRanks);
}

void FluidSolver::writeInitialState() {
  // Read in place and finished before the first step changes a field: no
  // copies of the fields (they would overlap the first step's assembly and
  // solves, 32 B/cell for U and p); the run waits for this one write.
  write(nullptr, /*inPlace=*/true);
  finishWrites();
}

void FluidSolver::write(const std::shared_ptr<const output::SnapshotPart>& snapshot, bool inPlace) {
  // The time as the user set it (the name of OpenFOAM's time directory,
  // timePrecision digits), not the sum of the steps (4.999999999999981 for 5).
  vtk_.beginTime(std::stod(time_.timeName()));
  fields_.forEachVolField([&](const std::string& name, const auto& f, const field::FieldOptions& options) {
    if (!options.write) return;
    using T = typename std::decay_t<decltype(f.values())>::value_type;
    constexpr int components = field::FieldTraits<T>::nComponents;
    // The snapshot's array of the field's name holds its owned cells' values, copied at this time.
    const output::SnapshotArray* copy = snapshot ? snapshot->find(name) : nullptr;
    if (copy && copy->kind == output::SnapshotArrayKind::Cells && copy->components == components)
      vtk_.addCellField(name, std::shared_ptr<const std::vector<double>>(snapshot, &copy->values), components);
    else if (inPlace)
      vtk_.addCellFieldInPlace(name, field::asDoubles(std::span<const T>(f.values())), components);
    else
      vtk_.addCellField(name, std::span<const T>(f.values()));
    vtk_.addBoundaryField(name, std::span<const T>(f.boundaryValues().data(), f.boundaryValues().size()));
  });
  // The fields are copied now (or share the snapshot's copies); the files are
  // written while the next steps run.
  ++batch_;
  writer_.submit(batch_, vtk_.takeWrite());
  pendingVtk_.emplace_back(batch_, time_.value());
  // Not at the start time: its folder is the run's input.
  if (time_.timeIndex() > 0 && !timeDirectoryFiles_.empty()) writeTimeDirectory();
}

void FluidSolver::prepareTimeDirectories() {
  const io::Dictionary& control = ctx_.controlDict;
  if (!parallel::collectively(ctx_.comm, [&] { return control.getOr<bool>("writeTimeDirectories", false); })) return;
  parallel::collectively(ctx_.comm, [&] {
    const std::string format = control.getOr<std::string>("writeFormat", "ascii");
    if (format != "ascii" && format != "binary")
      control.fail(fmt::format("writeFormat '{}': ascii or binary", format));
    const int precision = control.getOr<Label>("writePrecision", 6);
    fields_.forEachVolField([&](const std::string& name, const auto&, const field::FieldOptions& options) {
      if (!options.write) return;
      const std::string sourceName = fieldFolder_ + "/" + name;
      const std::optional<std::string> source = io::readTextFile(ctx_.caseDir / sourceName);
      if (!source) {
        if (ctx_.comm.isRoot())
          std::fprintf(stderr, "warning: %s is not written to the time directories: it has no field file (%s) to "
                       "take its boundary conditions from\n", name.c_str(), sourceName.c_str());
        return;
      }
      timeDirectoryFiles_.emplace(name, output::FoamFieldFile::fromSource(*source, sourceName,
                                                                          ctx_.mesh.nGlobalCells(), precision,
                                                                          format == "binary"));
    });
  });
}

void FluidSolver::writeTimeDirectory() {
  const std::string timeName = time_.timeName();
  const std::filesystem::path folder = ctx_.caseDir / timeName;
  const auto fileIds = ctx_.mesh.fileCellIds();
  const auto nCells = static_cast<std::size_t>(ctx_.mesh.nCells());
  fields_.forEachVolField([&](const std::string& name, const auto& f, const field::FieldOptions&) {
    const auto it = timeDirectoryFiles_.find(name);
    if (it == timeDirectoryFiles_.end()) return;
    using T = typename std::decay_t<decltype(f.values())>::value_type;
    const std::span<const double> d = field::asDoubles(std::span<const T>(f.values()).first(nCells));
    writer_.submit(batch_, [layout = &it->second, file = folder / name, timeName, ids = fileIds.first(nCells),
                            values = std::vector<double>(d.begin(), d.end()), root = ctx_.comm.isRoot()] {
      layout->writePart(file, timeName, ids, values, root);
    });
  });
  if (ctx_.comm.isRoot())
    writer_.submit(batch_, [file = folder / "uniform" / "time",
                            text = output::foamUniformTimeText(timeName, time_.value(), time_.timeIndex(),
                                                               time_.deltaT(), time_.deltaT0())] {
      std::filesystem::create_directories(file.parent_path());
      output::writeFileAtomically(file, text);
    });
}

void FluidSolver::runFunctionObjects() {
  if (functions_->size() == 0) return;
  output::TimeState state{time_.value(), time_.deltaT(), static_cast<long>(time_.timeIndex()), time_.writeTime(),
                          time_.timeName()};
  const std::map<std::string, linear::SolverPerformance> firstSolves = solvers_.firstInStep();
  functions_->execute(state, [&](const std::string& name) -> std::optional<output::SampledField> {
    if (const auto* s = fields_.find<field::VolScalarField>(name))
      return output::SampledField{1, field::asDoubles(std::span<const Scalar>(s->values())),
                                  field::asDoubles(s->boundaryValues())};
    if (const auto* v = fields_.find<field::VolVectorField>(name))
      return output::SampledField{3, field::asDoubles(std::span<const Vec3>(v->values())),
                                  field::asDoubles(v->boundaryValues())};
    return std::nullopt;
  }, [&first = std::as_const(firstSolves)](const std::string& solved) -> std::optional<output::SolveSummary> {
    const auto it = first.find(solved);
    if (it == first.end()) return std::nullopt;
    const linear::SolverPerformance& p = it->second;
    return output::SolveSummary{p.solverName, p.initialResidual, p.finalResidual, p.iterations, p.converged};
  });
}

void FluidSolver::reportStep() {
  if (!ctx_.comm.isRoot()) return;
  // OpenFOAM's ExecutionTime is the process's CPU time, ClockTime the whole
  // seconds of wall time since start-up.
  const double cpuSeconds = static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
  const auto clockSeconds =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - started_).count();
  if (ctx_.verbose) fmt::print(ctx_.log, "ExecutionTime = {:.6g} s  ClockTime = {} s\n\n", cpuSeconds, clockSeconds);
  const auto now = std::chrono::steady_clock::now();
  output::RunInfoFile::Figures figures{{"deltaT", time_.deltaT()}, {"CoMean", stepCourant_.mean}, {"CoMax", stepCourant_.max}};
  figures.insert(figures.end(), stepFigures_.begin(), stepFigures_.end());
  figures.push_back({"stepSeconds", std::chrono::duration<double>(now - stepStarted_).count()});
  figures.push_back({"ExecutionTime", cpuSeconds});
  figures.push_back({"ClockTime", std::chrono::duration<double>(now - started_).count()});
  runInfo_->append(time_.value(), figures);
  progress_.update(time_.value(), time_.progress(), time_.timeIndex());
}

void FluidSolver::noteStepFigure(const std::string& name, double value) {
  for (auto& [n, v] : stepFigures_)
    if (n == name) {
      v = value;
      return;
    }
  stepFigures_.emplace_back(name, value);
}

}  // namespace sluice::solvers
