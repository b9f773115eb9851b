// HaloExchange on a synthetic 1D ring/line decomposition at 1-4 ranks:
// after an exchange every ghost holds its owner's value.
#include "sluice/parallel/halo_exchange.hpp"

#include <array>
#include <vector>

#include <gtest/gtest.h>

#include "parallel/mpi/pmpi_counters.hpp"
#include "parallel/mpi/ring_decomposition.hpp"
#include "sluice/core/error.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/parallel/comm_profile.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::parallel {
namespace {

using test::makeRing;
using test::MpiCall;
using test::mpiCalls;
using test::RingDecomposition;

constexpr double kUnset = -12345;

struct World {
  Communicator comm{MPI_COMM_WORLD};
  int rank = comm.rank();
  int size = comm.size();
};

// Owned cells get value(gid); ghosts kUnset.
template <class T, class F>
std::vector<T> fieldOf(const RingDecomposition& d, F value, T unset) {
  std::vector<T> f(d.globalIds.size(), unset);
  for (Label i = 0; i < d.nOwned; ++i) f[i] = value(d.globalIds[i]);
  return f;
}

TEST(HaloExchangeRing, ScalarDoubleGhostsEqualOwners) {
  World w;
  for (bool periodic : {true, false}) {
    RingDecomposition d = makeRing(w.rank, w.size, 2, periodic);
    HaloExchange halo(w.comm, d.pattern, 10);
    auto f = fieldOf<double>(d, [](GlobalLabel g) { return double(g); }, kUnset);
    halo.exchange(f);
    for (std::size_t i = 0; i < f.size(); ++i) EXPECT_EQ(f[i], double(d.globalIds[i])) << "local cell " << i;
    EXPECT_FALSE(halo.inFlight());
  }
}

TEST(HaloExchangeRing, GhostCountsMatchTheDecomposition) {
  World w;
  RingDecomposition d = makeRing(w.rank, w.size, 2, true);
  HaloExchange halo(w.comm, d.pattern, 11);
  // Ring: 2 ghosts per side when the ranks on either side are other ranks.
  const std::size_t expectedGhosts = w.size == 1 ? 0 : 4;
  EXPECT_EQ(halo.recvCellCount(), expectedGhosts);
  EXPECT_EQ(halo.sendCellCount(), expectedGhosts);
  EXPECT_EQ(halo.neighbours().size(), std::size_t(w.size == 1 ? 0 : (w.size == 2 ? 1 : 2)));
}

TEST(HaloExchangeRing, FloatGhostsEqualOwners) {
  World w;
  RingDecomposition d = makeRing(w.rank, w.size, 2, true);
  HaloExchange halo(w.comm, d.pattern, 12);
  auto f = fieldOf<float>(d, [](GlobalLabel g) { return float(g) + 0.5f; }, -1.0f);
  halo.exchange(f);
  for (std::size_t i = 0; i < f.size(); ++i) EXPECT_EQ(f[i], float(d.globalIds[i]) + 0.5f) << "local cell " << i;
}

TEST(HaloExchangeRing, Vec3GhostsEqualOwners) {
  World w;
  RingDecomposition d = makeRing(w.rank, w.size, 2, true);
  HaloExchange halo(w.comm, d.pattern, 13);
  auto f = fieldOf<Vec3>(d, [](GlobalLabel g) { return Vec3{double(g), 2.0 * g, -double(g)}; }, Vec3{kUnset, 0, 0});
  halo.exchange(f);
  for (std::size_t i = 0; i < f.size(); ++i) {
    const double g = double(d.globalIds[i]);
    EXPECT_EQ(f[i], (Vec3{g, 2 * g, -g})) << "local cell " << i;
  }
}

TEST(HaloExchangeRing, TensorAsNineDoublesPerCell) {
  World w;
  RingDecomposition d = makeRing(w.rank, w.size, 2, true);
  HaloExchange halo(w.comm, d.pattern, 14);
  const std::size_t n = d.globalIds.size();
  std::vector<double> t(9 * n, kUnset);
  for (Label i = 0; i < d.nOwned; ++i)
    for (int c = 0; c < 9; ++c) t[9 * i + c] = 10.0 * d.globalIds[i] + c;
  halo.exchange(std::span<double>(t), 9);
  for (std::size_t i = 0; i < n; ++i)
    for (int c = 0; c < 9; ++c) EXPECT_EQ(t[9 * i + c], 10.0 * d.globalIds[i] + c) << "cell " << i << " comp " << c;
}

TEST(HaloExchangeRing, RepeatedExchangesOfMixedShapesReuseBuffers) {
  World w;
  RingDecomposition d = makeRing(w.rank, w.size, 2, true);
  HaloExchange halo(w.comm, d.pattern, 15);
  for (int step = 0; step < 6; ++step) {
    auto s = fieldOf<double>(d, [&](GlobalLabel g) { return g + 1000.0 * step; }, kUnset);
    halo.exchange(s);
    for (std::size_t i = 0; i < s.size(); ++i) ASSERT_EQ(s[i], d.globalIds[i] + 1000.0 * step) << "step " << step;
    auto v = fieldOf<Vec3>(d, [&](GlobalLabel g) { return Vec3{double(step), double(g), 0.0}; }, Vec3{});
    halo.exchange(v);
    for (std::size_t i = 0; i < v.size(); ++i) ASSERT_EQ(v[i], (Vec3{double(step), double(d.globalIds[i]), 0}));
  }
  // One buffer set (and persistent requests) per shape, made once.
  EXPECT_EQ(halo.shapeCount(), w.size == 1 ? 0u : 2u);
}

TEST(HaloExchangeRing, SeveralTransfersOfOneExchangeInFlight) {
  World w;
  CommProfile profile;
  Communicator comm(MPI_COMM_WORLD, &profile);
  RingDecomposition d = makeRing(w.rank, w.size, 2, true);
  HaloExchange halo(comm, d.pattern, 25);
  for (int round = 0; round < 3; ++round) {
    // Three fields of one shape and one of another in flight at once, finished in another order.
    auto p = fieldOf<double>(d, [&](GlobalLabel g) { return g + 100.0 * round; }, kUnset);
    auto q = fieldOf<double>(d, [&](GlobalLabel g) { return -2.0 * g; }, kUnset);
    auto r = fieldOf<double>(d, [&](GlobalLabel g) { return 0.5 * g + round; }, kUnset);
    auto u = fieldOf<Vec3>(d, [&](GlobalLabel g) { return Vec3{double(g), double(round), 1.0}; }, Vec3{});
    HaloTransfer tp = halo.begin(std::span(p));
    HaloTransfer tq = halo.begin(std::span(q));
    halo.start(r);  // the object's own transfer alongside
    HaloTransfer tu = halo.begin(std::span(u));
    EXPECT_TRUE(tp.inFlight() && tq.inFlight() && tu.inFlight() && halo.inFlight());
    tu.finish();
    halo.finish();
    tq.finish();
    tp.finish();
    EXPECT_FALSE(tp.inFlight());
    for (std::size_t i = 0; i < p.size(); ++i) {
      const double g = double(d.globalIds[i]);
      ASSERT_EQ(p[i], g + 100.0 * round);
      ASSERT_EQ(q[i], -2.0 * g);
      ASSERT_EQ(r[i], 0.5 * g + round);
      ASSERT_EQ(u[i], (Vec3{g, double(round), 1.0}));
    }
    EXPECT_THROW(tp.finish(), Error);
  }
  // Channels made in the first round and reused: three of the scalar shape, one of Vec3.
  EXPECT_EQ(halo.channelCount(), w.size == 1 ? 0u : 4u);
  EXPECT_EQ(halo.shapeCount(), w.size == 1 ? 0u : 2u);
  const auto neighbours = static_cast<std::uint64_t>(halo.neighbours().size());
  EXPECT_EQ(profile.op(MpiOp::SendInit).calls, 4 * neighbours);
  EXPECT_EQ(profile.op(MpiOp::StartSend).calls, 3 * 4 * neighbours);
}

TEST(HaloExchangeRing, AnUnfinishedTransferCompletesItsMessagesWhenDestroyed) {
  World w;
  RingDecomposition d = makeRing(w.rank, w.size, 2, true);
  HaloExchange halo(w.comm, d.pattern, 26);
  auto f = fieldOf<double>(d, [](GlobalLabel g) { return double(g); }, kUnset);
  { HaloTransfer t = halo.begin(std::span(f)); }  // abandoned: the ghosts stay unset
  for (Label i = d.nOwned; i < static_cast<Label>(f.size()); ++i) EXPECT_EQ(f[i], kUnset);
  halo.exchange(f);  // the channel is free again
  for (std::size_t i = 0; i < f.size(); ++i) EXPECT_EQ(f[i], double(d.globalIds[i]));
}

TEST(HaloExchangeRing, TwoExchangesInFlightWithDifferentTags) {
  World w;
  RingDecomposition d = makeRing(w.rank, w.size, 2, true);
  HaloExchange a(w.comm, d.pattern, 20);
  HaloExchange b(w.comm, d.pattern, 21);
  auto fa = fieldOf<double>(d, [](GlobalLabel g) { return 3.0 * g; }, kUnset);
  auto fb = fieldOf<Vec3>(d, [](GlobalLabel g) { return Vec3{-1.0 * g, 0.25 * g, 7}; }, Vec3{});
  a.start(fa);
  b.start(fb);
  EXPECT_TRUE(a.inFlight());
  EXPECT_TRUE(b.inFlight());
  b.finish();  // finish in the opposite order of starting
  a.finish();
  for (std::size_t i = 0; i < fa.size(); ++i) {
    const double g = double(d.globalIds[i]);
    EXPECT_EQ(fa[i], 3.0 * g);
    EXPECT_EQ(fb[i], (Vec3{-g, 0.25 * g, 7}));
  }
}

TEST(HaloExchangeRing, OwnedCellsAreNotModified) {
  World w;
  RingDecomposition d = makeRing(w.rank, w.size, 2, false);
  HaloExchange halo(w.comm, d.pattern, 22);
  auto f = fieldOf<double>(d, [](GlobalLabel g) { return g * g + 0.125; }, kUnset);
  const std::vector<double> before(f.begin(), f.begin() + d.nOwned);
  halo.exchange(f);
  EXPECT_EQ(std::vector<double>(f.begin(), f.begin() + d.nOwned), before);
}

TEST(HaloExchange, NoNeighboursMakesNoMpiCalls) {
  World w;
  HaloPattern none;  // every rank keeps to itself (as at one rank)
  CommProfile profile;
  Communicator comm(MPI_COMM_WORLD, &profile);
  HaloExchange halo(comm, none, 30);
  std::vector<double> f{1, 2, 3};
  const auto before = mpiCalls();
  halo.exchange(f);
  halo.exchange(f);
  const auto d = mpiCalls() - before;
  EXPECT_EQ(f, (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(d[MpiCall::Start] + d[MpiCall::Startall] + d[MpiCall::Waitall] + d[MpiCall::Isend] + d[MpiCall::Irecv], 0);
  EXPECT_EQ(profile.op(MpiOp::Waitall).calls, 0u);
  EXPECT_EQ(halo.shapeCount(), 0u);
}

TEST(HaloExchange, RingAtOneRankHasNoNeighbours) {
  World w;
  if (w.size != 1) GTEST_SKIP() << "one-rank case";
  RingDecomposition d = makeRing(0, 1, 2, true);
  EXPECT_TRUE(d.pattern.neighbours.empty());
  HaloExchange halo(w.comm, d.pattern, 31);
  auto f = fieldOf<double>(d, [](GlobalLabel g) { return double(g); }, kUnset);
  const auto before = mpiCalls();
  halo.exchange(f);
  EXPECT_EQ((mpiCalls() - before)[MpiCall::Waitall], 0);
  EXPECT_EQ(f, (std::vector<double>{0, 1, 2}));
}

TEST(HaloExchange, MisuseThrows) {
  World w;
  RingDecomposition d = makeRing(w.rank, w.size, 1, true);
  HaloExchange halo(w.comm, d.pattern, 32);
  auto f = fieldOf<double>(d, [](GlobalLabel g) { return double(g); }, kUnset);
  try {
    halo.finish();
    FAIL() << "finish without start";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "HaloExchange (tag 32): finish() called without start()");
  }
  halo.start(f);
  try {
    halo.start(f);
    FAIL() << "second start";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(),
                 "HaloExchange (tag 32): start() called while an exchange is in flight; call finish() first");
  }
  halo.finish();  // the first exchange is still intact
  for (std::size_t i = 0; i < f.size(); ++i) EXPECT_EQ(f[i], double(d.globalIds[i]));

  if (w.size > 1) {
    std::vector<double> tooShort(static_cast<std::size_t>(d.nOwned));
    try {
      halo.start(tooShort);
      FAIL() << "short field";
    } catch (const Error& e) {
      EXPECT_EQ(std::string(e.what()),
                "HaloExchange (tag 32): field has " + std::to_string(d.nOwned) +
                    " cells but the halo pattern refers to cell " + std::to_string(f.size() - 1));
    }
    EXPECT_FALSE(halo.inFlight());
  }
  try {
    halo.start(f, 0);
    FAIL() << "zero components";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "HaloExchange: 0 components per cell (must be >= 1)");
  }
}

TEST(HaloExchange, BadTagOrPatternThrows) {
  World w;
  RingDecomposition d = makeRing(w.rank, w.size, 1, true);
  EXPECT_THROW(HaloExchange(w.comm, d.pattern, -1), Error);
  HaloPattern outside;
  outside.neighbours = {w.size};
  outside.sendCells = {{0}};
  outside.recvCells = {{1}};
  try {
    HaloExchange h(w.comm, outside, 1);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "halo pattern: neighbour rank " + std::to_string(w.size) + " outside 0.." + std::to_string(w.size - 1));
  }
}

TEST(HaloExchangeProfile, OneExchangeCountsNeighbourMessagesOnly) {
  World w;
  CommProfile profile;
  Communicator comm(MPI_COMM_WORLD, &profile);
  RingDecomposition d = makeRing(w.rank, w.size, 2, true);
  const long n = static_cast<long>(d.pattern.neighbours.size());
  HaloExchange halo(comm, d.pattern, 40);
  auto f = fieldOf<double>(d, [](GlobalLabel g) { return double(g); }, kUnset);
  halo.exchange(f);  // first exchange of the shape creates the persistent requests
  EXPECT_EQ(profile.op(MpiOp::SendInit).calls, std::uint64_t(n));
  EXPECT_EQ(profile.op(MpiOp::RecvInit).calls, std::uint64_t(n));
  profile.reset();

  const auto before = mpiCalls();
  halo.exchange(f);
  const auto calls = mpiCalls() - before;
  // Profile: one receive and one send start per neighbour, one Waitall.
  EXPECT_EQ(profile.op(MpiOp::StartRecv).calls, std::uint64_t(n));
  EXPECT_EQ(profile.op(MpiOp::StartSend).calls, std::uint64_t(n));
  EXPECT_EQ(profile.op(MpiOp::Waitall).calls, std::uint64_t(n > 0 ? 1 : 0));
  EXPECT_EQ(profile.op(MpiOp::SendInit).calls, 0u);  // not re-created
  EXPECT_EQ(profile.op(MpiOp::StartSend).bytes, std::uint64_t(halo.sendCellCount() * sizeof(double)));
  EXPECT_EQ(profile.op(MpiOp::StartRecv).bytes, std::uint64_t(halo.recvCellCount() * sizeof(double)));
  for (std::size_t i = 0; i < kMpiOpCount; ++i) {
    const auto op = static_cast<MpiOp>(i);
    if (op != MpiOp::StartRecv && op != MpiOp::StartSend && op != MpiOp::Waitall) {
      EXPECT_EQ(profile.op(op).calls, 0u) << mpiOpName(op);
    }
  }
  // What really reached MPI agrees, and nothing else was called.
  EXPECT_EQ(calls[MpiCall::Start], 2 * n);
  EXPECT_EQ(calls[MpiCall::Waitall], n > 0 ? 1 : 0);
  EXPECT_EQ(calls[MpiCall::Isend] + calls[MpiCall::Irecv] + calls[MpiCall::Allreduce] + calls[MpiCall::Bcast], 0);
  EXPECT_EQ(calls.forbidden(), 0);
  if (w.size >= 3) {
    EXPECT_EQ(n, 2);  // ring: two neighbours per rank
  }
}

}  // namespace
}  // namespace sluice::parallel
