#pragma once
// Communication profile: named wall-time regions, MPI operation counters
// (calls, bytes, seconds per operation type) and per-time-step figures.
// Cheap enough to leave on: recording an MPI call adds to a fixed array
// indexed by the operation; a region is looked up by name once and then
// entered by its id; nothing allocates after the first use of a name.
//
//   CommProfile profile;
//   Communicator comm(MPI_COMM_WORLD, &profile);    // comm and halo exchanges record into it
//   const RegionId haloRegion = profile.region("halo");
//   for (each time step) {
//     profile.beginStep();
//     { ScopedRegion r(profile, haloRegion); halo.exchange(field); }   // nested regions allowed
//     ...
//     profile.endStep();
//   }
//   std::string table = profile.report(comm);               // collective; text on rank 0
//   profile.writeJson(comm, caseDir / kProfileFileName);    // collective; rank 0 writes
//   // or, one summary for both (the peak memory is read once):
//   const ProfileSummary s = profile.summarize(comm);
//   writeJsonOnRoot(comm, s, caseDir / kProfileFileName);   // collective; table: s.table() on the root
//
// Region times are inclusive (a region nested in another counts in both); a
// region re-entered while active (recursion) counts its calls but its time
// only once. report()/writeJson() are the only places the profile itself
// communicates (a few collectives at the end of a run); those calls are not
// recorded. The summary also carries each rank's peak resident memory
// (core::peakResidentBytes, read when summarizing), reduced together with the
// counters: it adds no MPI call.
#include <array>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <optional>
#include <vector>

#include "sluice/parallel/startup_figures.hpp"

namespace sluice::parallel {

class Communicator;

/// MPI operation types the profile counts. The last group is never called by
/// sluice (design rule: no all-to-all, probing, barriers, blocking
/// point-to-point or tree gather/scatter); they are listed so the report
/// shows they stay at zero.
enum class MpiOp : std::uint8_t {
  Allreduce,
  Iallreduce,
  Wait,
  Waitall,
  Test,
  Isend,
  Irecv,
  SendInit,   ///< persistent send request created
  RecvInit,   ///< persistent receive request created
  StartSend,  ///< MPI_Start of a persistent send
  StartRecv,  ///< MPI_Start of a persistent receive
  Bcast,
  Allgather,
  Exscan,
  CommCreate,  ///< MPI_Comm_dup, MPI_Dist_graph_create_adjacent
  CommFree,
  Abort,
  // Never used by sluice:
  Alltoall,
  Probe,
  Barrier,
  Send,
  Recv,
  Gather,
  Scatter,
  Count  ///< number of operation types (not an operation)
};

inline constexpr std::size_t kMpiOpCount = static_cast<std::size_t>(MpiOp::Count);

/// Name used in reports ("Allreduce", "StartSend", ...).
std::string_view mpiOpName(MpiOp op);

/// True for the operations sluice never calls (Alltoall ... Scatter).
constexpr bool isForbiddenOp(MpiOp op) { return op >= MpiOp::Alltoall && op < MpiOp::Count; }

/// File name of the profile written into the case directory.
inline constexpr std::string_view kProfileFileName = "sluice-profile.json";

/// What the time of a step is spent on, for the breakdown that adds up to the
/// step time: each moment of a step counts towards the innermost phase
/// entered (exclusive time), or towards "other" when none is.
enum class Phase : std::uint8_t { Assembly, GradientsFluxes, LinearSolves, Output, FunctionObjects, Count };
inline constexpr std::size_t kPhaseCount = static_cast<std::size_t>(Phase::Count);
/// "assembly", "gradients and fluxes", "linear solves", "output", "function objects".
std::string_view phaseName(Phase phase);

/// Handle of a named region, from CommProfile::region().
struct RegionId {
  int index = -1;
  friend bool operator==(RegionId, RegionId) = default;
};

struct OpCounter {
  std::uint64_t calls = 0;
  std::uint64_t bytes = 0;
  double seconds = 0;
};

struct RegionCounter {
  std::string name;
  std::uint64_t calls = 0;
  double seconds = 0;   ///< inclusive wall time
  int depth = 0;        ///< > 0 while active
  std::chrono::steady_clock::time_point started{};
};

/// min/mean/max of one figure over the ranks.
struct RankStat {
  double min = 0, mean = 0, max = 0;
};

/// Profile figures over all ranks (from CommProfile::summarize, or a single
/// rank's figures from CommProfile::localSummary).
struct ProfileSummary {
  struct Region {
    std::string name;
    RankStat calls, seconds;
  };
  struct Op {
    MpiOp op = MpiOp::Count;
    RankStat calls, bytes, seconds;           ///< whole run
    RankStat callsPerStep, bytesPerStep;      ///< mean per time step (0 if no steps)
    RankStat maxCallsInStep;                  ///< most calls in any one step
  };
  int ranks = 1;
  long long steps = 0;        ///< completed time steps (max over ranks)
  RankStat stepSeconds;       ///< wall time inside steps
  std::array<RankStat, kPhaseCount> phaseSeconds{};  ///< exclusive time of each phase inside steps
  RankStat otherSeconds;      ///< time inside steps in no phase (stepSeconds minus the phases)
  RankStat peakResidentBytes;         ///< each rank's peak resident set (bytes) when summarized
  double rootPeakResidentBytes = 0;   ///< rank 0's value of peakResidentBytes
  std::vector<Region> regions;
  std::vector<Op> ops;        ///< every MpiOp, in enum order
  std::optional<StartupFigures> startup;  ///< set by the caller (sluice run): written as "startup"

  const Op& op(MpiOp o) const { return ops[static_cast<std::size_t>(o)]; }
  const Region* region(std::string_view name) const;  ///< nullptr if absent

  /// Printable table (peak memory, regions, MPI operations with calls, per-step figures).
  std::string table() const;
  /// The JSON document written by writeJson.
  std::string json() const;
  /// Writes json() to `file`; throws sluice::InputError if it cannot.
  void writeJson(const std::filesystem::path& file) const;
};

class CommProfile {
 public:
  using Clock = std::chrono::steady_clock;

  /// Id of the region called `name`, added on first use (the only allocation).
  RegionId region(std::string_view name);
  void enter(RegionId id);
  void leave(RegionId id);

  /// Adds one call of `op` moving `bytes` and taking `seconds`.
  void record(MpiOp op, std::size_t bytes, double seconds) noexcept {
    OpCounter& c = ops_[static_cast<std::size_t>(op)];
    ++c.calls;
    c.bytes += bytes;
    c.seconds += seconds;
  }

  /// Phases (exclusive time inside steps; see Phase). Nesting allowed: the
  /// outer phase's clock stops while an inner one runs.
  void enterPhase(Phase phase);
  void leavePhase();
  /// This rank's exclusive seconds in `phase` inside steps so far.
  double phaseSeconds(Phase phase) const { return phaseSeconds_[static_cast<std::size_t>(phase)]; }

  /// Time-step bookkeeping: operations between beginStep and endStep count
  /// towards the per-step figures. Steps do not nest.
  void beginStep();
  void endStep();
  bool inStep() const { return inStep_; }

  const OpCounter& op(MpiOp o) const { return ops_[static_cast<std::size_t>(o)]; }
  const OpCounter& opInSteps(MpiOp o) const { return stepOps_[static_cast<std::size_t>(o)]; }
  std::uint64_t maxCallsInStep(MpiOp o) const { return stepMaxCalls_[static_cast<std::size_t>(o)]; }
  long long steps() const { return steps_; }
  double stepSeconds() const { return stepSeconds_; }
  const std::vector<RegionCounter>& regions() const { return regions_; }

  /// Clears every counter and region time (region ids stay valid).
  void reset();

  /// This rank's figures as a one-rank summary (no communication).
  ProfileSummary localSummary() const;
  /// Collective: min/mean/max over the ranks of `comm`, available on every rank.
  ProfileSummary summarize(const Communicator& comm) const;
  /// Collective: the printable table on the root rank, empty elsewhere.
  std::string report(const Communicator& comm) const;
  /// Collective: the root writes the JSON profile to `file`; every rank
  /// throws sluice::InputError if that fails.
  void writeJson(const Communicator& comm, const std::filesystem::path& file) const;

 private:
  std::array<OpCounter, kMpiOpCount> ops_{};
  std::array<OpCounter, kMpiOpCount> stepOps_{};
  std::array<OpCounter, kMpiOpCount> atStepBegin_{};
  std::array<std::uint64_t, kMpiOpCount> stepMaxCalls_{};
  std::vector<RegionCounter> regions_;
  std::array<double, kPhaseCount> phaseSeconds_{};
  std::vector<Phase> phaseStack_;
  Clock::time_point phaseSwitched_{};
  long long steps_ = 0;
  double stepSeconds_ = 0;
  bool inStep_ = false;
  Clock::time_point stepStarted_{};
};

/// Collective: the root writes `summary` (from summarize on every rank) as
/// JSON to `file`; every rank throws sluice::InputError if that fails.
void writeJsonOnRoot(const Communicator& comm, const ProfileSummary& summary, const std::filesystem::path& file);

/// Enters a region for its lifetime. A null profile makes it a no-op.
///   ScopedRegion r(profile, "halo");       // looks the name up (no allocation after first use)
///   ScopedRegion r(profilePtr, haloId);    // cheapest: id looked up once beforehand
class ScopedRegion {
 public:
  ScopedRegion(CommProfile* profile, RegionId id) : profile_(profile), id_(id) {
    if (profile_) profile_->enter(id_);
  }
  ScopedRegion(CommProfile& profile, RegionId id) : ScopedRegion(&profile, id) {}
  ScopedRegion(CommProfile* profile, std::string_view name)
      : ScopedRegion(profile, profile ? profile->region(name) : RegionId{}) {}
  ScopedRegion(CommProfile& profile, std::string_view name) : ScopedRegion(&profile, profile.region(name)) {}
  ~ScopedRegion() {
    if (profile_) profile_->leave(id_);
  }
  ScopedRegion(const ScopedRegion&) = delete;
  ScopedRegion& operator=(const ScopedRegion&) = delete;

 private:
  CommProfile* profile_;
  RegionId id_;
};

/// Enters a phase for its lifetime. A null profile makes it a no-op.
///   ScopedPhase p(mesh.comm().profile(), Phase::Assembly);
class ScopedPhase {
 public:
  ScopedPhase(CommProfile* profile, Phase phase) : profile_(profile) {
    if (profile_) profile_->enterPhase(phase);
  }
  ScopedPhase(CommProfile& profile, Phase phase) : ScopedPhase(&profile, phase) {}
  ~ScopedPhase() {
    if (profile_) profile_->leavePhase();
  }
  ScopedPhase(const ScopedPhase&) = delete;
  ScopedPhase& operator=(const ScopedPhase&) = delete;

 private:
  CommProfile* profile_;
};

/// Times one MPI call for the profile (null profile: does nothing, no clock read).
///   OpTimer t(profile, MpiOp::Allreduce, bytes); MPI_Allreduce(...);   // recorded at scope exit
class OpTimer {
 public:
  OpTimer(CommProfile* profile, MpiOp op, std::size_t bytes) : profile_(profile), op_(op), bytes_(bytes) {
    if (profile_) started_ = CommProfile::Clock::now();
  }
  ~OpTimer() {
    if (profile_)
      profile_->record(op_, bytes_, std::chrono::duration<double>(CommProfile::Clock::now() - started_).count());
  }
  OpTimer(const OpTimer&) = delete;
  OpTimer& operator=(const OpTimer&) = delete;

 private:
  CommProfile* profile_;
  MpiOp op_;
  std::size_t bytes_;
  CommProfile::Clock::time_point started_{};
};

}  // namespace sluice::parallel
