#pragma once
// The time loop every flow solver shares (OpenFOAM's foamRun, with the
// solver modules' stages as virtual functions): for each time step the
// Courant number and time step, the old-time levels of the registered
// fields, the PIMPLE outer loop calling the stages, then the finite check,
// output of the registered fields and the function objects, and a row of
// CASE/postProcessing/runInfo. A run from time t0 first removes what an
// earlier run of the case wrote at times >= t0 (VTK, function objects).
//
//   class MySolver : public FluidSolver {
//     MySolver(RunContext& c) : FluidSolver(c, Algorithm::Pimple) {
//       fields().add(readVolVectorField(...), {.write = true, .oldTimes = true});
//       ...
//       finishSetup();                      // links boundary conditions, builds output (collective)
//     }
//     void prePredictor() override;         // one outer iteration: (optional) first stage,
//     void momentumPredictor() override;    // momentum,
//     void pressureCorrector() override;    // then pressure and flux
//   };
//   int status = solver.run();               // collective
//
// Fields are owned by the FieldRegistry (fields()); stages change them
// through fields().modify<...>(name). Output writes every field registered
// with `write`; function objects sample any registered volume field by name.
//
// Output: at every write time the fields are copied and handed to the writer
// thread (VTK files, OpenFOAM time directories with controlDict
// `writeTimeDirectories yes`, then a restart snapshot); the solver goes on with the
// next step while they are written. A VTK time joins the series once every
// rank's files of it are written, agreed in the step's one reduction.
//
// Restart: at every write time (but the first) a restart snapshot of every
// registered field and of the solver's own state (saveState) is handed to
// the writer thread, and made complete (its manifest written) once every
// rank's file is on disk, agreed in the step's one reduction. A run whose
// context names a snapshot reads its fields' boundary conditions from
// fieldFolder(), then takes every value from the snapshot before the first
// step (restoreState), so it continues as if never stopped. SIGINT, SIGTERM
// or SIGUSR1 end the run after the current step with a snapshot; run()
// returns 128 + the signal.
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sluice/field/field_registry.hpp"
#include "sluice/fv/flow_diagnostics.hpp"
#include "sluice/fv/fv_schemes.hpp"
#include "sluice/fv/time_step.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/output/foam_field_file.hpp"
#include "sluice/output/function_objects.hpp"
#include "sluice/output/run_info_file.hpp"
#include "sluice/output/sampling_mesh.hpp"
#include "sluice/output/vtk_writer.hpp"
#include "sluice/output/writer_pipeline.hpp"
#include "sluice/solvers/equation_solvers.hpp"
#include "sluice/solvers/pimple_control.hpp"
#include "sluice/solvers/progress_display.hpp"
#include "sluice/solvers/restart_snapshot.hpp"
#include "sluice/solvers/solver.hpp"
#include "sluice/solvers/time_control.hpp"

namespace sluice::solvers {

class FluidSolver : public Solver {
 public:
  ~FluidSolver() override;
  int run() final;

  const field::FieldRegistry& fields() const { return fields_; }
  field::FieldRegistry& fields() { return fields_; }
  const TimeControl& time() const { return time_; }
  const PimpleControl& pimple() const { return pimple_; }

 protected:
  /// Reads fvSchemes, fvSolution (the algorithm's dictionary) and the time
  /// controls. Collective only through what it reads (every rank reads).
  FluidSolver(RunContext& context, Algorithm algorithm);

  /// Call at the end of the subclass constructor, once every field is
  /// registered: links boundary conditions (InputError for a missing field),
  /// builds the function objects. Collective.
  void finishSetup();

  // ---- stages of one outer iteration
  /// First stage of each outer iteration (VoF: the volume fraction and mixture).
  virtual void prePredictor() {}
  virtual void momentumPredictor() = 0;
  virtual void pressureCorrector() = 0;
  /// After the outer loop of a time step.
  virtual void postSolve() {}
  /// The Courant number of the flux "phi" for the step about to be taken.
  virtual fv::CourantNumber courantNumber() const;
  /// How much the time step may grow with adjustTimeStep (OpenFOAM's
  /// maxDeltaTFact): maxCo / (Co + SMALL); VoF also bounds the interface
  /// Courant number.
  virtual Scalar deltaTFactor(const fv::CourantNumber& co);
  /// The fields whose residuals the outer-loop controls read.
  virtual std::vector<std::string> controlledFields() const = 0;
  /// What the solver keeps between steps outside the registry, for restart
  /// snapshots, and setting it back (after the registry's fields are).
  virtual void saveState(SolverState& /*state*/) const {}
  virtual void restoreState(const SolverState& /*state*/) {}

  // ---- services for the stages
  /// Explicit relaxation of a registered scalar field towards its value at
  /// the start of the outer iteration: cells (ghosts included) and boundary
  /// values, conditions not re-evaluated (OpenFOAM's field.relax()). Does
  /// nothing without a factor for this iteration.
  void relaxField(const std::string& name);
  /// A figure of this time step for postProcessing/runInfo (e.g.
  /// "interfaceCoMax"); the same figures every step.
  void noteStepFigure(const std::string& name, double value);
  /// Writes "message\n" to the log on rank 0 when verbose.
  void log(const std::string& message) const;
  /// The solver entry's solve function (EquationSolvers::solverFor).
  fv::ScalarSolveFn solver(const std::string& entry) { return solvers_.solverFor(entry); }
  /// The entry's components-together solve function, or empty (EquationSolvers::componentsSolverFor).
  fv::ComponentsSolveFn componentsSolver(const std::string& entry) { return solvers_.componentsSolverFor(entry); }
  fv::TimeStep timeStep() const { return {time_.deltaT(), time_.deltaT0()}; }
  /// The time folder to read the field files (boundary conditions, initial
  /// values) from: the start time's, or for a restart the folder its
  /// snapshot names (whose values the snapshot then replaces).
  const std::string& fieldFolder() const { return fieldFolder_; }

  RunContext& ctx_;
  io::Dictionary fvSchemesDict_, fvSolutionDict_;
  fv::FvSchemes schemes_;
  PimpleControl pimple_;
  TimeControl time_;
  EquationSolvers solvers_;
  Scalar cumulativeContinuityError_ = 0;
  /// Profile region of prePredictor() ("alpha-predictor" for VoF).
  std::string prePredictorRegion_ = "pre-predictor";

 private:
  void removeEarlierOutputs();
  void advanceTime();
  void storePreviousIterations();
  /// The step's one reduction: finite fields, stop requests and how the
  /// writer thread's jobs went, agreed over the ranks; commits complete
  /// snapshots; throws CollectiveError for a divergence or a failed write.
  void agreeOnStep(int stopSignal);
  /// Hands this time's VTK write to the writer thread. A field's cell values
  /// are taken from `snapshot` (this time's restart snapshot, if any) where
  /// it holds them: one copy of them per write time, shared by both jobs.
  /// `inPlace`: the other fields are read in place, not copied (the caller
  /// waits for the write before a field changes).
  void write(const std::shared_ptr<const output::SnapshotPart>& snapshot = nullptr, bool inPlace = false);
  /// The start time's VTK write, read in place and waited for (collective).
  void writeInitialState();
  /// A restart snapshot of the current state: the copies and its manifest.
  struct SnapshotWrite {
    std::shared_ptr<const output::SnapshotPart> part;
    SnapshotManifest manifest;
  };
  /// Copies the state for a snapshot (nullopt if this time has one already).
  std::optional<SnapshotWrite> collectSnapshot();
  /// Hands a collected snapshot to the writer thread.
  void writeSnapshot(SnapshotWrite snapshot);
  /// Collective: waits for the writer thread, agrees on how it went and writes
  /// the manifests of the snapshots not yet complete.
  void finishWrites();
  /// Lists written VTK times in the series and makes written snapshots
  /// complete, up to the batch every rank's writer has finished.
  void commitWrites(std::uint64_t completedOnEveryRank);
  void restoreFromSnapshot();
  /// controlDict `writeTimeDirectories yes`: the layouts of the written
  /// fields' OpenFOAM files (from the files the run read). Collective.
  void prepareTimeDirectories();
  /// Hands CASE/<time>/<field> and <time>/uniform/time to the writer thread.
  void writeTimeDirectory();
  void runFunctionObjects();
  void reportStep();

  field::FieldRegistry fields_;
  /// Cell and boundary values at the start of the outer iteration, for relaxField.
  struct PreviousIteration {
    std::vector<Scalar> cells, boundary;
  };
  std::map<std::string, PreviousIteration> previous_;
  output::VtkWriter vtk_;
  std::unique_ptr<output::SamplingMesh> samplingMesh_;  ///< built only when a function object samples
  std::unique_ptr<output::FunctionObjects> functions_;
  ProgressDisplay progress_;
  std::chrono::steady_clock::time_point started_, stepStarted_;
  std::unique_ptr<output::RunInfoFile> runInfo_;  ///< rank 0
  output::RunInfoFile::Figures stepFigures_;     ///< noteStepFigure's
  fv::CourantNumber stepCourant_;  ///< of the step being taken
  Scalar lastWrittenTime_ = -1;
  std::string fieldFolder_;
  std::string numbering_;  ///< cellNumberingFingerprint of the mesh
  output::WriterPipeline writer_;
  std::uint64_t batch_ = 0;  ///< job batches handed to the writer (a VTK write, a snapshot)
  int snapshotCount_ = 0;     ///< snapshots handed to the writer
  std::vector<std::pair<std::uint64_t, SnapshotManifest>> pendingSnapshots_;  ///< written, manifest not yet
  std::deque<std::pair<std::uint64_t, Scalar>> pendingVtk_;  ///< VTK writes (batch, time) not yet in the series
  std::string lastCompleteSnapshot_;  ///< folder of the last snapshot made complete ("" none)
  Scalar lastSnapshotTime_ = -1;
  int stopSignal_ = 0;  ///< agreed over the ranks
  std::map<std::string, output::FoamFieldFile> timeDirectoryFiles_;  ///< by field; empty: none written
};

}  // namespace sluice::solvers
