// CommProfile over ranks: per-step counts of a small time loop, min/mean/max
// summaries, the report table and the JSON file (parsed with python3).
#include "sluice/parallel/comm_profile.hpp"

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <fstream>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include "parallel/mpi/pmpi_counters.hpp"
#include "parallel/mpi/ring_decomposition.hpp"
#include "sluice/core/error.hpp"
#include "sluice/core/peak_memory.hpp"
#include "sluice/parallel/communicator.hpp"
#include "sluice/parallel/halo_exchange.hpp"

namespace sluice::parallel {
namespace {

using test::MpiCall;
using test::mpiCalls;

// A time loop of `steps` steps, each one halo exchange and one fused
// reduction of three values, inside regions "step" > "halo" / "reduce".
void runLoop(Communicator& comm, CommProfile& profile, int steps) {
  const auto ring = test::makeRing(comm.rank(), comm.size(), 1, true);
  HaloExchange halo(comm, ring.pattern, 50);
  std::vector<double> f(ring.globalIds.begin(), ring.globalIds.end());
  const RegionId stepRegion = profile.region("step");
  const RegionId haloRegion = profile.region("halo");
  for (int s = 0; s < steps; ++s) {
    profile.beginStep();
    {
      ScopedRegion r(profile, stepRegion);
      {
        ScopedRegion h(profile, haloRegion);
        halo.exchange(f);
      }
      ScopedRegion red(profile, "reduce");
      std::array<double, 3> v{1, 2, 3};
      comm.sumInPlace(v);
    }
    profile.endStep();
  }
}

TEST(CommProfileMpi, StepCountsOfATimeLoop) {
  CommProfile profile;
  Communicator comm(MPI_COMM_WORLD, &profile);
  const auto before = mpiCalls();
  runLoop(comm, profile, 4);
  const auto calls = mpiCalls() - before;
  const long n = static_cast<long>(test::makeRing(comm.rank(), comm.size(), 1, true).pattern.neighbours.size());

  EXPECT_EQ(profile.steps(), 4);
  EXPECT_EQ(profile.opInSteps(MpiOp::Allreduce).calls, 4u);
  EXPECT_EQ(profile.maxCallsInStep(MpiOp::Allreduce), 1u);
  EXPECT_EQ(profile.opInSteps(MpiOp::StartSend).calls, std::uint64_t(4 * n));
  EXPECT_EQ(profile.maxCallsInStep(MpiOp::StartSend), std::uint64_t(n));
  EXPECT_EQ(profile.opInSteps(MpiOp::Waitall).calls, std::uint64_t(n > 0 ? 4 : 0));
  // Persistent requests were created in the first step only.
  EXPECT_EQ(profile.op(MpiOp::SendInit).calls, std::uint64_t(n));
  EXPECT_EQ(profile.maxCallsInStep(MpiOp::SendInit), std::uint64_t(n));
  // The profile agrees with what reached MPI; nothing forbidden was called.
  EXPECT_EQ(calls[MpiCall::Allreduce], 4);
  EXPECT_EQ(calls[MpiCall::Start], 4 * 2 * n);
  EXPECT_EQ(calls[MpiCall::Waitall], n > 0 ? 4 : 0);
  EXPECT_EQ(calls.forbidden(), 0);
  for (MpiOp op : {MpiOp::Alltoall, MpiOp::Probe, MpiOp::Barrier, MpiOp::Send, MpiOp::Recv, MpiOp::Gather,
                   MpiOp::Scatter})
    EXPECT_EQ(profile.op(op).calls, 0u) << mpiOpName(op);

  // Regions: every step entered each once.
  ASSERT_EQ(profile.regions().size(), 3u);
  for (const auto& r : profile.regions()) EXPECT_EQ(r.calls, 4u) << r.name;
  EXPECT_GE(profile.regions()[0].seconds, profile.regions()[1].seconds);  // "step" encloses "halo"
}

TEST(CommProfileMpi, SummaryOverRanks) {
  CommProfile profile;
  Communicator comm(MPI_COMM_WORLD, &profile);
  runLoop(comm, profile, 3);
  // A region that exists on the last rank only.
  if (comm.rank() == comm.size() - 1) {
    ScopedRegion r(profile, "lastRankOnly");
  }
  const auto before = mpiCalls();
  const ProfileSummary s = profile.summarize(comm);
  EXPECT_EQ((mpiCalls() - before).forbidden(), 0);  // the final gather uses allgather/allreduce only

  EXPECT_EQ(s.ranks, comm.size());
  EXPECT_EQ(s.steps, 3);
  const auto& allreduce = s.op(MpiOp::Allreduce);
  EXPECT_EQ(allreduce.calls.min, 3);
  EXPECT_EQ(allreduce.calls.mean, 3);
  EXPECT_EQ(allreduce.calls.max, 3);
  EXPECT_EQ(allreduce.callsPerStep.mean, 1);
  EXPECT_EQ(allreduce.bytesPerStep.max, 3 * sizeof(double));
  // Neighbours per rank (ring): 0 at one rank, 1 at two, 2 from three ranks.
  const double n = comm.size() == 1 ? 0 : (comm.size() == 2 ? 1 : 2);
  EXPECT_EQ(s.op(MpiOp::StartRecv).callsPerStep.min, n);
  EXPECT_EQ(s.op(MpiOp::StartRecv).callsPerStep.max, n);
  EXPECT_EQ(s.op(MpiOp::StartRecv).bytesPerStep.mean, 2 * sizeof(double) * (n > 0 ? 1 : 0));
  EXPECT_EQ(s.op(MpiOp::Barrier).calls.max, 0);

  ASSERT_NE(s.region("halo"), nullptr);
  EXPECT_EQ(s.region("halo")->calls.min, 3);
  const auto* only = s.region("lastRankOnly");
  ASSERT_NE(only, nullptr);  // union of the ranks' regions
  EXPECT_EQ(only->calls.max, 1);
  EXPECT_EQ(only->calls.min, comm.size() == 1 ? 1 : 0);
  EXPECT_DOUBLE_EQ(only->calls.mean, 1.0 / comm.size());
  EXPECT_EQ(s.regions.back().name, "lastRankOnly");

  const std::string table = profile.report(comm);
  if (comm.isRoot()) {
    EXPECT_NE(table.find(fmt::format("Communication profile: {} rank", comm.size())), std::string::npos) << table;
    EXPECT_NE(table.find("Allreduce"), std::string::npos) << table;
    EXPECT_NE(table.find("lastRankOnly"), std::string::npos) << table;
    EXPECT_NE(table.find("Not called on any rank: Alltoall, Probe, Barrier, Send, Recv, Gather, Scatter"),
              std::string::npos)
        << table;
  } else {
    EXPECT_EQ(table, "");
  }
}

// Peak resident memory: every rank r > 0 first touches the largest peak of
// any rank plus r x 32 MiB, so rank 0 has the smallest peak and the last rank
// the largest. The summary's min / mean / max / rank 0 figures lie between
// the same reductions of the readings each rank takes just before and just
// after summarizing (the peak only grows; the kernel syncs its page counts in
// batches, so readings may differ by a few pages either way: 1 MiB slack), and
// the summary makes no MPI call more than the counters' own reductions.
TEST(CommProfileMpi, PeakResidentMemoryOverRanks) {
  CommProfile profile;
  Communicator comm(MPI_COMM_WORLD, &profile);
  runLoop(comm, profile, 1);
  auto reduce = [&](double x, MPI_Op op) {
    double r = 0;
    MPI_Allreduce(&x, &r, 1, MPI_DOUBLE, op, comm.get());
    return r;
  };
  constexpr double kStep = 32.0 * 1024 * 1024;
  const double largest = reduce(static_cast<double>(core::peakResidentBytes()), MPI_MAX);
  const auto extra = static_cast<std::size_t>(comm.rank() > 0 ? largest + comm.rank() * kStep : 0.0);
  std::unique_ptr<unsigned char[]> block(extra > 0 ? new unsigned char[extra] : nullptr);
  if (extra > 0) std::memset(block.get(), 1, extra);

  const double before = static_cast<double>(core::peakResidentBytes());
  const auto callsBefore = mpiCalls();
  const ProfileSummary s = profile.summarize(comm);
  const auto calls = mpiCalls() - callsBefore;
  const double after = static_cast<double>(core::peakResidentBytes());
  if (extra > 0) EXPECT_EQ(block[extra - 1], 1);
  EXPECT_EQ(calls[MpiCall::Allreduce], 3);  // min, sum, max of every figure together; no call for the memory
  EXPECT_EQ(calls.forbidden(), 0);

  const int n = comm.size();
  EXPECT_GT(s.peakResidentBytes.min, 0);
  EXPECT_LE(s.peakResidentBytes.min, s.peakResidentBytes.mean);
  EXPECT_LE(s.peakResidentBytes.mean, s.peakResidentBytes.max);
  constexpr double kSlack = 1024.0 * 1024;
  EXPECT_LE(reduce(before, MPI_MIN) - kSlack, s.peakResidentBytes.min);
  EXPECT_GE(reduce(after, MPI_MIN) + kSlack, s.peakResidentBytes.min);
  EXPECT_LE(reduce(before, MPI_MAX) - kSlack, s.peakResidentBytes.max);
  EXPECT_GE(reduce(after, MPI_MAX) + kSlack, s.peakResidentBytes.max);
  EXPECT_LE(reduce(before, MPI_SUM) / n - kSlack, s.peakResidentBytes.mean);
  EXPECT_GE(reduce(after, MPI_SUM) / n + kSlack, s.peakResidentBytes.mean);
  double root[2] = {before, after};
  MPI_Bcast(root, 2, MPI_DOUBLE, 0, comm.get());
  EXPECT_LE(root[0] - kSlack, s.rootPeakResidentBytes);
  EXPECT_GE(root[1] + kSlack, s.rootPeakResidentBytes);
  EXPECT_EQ(s.peakResidentBytes.min, s.rootPeakResidentBytes);  // rank 0's is the smallest
  EXPECT_GE(s.peakResidentBytes.max, largest + (n - 1) * kStep);   // the last rank's

  const std::string table = s.table();
  EXPECT_NE(table.find(fmt::format("Peak resident memory per rank: {:.1f} /", s.peakResidentBytes.min / 1048576.0)),
            std::string::npos)
      << table;
}

TEST(CommProfileMpi, JsonFileIsWellFormed) {
  CommProfile profile;
  Communicator comm(MPI_COMM_WORLD, &profile);
  runLoop(comm, profile, 2);
  // Only the root writes; a per-process name keeps parallel CTest runs apart.
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / fmt::format("sluice-profile-test-{}", ::getpid());
  if (comm.isRoot()) std::filesystem::create_directories(dir);
  const auto file = dir / std::string(kProfileFileName);
  profile.writeJson(comm, file);
  if (comm.isRoot()) {
    ASSERT_TRUE(std::filesystem::exists(file));
    const std::string check = fmt::format(
        "python3 -c \"import json,sys; d=json.load(open(sys.argv[1])); "
        "assert d['ranks']=={0}, d['ranks']; assert d['steps']==2; "
        "assert d['mpi']['Allreduce']['calls']['max']==2; "
        "assert d['mpi']['Allreduce']['callsPerStep']['mean']==1; "
        "assert all(d['mpi'][k]['calls']['max']==0 "
        "for k in ['Alltoall','Probe','Barrier','Send','Recv','Gather','Scatter']); "
        "assert [r['name'] for r in d['regions']]==['step','halo','reduce']; "
        "assert set(d['stepSeconds'])=={{'min','mean','max'}}; "
        "m=d['peakResidentBytes']; assert 0<m['min']<=m['mean']<=m['max'], m; "
        "assert m['min']<=d['rank0PeakResidentBytes']<=m['max'], d\" '{1}'",
        comm.size(), file.string());
    EXPECT_EQ(std::system(check.c_str()), 0) << check;
    std::filesystem::remove_all(dir);
  }
}

TEST(CommProfileMpi, UnwritableJsonFailsOnEveryRank) {
  CommProfile profile;
  Communicator comm(MPI_COMM_WORLD, &profile);
  try {
    profile.writeJson(comm, "/nonexistent-sluice-dir/sluice-profile.json");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "/nonexistent-sluice-dir/sluice-profile.json: cannot open the profile file for writing");
  }
}

}  // namespace
}  // namespace sluice::parallel
