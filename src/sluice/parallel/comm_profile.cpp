#include "sluice/parallel/comm_profile.hpp"

#include <algorithm>
#include <fstream>

#include <fmt/format.h>
#include <mpi.h>

#include "sluice/core/error.hpp"
#include "sluice/core/json_writer.hpp"
#include "sluice/core/peak_memory.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::parallel {

namespace {

constexpr std::array<std::string_view, kMpiOpCount> kOpNames = {
    "Allreduce", "Iallreduce", "Wait",   "Waitall",  "Test",      "Isend",    "Irecv",   "SendInit",
    "RecvInit",  "StartSend",  "StartRecv", "Bcast", "Allgather", "Exscan",   "CommCreate", "CommFree",
    "Abort",     "Alltoall",   "Probe",  "Barrier",  "Send",      "Recv",     "Gather",  "Scatter"};

double secondsSince(CommProfile::Clock::time_point t) {
  return std::chrono::duration<double>(CommProfile::Clock::now() - t).count();
}

// Figures per op and per region, flattened so three reductions cover them all.
constexpr std::size_t kPerOp = 6;      // calls, bytes, seconds, callsPerStep, bytesPerStep, maxCallsInStep
constexpr std::size_t kPerRegion = 2;  // calls, seconds
// steps, stepSeconds, phase seconds, other seconds, peak resident bytes, the root's peak resident bytes
constexpr std::size_t kPeak = 2 + kPhaseCount + 1;
constexpr std::size_t kHeader = kPeak + 2;

// The peak resident memory rides along with the other figures (no call of
// its own); the root's copy is zero on every other rank, so its sum is the
// root's value.
std::vector<double> flatten(const CommProfile& p, const std::vector<std::string>& regionNames, bool root) {
  std::vector<double> v(kHeader + kPerOp * kMpiOpCount + kPerRegion * regionNames.size(), 0.0);
  const double steps = static_cast<double>(p.steps());
  v[0] = steps;
  v[1] = p.stepSeconds();
  double inPhases = 0;
  for (std::size_t i = 0; i < kPhaseCount; ++i) {
    v[2 + i] = p.phaseSeconds(static_cast<Phase>(i));
    inPhases += v[2 + i];
  }
  v[2 + kPhaseCount] = std::max(0.0, p.stepSeconds() - inPhases);
  v[kPeak] = static_cast<double>(core::peakResidentBytes());
  v[kPeak + 1] = root ? v[kPeak] : 0.0;
  for (std::size_t i = 0; i < kMpiOpCount; ++i) {
    const auto op = static_cast<MpiOp>(i);
    double* o = &v[kHeader + kPerOp * i];
    o[0] = static_cast<double>(p.op(op).calls);
    o[1] = static_cast<double>(p.op(op).bytes);
    o[2] = p.op(op).seconds;
    o[3] = steps > 0 ? static_cast<double>(p.opInSteps(op).calls) / steps : 0.0;
    o[4] = steps > 0 ? static_cast<double>(p.opInSteps(op).bytes) / steps : 0.0;
    o[5] = static_cast<double>(p.maxCallsInStep(op));
  }
  for (std::size_t r = 0; r < regionNames.size(); ++r) {
    auto it = std::find_if(p.regions().begin(), p.regions().end(),
                           [&](const RegionCounter& c) { return c.name == regionNames[r]; });
    if (it == p.regions().end()) continue;  // absent on this rank: counts as zero
    double* o = &v[kHeader + kPerOp * kMpiOpCount + kPerRegion * r];
    o[0] = static_cast<double>(it->calls);
    o[1] = it->seconds;
  }
  return v;
}

ProfileSummary unflatten(const std::vector<std::string>& regionNames, const std::vector<double>& mins,
                         const std::vector<double>& sums, const std::vector<double>& maxs, int ranks) {
  auto stat = [&](std::size_t i) { return RankStat{mins[i], sums[i] / ranks, maxs[i]}; };
  ProfileSummary s;
  s.ranks = ranks;
  s.steps = static_cast<long long>(maxs[0]);
  s.stepSeconds = stat(1);
  for (std::size_t i = 0; i < kPhaseCount; ++i) s.phaseSeconds[i] = stat(2 + i);
  s.otherSeconds = stat(2 + kPhaseCount);
  s.peakResidentBytes = stat(kPeak);
  s.rootPeakResidentBytes = sums[kPeak + 1];
  for (std::size_t i = 0; i < kMpiOpCount; ++i) {
    const std::size_t b = kHeader + kPerOp * i;
    ProfileSummary::Op op;
    op.op = static_cast<MpiOp>(i);
    op.calls = stat(b);
    op.bytes = stat(b + 1);
    op.seconds = stat(b + 2);
    op.callsPerStep = stat(b + 3);
    op.bytesPerStep = stat(b + 4);
    op.maxCallsInStep = stat(b + 5);
    s.ops.push_back(op);
  }
  for (std::size_t r = 0; r < regionNames.size(); ++r) {
    const std::size_t b = kHeader + kPerOp * kMpiOpCount + kPerRegion * r;
    s.regions.push_back({regionNames[r], stat(b), stat(b + 1)});
  }
  return s;
}

std::string jsonStat(const RankStat& s) {
  return fmt::format("{{\"min\": {}, \"mean\": {}, \"max\": {}}}", s.min, s.mean, s.max);
}

std::string humanBytes(double b) {
  if (b >= 1e9) return fmt::format("{:.2f} GB", b / 1e9);
  if (b >= 1e6) return fmt::format("{:.2f} MB", b / 1e6);
  if (b >= 1e3) return fmt::format("{:.2f} kB", b / 1e3);
  return fmt::format("{:.0f} B", b);
}

}  // namespace

std::string_view mpiOpName(MpiOp op) {
  const auto i = static_cast<std::size_t>(op);
  return i < kMpiOpCount ? kOpNames[i] : std::string_view("?");
}

std::string_view phaseName(Phase phase) {
  static constexpr std::array<std::string_view, kPhaseCount> names = {"assembly", "gradients and fluxes",
                                                                     "linear solves", "output", "function objects"};
  const auto i = static_cast<std::size_t>(phase);
  return i < kPhaseCount ? names[i] : std::string_view("?");
}

// ---------------------------------------------------------------- CommProfile

void CommProfile::enterPhase(Phase phase) {
  const Clock::time_point now = Clock::now();
  if (!phaseStack_.empty() && inStep_)
    phaseSeconds_[static_cast<std::size_t>(phaseStack_.back())] +=
        std::chrono::duration<double>(now - phaseSwitched_).count();
  if (phaseStack_.capacity() == 0) phaseStack_.reserve(16);
  phaseStack_.push_back(phase);
  phaseSwitched_ = now;
}

void CommProfile::leavePhase() {
  if (phaseStack_.empty()) throw Error("CommProfile::leavePhase: no phase entered");
  const Clock::time_point now = Clock::now();
  if (inStep_)
    phaseSeconds_[static_cast<std::size_t>(phaseStack_.back())] +=
        std::chrono::duration<double>(now - phaseSwitched_).count();
  phaseStack_.pop_back();
  phaseSwitched_ = now;
}

RegionId CommProfile::region(std::string_view name) {
  for (std::size_t i = 0; i < regions_.size(); ++i)
    if (regions_[i].name == name) return RegionId{static_cast<int>(i)};
  if (name.find('\0') != std::string_view::npos) throw Error("CommProfile::region: name contains a NUL character");
  regions_.push_back(RegionCounter{std::string(name)});
  return RegionId{static_cast<int>(regions_.size() - 1)};
}

void CommProfile::enter(RegionId id) {
  if (id.index < 0 || static_cast<std::size_t>(id.index) >= regions_.size())
    throw Error(fmt::format("CommProfile::enter: unknown region id {}", id.index));
  RegionCounter& r = regions_[static_cast<std::size_t>(id.index)];
  ++r.calls;
  if (r.depth++ == 0) r.started = Clock::now();
}

void CommProfile::leave(RegionId id) {
  if (id.index < 0 || static_cast<std::size_t>(id.index) >= regions_.size()) return;  // enter() threw already
  RegionCounter& r = regions_[static_cast<std::size_t>(id.index)];
  if (r.depth == 0) return;
  if (--r.depth == 0) r.seconds += secondsSince(r.started);
}

void CommProfile::beginStep() {
  if (inStep_) throw Error("CommProfile::beginStep: the previous step was not ended (steps do not nest)");
  inStep_ = true;
  atStepBegin_ = ops_;
  stepStarted_ = Clock::now();
}

void CommProfile::endStep() {
  if (!inStep_) throw Error("CommProfile::endStep: no step begun");
  stepSeconds_ += secondsSince(stepStarted_);
  for (std::size_t i = 0; i < kMpiOpCount; ++i) {
    const std::uint64_t calls = ops_[i].calls - atStepBegin_[i].calls;
    stepOps_[i].calls += calls;
    stepOps_[i].bytes += ops_[i].bytes - atStepBegin_[i].bytes;
    stepOps_[i].seconds += ops_[i].seconds - atStepBegin_[i].seconds;
    stepMaxCalls_[i] = std::max(stepMaxCalls_[i], calls);
  }
  ++steps_;
  inStep_ = false;
}

void CommProfile::reset() {
  ops_ = {};
  stepOps_ = {};
  atStepBegin_ = {};
  stepMaxCalls_ = {};
  for (RegionCounter& r : regions_) {
    r.calls = 0;
    r.seconds = 0;
    if (r.depth > 0) r.started = Clock::now();
  }
  steps_ = 0;
  stepSeconds_ = 0;
  phaseSeconds_ = {};
  phaseSwitched_ = Clock::now();
  if (inStep_) stepStarted_ = Clock::now();
}

ProfileSummary CommProfile::localSummary() const {
  std::vector<std::string> names;
  for (const RegionCounter& r : regions_) names.push_back(r.name);
  const std::vector<double> v = flatten(*this, names, true);
  return unflatten(names, v, v, v, 1);
}

ProfileSummary CommProfile::summarize(const Communicator& comm) const {
  // Region names may differ between ranks: gather them all (NUL separated)
  // and use their union, in order of first appearance by rank.
  std::string mine;
  for (const RegionCounter& r : regions_) {
    mine += r.name;
    mine += '\0';
  }
  const int size = comm.size();
  int myLength = static_cast<int>(mine.size());
  std::vector<int> lengths(static_cast<std::size_t>(size)), offsets(static_cast<std::size_t>(size), 0);
  MPI_Allgather(&myLength, 1, MPI_INT, lengths.data(), 1, MPI_INT, comm.get());
  for (int r = 1; r < size; ++r) offsets[r] = offsets[r - 1] + lengths[r - 1];
  std::string all(static_cast<std::size_t>(offsets.back() + lengths.back()), '\0');
  MPI_Allgatherv(mine.data(), myLength, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, comm.get());
  std::vector<std::string> names;
  for (std::size_t pos = 0; pos < all.size();) {
    const std::size_t end = all.find('\0', pos);
    std::string name = all.substr(pos, end - pos);
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(std::move(name));
    pos = end + 1;
  }

  const std::vector<double> local = flatten(*this, names, comm.isRoot());
  std::vector<double> mins(local.size()), sums(local.size()), maxs(local.size());
  const int n = static_cast<int>(local.size());
  MPI_Allreduce(local.data(), mins.data(), n, MPI_DOUBLE, MPI_MIN, comm.get());
  MPI_Allreduce(local.data(), sums.data(), n, MPI_DOUBLE, MPI_SUM, comm.get());
  MPI_Allreduce(local.data(), maxs.data(), n, MPI_DOUBLE, MPI_MAX, comm.get());
  return unflatten(names, mins, sums, maxs, size);
}

std::string CommProfile::report(const Communicator& comm) const {
  ProfileSummary s = summarize(comm);
  return comm.isRoot() ? s.table() : std::string();
}

void CommProfile::writeJson(const Communicator& comm, const std::filesystem::path& file) const {
  writeJsonOnRoot(comm, summarize(comm), file);
}

void writeJsonOnRoot(const Communicator& comm, const ProfileSummary& s, const std::filesystem::path& file) {
  std::string failure;
  if (comm.isRoot()) {
    try {
      s.writeJson(file);
    } catch (const Error& e) {
      failure = e.what();
    }
  }
  {  // the root's outcome, so every rank throws or none
    long long length = static_cast<long long>(failure.size());
    MPI_Bcast(&length, 1, MPI_LONG_LONG, 0, comm.get());
    failure.resize(static_cast<std::size_t>(length));
    if (length > 0) MPI_Bcast(failure.data(), static_cast<int>(length), MPI_CHAR, 0, comm.get());
  }
  if (!failure.empty()) throw InputError(failure);
}

// ---------------------------------------------------------------- ProfileSummary

const ProfileSummary::Region* ProfileSummary::region(std::string_view name) const {
  for (const Region& r : regions)
    if (r.name == name) return &r;
  return nullptr;
}

std::string ProfileSummary::table() const {
  std::string out = fmt::format("Communication profile: {} rank{}, {} time step{}", ranks, ranks == 1 ? "" : "s",
                                steps, steps == 1 ? "" : "s");
  if (steps > 0)
    out += fmt::format(", {:.4g} s in steps (mean {:.4g} s per step)", stepSeconds.max,
                       stepSeconds.max / static_cast<double>(steps));
  out += "\nFigures per rank as min / mean / max over ranks.\n";
  constexpr double kMiB = 1024.0 * 1024.0;
  out += fmt::format("Peak resident memory per rank: {:.1f} / {:.1f} / {:.1f} MiB (rank 0: {:.1f} MiB)\n",
                     peakResidentBytes.min / kMiB, peakResidentBytes.mean / kMiB, peakResidentBytes.max / kMiB,
                     rootPeakResidentBytes / kMiB);
  if (!regions.empty()) {
    out += fmt::format("\n{:<24} {:>12} {:>32}\n", "region", "calls(mean)", "seconds min / mean / max");
    for (const Region& r : regions)
      out += fmt::format("{:<24} {:>12.0f} {:>10.4g} /{:>10.4g} /{:>10.4g}\n", r.name, r.calls.mean, r.seconds.min,
                         r.seconds.mean, r.seconds.max);
  }
  if (steps > 0) {
    // Exclusive times: these lines add up to the time in steps.
    out += fmt::format("\n{:<24} {:>12} {:>32}\n", "time in steps", "share", "seconds min / mean / max");
    const auto line = [&](std::string_view name, const RankStat& t) {
      const double share = stepSeconds.mean > 0 ? 100 * t.mean / stepSeconds.mean : 0;
      out += fmt::format("{:<24} {:>11.1f}% {:>10.4g} /{:>10.4g} /{:>10.4g}\n", name, share, t.min, t.mean, t.max);
    };
    for (std::size_t i = 0; i < kPhaseCount; ++i) line(phaseName(static_cast<Phase>(i)), phaseSeconds[i]);
    line("other (not attributed)", otherSeconds);
    line("total", stepSeconds);
  }
  out += fmt::format("\n{:<12} {:>12} {:>14} {:>14} {:>12} {:>32}\n", "MPI op", "calls(mean)", "calls/step",
                     "max in a step", "bytes(mean)", "seconds min / mean / max");
  std::string unused;
  for (const Op& o : ops) {
    if (o.calls.max == 0) {
      if (isForbiddenOp(o.op)) unused += fmt::format("{}{}", unused.empty() ? "" : ", ", mpiOpName(o.op));
      continue;
    }
    out += fmt::format("{:<12} {:>12.0f} {:>14.4g} {:>14.0f} {:>12} {:>10.4g} /{:>10.4g} /{:>10.4g}\n",
                       mpiOpName(o.op), o.calls.mean, o.callsPerStep.mean, o.maxCallsInStep.max,
                       humanBytes(o.bytes.mean), o.seconds.min, o.seconds.mean, o.seconds.max);
  }
  if (!unused.empty()) out += fmt::format("Not called on any rank: {}\n", unused);
  return out;
}

std::string ProfileSummary::json() const {
  std::string out = "{\n";
  out += fmt::format("  \"ranks\": {},\n  \"steps\": {},\n  \"stepSeconds\": {},\n", ranks, steps,
                     jsonStat(stepSeconds));
  out += fmt::format("  \"peakResidentBytes\": {},\n  \"rank0PeakResidentBytes\": {},\n",
                     jsonStat(peakResidentBytes), rootPeakResidentBytes);
  if (startup) out += fmt::format("  \"startup\": {},\n", startup->json());
  out += "  \"stepBreakdown\": {";
  for (std::size_t i = 0; i < kPhaseCount; ++i)
    out += fmt::format("{}\n    {}: {}", i ? "," : "", jsonString(phaseName(static_cast<Phase>(i))),
                       jsonStat(phaseSeconds[i]));
  out += fmt::format(",\n    \"other\": {}\n  }},\n", jsonStat(otherSeconds));
  out += "  \"regions\": [";
  for (std::size_t i = 0; i < regions.size(); ++i)
    out += fmt::format("{}\n    {{\"name\": {}, \"calls\": {}, \"seconds\": {}}}", i ? "," : "",
                       jsonString(regions[i].name), jsonStat(regions[i].calls), jsonStat(regions[i].seconds));
  out += regions.empty() ? "],\n" : "\n  ],\n";
  out += "  \"mpi\": {";
  for (std::size_t i = 0; i < ops.size(); ++i) {
    const Op& o = ops[i];
    out += fmt::format(
        "{}\n    {}: {{\"calls\": {}, \"bytes\": {}, \"seconds\": {}, \"callsPerStep\": {}, \"bytesPerStep\": {}, "
        "\"maxCallsInStep\": {}}}",
        i ? "," : "", jsonString(mpiOpName(o.op)), jsonStat(o.calls), jsonStat(o.bytes), jsonStat(o.seconds),
        jsonStat(o.callsPerStep), jsonStat(o.bytesPerStep), jsonStat(o.maxCallsInStep));
  }
  out += "\n  }\n}\n";
  return out;
}

void ProfileSummary::writeJson(const std::filesystem::path& file) const {
  std::ofstream os(file, std::ios::binary | std::ios::trunc);
  if (!os) throw InputError(fmt::format("{}: cannot open the profile file for writing", file.string()));
  os << json();
  os.close();
  if (!os) throw InputError(fmt::format("{}: writing the profile file failed", file.string()));
}

}  // namespace sluice::parallel
