// Collective error agreement at 1-4 ranks (the abort path, which ends the
// process, is tested by tests/parallel/mpi_fail under mpiexec).
#include "sluice/parallel/parallel_error.hpp"

#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "parallel/mpi/pmpi_counters.hpp"

namespace sluice::parallel {
namespace {

using test::MpiCall;
using test::mpiCalls;

TEST(AgreeOnError, NoFailureCostsOneAllreduce) {
  Communicator comm(MPI_COMM_WORLD);
  const auto before = mpiCalls();
  EXPECT_NO_THROW(agreeOnError(comm, false, "unused"));
  const auto calls = mpiCalls() - before;
  EXPECT_EQ(calls[MpiCall::Allreduce], 1);
  EXPECT_EQ(calls[MpiCall::Bcast], 0);
}

TEST(AgreeOnError, OneFailingRankReachesEveryRank) {
  Communicator comm(MPI_COMM_WORLD);
  const int failing = comm.size() - 1;
  const bool failed = comm.rank() == failing;
  try {
    agreeOnError(comm, failed, failed ? "0/U:12: unknown patch 'inlet2'" : "");
    FAIL() << "expected CollectiveError";
  } catch (const CollectiveError& e) {
    EXPECT_STREQ(e.what(), "0/U:12: unknown patch 'inlet2'");
    if (comm.size() == 1) {
      EXPECT_TRUE(e.allRanksFailed());
    } else {
      EXPECT_EQ(e.failingRank(), failing);
    }
  }
}

TEST(AgreeOnError, LowestFailingRanksMessageWins) {
  Communicator comm(MPI_COMM_WORLD);
  try {
    agreeOnError(comm, true, "failed on rank " + std::to_string(comm.rank()));
    FAIL() << "expected CollectiveError";
  } catch (const CollectiveError& e) {
    EXPECT_STREQ(e.what(), "failed on rank 0");
    EXPECT_TRUE(e.allRanksFailed());
  }
}

TEST(Collectively, ReturnsTheValueOrThrowsEverywhere) {
  Communicator comm(MPI_COMM_WORLD);
  EXPECT_EQ(collectively(comm, [&] { return comm.rank() * 2; }), comm.rank() * 2);
  try {
    collectively(comm, [&] {
      if (comm.rank() == comm.size() / 2) throw InputError("system/controlDict:4:7: expected a number");
    });
    FAIL() << "expected CollectiveError";
  } catch (const CollectiveError& e) {
    EXPECT_STREQ(e.what(), "system/controlDict:4:7: expected a number");
    EXPECT_EQ(e.failingRank(), comm.size() == 1 ? -1 : comm.size() / 2);
  }
}

TEST(RunParallelMain, CollectiveErrorReturnsOneOnEveryRank) {
  Communicator comm(MPI_COMM_WORLD);
  EXPECT_EQ(runParallelMain(comm, [] { return 0; }), 0);
  EXPECT_EQ(runParallelMain(comm, [] { return 3; }), 3);
  testing::internal::CaptureStderr();
  const int code = runParallelMain(comm, [&]() -> int {
    throw CollectiveError(fmt::format("{} ranks but the mesh has 1 cell", comm.size()));
  });
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(code, 1);
  if (comm.isRoot())
    EXPECT_EQ(err, fmt::format("error: {} ranks but the mesh has 1 cell\n", comm.size()));
  else
    EXPECT_EQ(err, "");
}

}  // namespace
}  // namespace sluice::parallel
