// Communicator reductions, broadcasts and topology at 1-4 ranks, checked
// against values computed serially, with the MPI calls counted.
#include "sluice/parallel/communicator.hpp"

#include <array>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "parallel/mpi/pmpi_counters.hpp"
#include "parallel/mpi/ring_decomposition.hpp"
#include "sluice/core/error.hpp"
#include "sluice/parallel/comm_profile.hpp"

namespace sluice::parallel {
namespace {

using test::MpiCall;
using test::mpiCalls;

// Serial sums over ranks 0..n-1 of (r+1), r^2 and 1.
std::array<double, 3> expectedSums(int n) {
  std::array<double, 3> s{};
  for (int r = 0; r < n; ++r) {
    s[0] += r + 1;
    s[1] += double(r) * r;
    s[2] += 1;
  }
  return s;
}

TEST(Communicator, WrapsWorld) {
  Communicator comm(MPI_COMM_WORLD);
  int rank = -1, size = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  EXPECT_EQ(comm.rank(), rank);
  EXPECT_EQ(comm.size(), size);
  EXPECT_EQ(comm.isRoot(), rank == 0);
  EXPECT_FALSE(comm.owning());
  EXPECT_EQ(comm.profile(), nullptr);
}

TEST(Communicator, FusedSumIsOneAllreduce) {
  CommProfile profile;
  Communicator comm(MPI_COMM_WORLD, &profile);
  const int r = comm.rank();
  std::array<double, 3> v{r + 1.0, double(r) * r, 1.0};
  const auto before = mpiCalls();
  comm.sumInPlace(v);
  const auto calls = mpiCalls() - before;
  const auto expected = expectedSums(comm.size());
  EXPECT_EQ(v[0], expected[0]);
  EXPECT_EQ(v[1], expected[1]);
  EXPECT_EQ(v[2], expected[2]);
  EXPECT_EQ(calls[MpiCall::Allreduce], 1);
  EXPECT_EQ(calls.forbidden(), 0);
  EXPECT_EQ(profile.op(MpiOp::Allreduce).calls, 1u);
  EXPECT_EQ(profile.op(MpiOp::Allreduce).bytes, 3 * sizeof(double));
}

TEST(Communicator, StartSumWaitGivesTheSameSums) {
  CommProfile profile;
  Communicator comm(MPI_COMM_WORLD, &profile);
  const int r = comm.rank();
  std::vector<double> v{r + 1.0, double(r) * r, 1.0};
  const auto before = mpiCalls();
  PendingReduction p = comm.startSum(v);
  EXPECT_TRUE(p.pending());
  EXPECT_THROW((void)p.values(), Error);
  p.wait();
  EXPECT_FALSE(p.pending());
  const auto calls = mpiCalls() - before;
  const auto expected = expectedSums(comm.size());
  EXPECT_EQ(v, std::vector<double>(expected.begin(), expected.end()));
  EXPECT_EQ(p.values().data(), v.data());  // in place
  EXPECT_EQ(calls[MpiCall::Iallreduce], 1);
  EXPECT_EQ(calls[MpiCall::Wait], 1);
  EXPECT_EQ(calls[MpiCall::Allreduce], 0);
  EXPECT_EQ(profile.op(MpiOp::Iallreduce).calls, 1u);
  EXPECT_EQ(profile.op(MpiOp::Wait).calls, 1u);
  p.wait();  // completed: no further MPI call
  EXPECT_EQ((mpiCalls() - before)[MpiCall::Wait], 1);
}

TEST(Communicator, StartSumCopyAndTestLoop) {
  Communicator comm(MPI_COMM_WORLD);
  const int r = comm.rank();
  const std::array<double, 3> mine{r + 1.0, double(r) * r, 1.0};
  PendingReduction p = comm.startSumCopy(mine);
  PendingReduction moved = std::move(p);  // the handle moves, the request stays valid
  EXPECT_FALSE(p.pending());
  while (!moved.test()) {
  }
  const auto expected = expectedSums(comm.size());
  ASSERT_EQ(moved.values().size(), 3u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(moved.values()[i], expected[i]);
  EXPECT_EQ(mine[0], r + 1.0);  // input untouched
}

TEST(Communicator, PendingReductionWaitsOnDestruction) {
  Communicator comm(MPI_COMM_WORLD);
  std::array<double, 2> v{1.0, double(comm.rank())};
  {
    PendingReduction p = comm.startMax(v);
  }  // destructor completes the reduction
  EXPECT_EQ(v[0], 1.0);
  EXPECT_EQ(v[1], comm.size() - 1.0);
  std::array<double, 1> m{double(comm.rank())};
  comm.startMin(m).wait();
  EXPECT_EQ(m[0], 0.0);
}

TEST(Communicator, ScalarReductions) {
  Communicator comm(MPI_COMM_WORLD);
  const int r = comm.rank(), n = comm.size();
  EXPECT_EQ(comm.sum(0.5 * r), 0.25 * n * (n - 1));
  EXPECT_EQ(comm.min(10.0 - r), 10.0 - (n - 1));
  EXPECT_EQ(comm.max(10.0 - r), 10.0);
  EXPECT_EQ(comm.sum(r), n * (n - 1) / 2);
  EXPECT_EQ(comm.min(r), 0);
  EXPECT_EQ(comm.max(r), n - 1);
  const long long big = 1LL << 40;
  EXPECT_EQ(comm.sum(big * (r + 1)), big * n * (n + 1) / 2);
  const GlobalLabel cells = 1000000000L * (r + 1);  // int64_t: long on this platform
  EXPECT_EQ(comm.sum(cells), 1000000000L * n * (n + 1) / 2);
  EXPECT_EQ(comm.max(cells), 1000000000L * n);
  EXPECT_TRUE(comm.anyTrue(r == n - 1));
  EXPECT_FALSE(comm.anyTrue(false));
  EXPECT_EQ(comm.allTrue(r == 0), n == 1);
  EXPECT_TRUE(comm.allTrue(true));
}

TEST(Communicator, FusedMinMaxAndIntegerSums) {
  Communicator comm(MPI_COMM_WORLD);
  const int r = comm.rank(), n = comm.size();
  std::array<double, 2> lo{double(r), -double(r)};
  comm.minInPlace(lo);
  EXPECT_EQ(lo[0], 0.0);
  EXPECT_EQ(lo[1], -(n - 1.0));
  std::array<double, 2> hi{double(r), -double(r)};
  comm.maxInPlace(hi);
  EXPECT_EQ(hi[0], n - 1.0);
  EXPECT_EQ(hi[1], 0.0);
  std::array<long long, 2> counts{r, 2LL * r};
  comm.sumInPlace(counts);
  EXPECT_EQ(counts[0], n * (n - 1) / 2);
  EXPECT_EQ(counts[1], n * (n - 1));
  std::vector<double> empty;
  const auto before = mpiCalls();
  comm.sumInPlace(empty);  // nothing to reduce: no call
  EXPECT_EQ((mpiCalls() - before)[MpiCall::Allreduce], 0);
}

TEST(Communicator, ExclusiveSumAndAllGather) {
  Communicator comm(MPI_COMM_WORLD);
  const int r = comm.rank();
  long long offset = 0;
  for (int q = 0; q < r; ++q) offset += test::ringOwnedOn(q);
  EXPECT_EQ(comm.exclusiveSum(test::ringOwnedOn(r)), offset);
  const auto all = comm.allGather(10LL * r);
  ASSERT_EQ(all.size(), std::size_t(comm.size()));
  for (int q = 0; q < comm.size(); ++q) EXPECT_EQ(all[q], 10LL * q);
}

TEST(Communicator, Broadcasts) {
  CommProfile profile;
  Communicator comm(MPI_COMM_WORLD, &profile);
  const int root = comm.size() - 1;
  std::string s = comm.rank() == root ? "constant/polyMesh" : "x";
  comm.broadcast(s, root);
  EXPECT_EQ(s, "constant/polyMesh");
  std::string empty = comm.isRoot() ? "" : "not empty";
  comm.broadcast(empty);
  EXPECT_EQ(empty, "");
  std::array<double, 2> d{};
  if (comm.isRoot()) d = {1.5, -2.5};
  comm.broadcast(d);
  EXPECT_EQ(d[0], 1.5);
  EXPECT_EQ(d[1], -2.5);
  std::array<int, 1> i{comm.isRoot() ? 7 : 0};
  comm.broadcast(i);
  EXPECT_EQ(i[0], 7);
  EXPECT_EQ(profile.op(MpiOp::Bcast).calls, 2u + 1u + 1u + 1u);  // strings: length + text (empty: length only)
}

TEST(Communicator, DuplicateIsOwningAndIndependent) {
  CommProfile profile;
  Communicator world(MPI_COMM_WORLD, &profile);
  {
    Communicator dup = world.duplicate();
    EXPECT_TRUE(dup.owning());
    EXPECT_EQ(dup.rank(), world.rank());
    EXPECT_EQ(dup.size(), world.size());
    EXPECT_EQ(dup.profile(), &profile);
    int cmp = MPI_UNEQUAL;
    MPI_Comm_compare(dup.get(), world.get(), &cmp);
    EXPECT_EQ(cmp, MPI_CONGRUENT);
    EXPECT_EQ(dup.sum(1), world.size());
    Communicator moved = std::move(dup);  // ownership moves with it
    EXPECT_TRUE(moved.owning());
    EXPECT_FALSE(dup.owning());
  }
  EXPECT_EQ(profile.op(MpiOp::CommCreate).calls, 1u);
  EXPECT_EQ(profile.op(MpiOp::CommFree).calls, 1u);
}

TEST(Communicator, DistributedGraphReportsTheSameNeighbours) {
  CommProfile profile;
  Communicator world(MPI_COMM_WORLD, &profile);
  const auto ring = test::makeRing(world.rank(), world.size(), 1, true);
  const auto before = mpiCalls();
  Communicator graph = world.distributedGraph(ring.pattern.neighbours);
  EXPECT_EQ((mpiCalls() - before).forbidden(), 0);
  EXPECT_TRUE(graph.owning());
  EXPECT_EQ(graph.size(), world.size());
  EXPECT_EQ(profile.op(MpiOp::CommCreate).calls, 1u);
  // Reordering may renumber ranks: map the graph's neighbours (graph
  // numbering) back to world numbering before comparing.
  const std::vector<int> inGraph = graph.graphNeighbours();
  std::vector<int> inWorld = graph.translateRanks(inGraph, world);
  std::sort(inWorld.begin(), inWorld.end());
  EXPECT_EQ(inWorld, ring.pattern.neighbours);
  // And the other way round.
  std::vector<int> expectedInGraph = world.translateRanks(ring.pattern.neighbours, graph);
  std::sort(expectedInGraph.begin(), expectedInGraph.end());
  EXPECT_EQ(inGraph, expectedInGraph);
  // The graph communicator is a normal communicator for reductions.
  EXPECT_EQ(graph.sum(1), world.size());
  EXPECT_THROW((void)world.graphNeighbours(), Error);
}

TEST(Communicator, WeightedDistributedGraph) {
  Communicator world(MPI_COMM_WORLD);
  const auto ring = test::makeRing(world.rank(), world.size(), 1, false);
  std::vector<int> weights(ring.pattern.neighbours.size(), 5);
  Communicator graph = world.distributedGraphWeighted(ring.pattern.neighbours, weights);
  std::vector<int> inWorld = graph.translateRanks(graph.graphNeighbours(), world);
  std::sort(inWorld.begin(), inWorld.end());
  EXPECT_EQ(inWorld, ring.pattern.neighbours);
  try {
    (void)world.distributedGraphWeighted(ring.pattern.neighbours, std::vector<int>(3, 1));
    if (ring.pattern.neighbours.size() != 3) FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "Communicator::distributedGraphWeighted: 3 weights given for " +
                                         std::to_string(ring.pattern.neighbours.size()) + " neighbours");
  }
}

}  // namespace
}  // namespace sluice::parallel
