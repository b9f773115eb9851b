// Halo exchange cost against a local copy of the same bytes.
//
// An n^3 block of cells (default 100^3 = 1M) is cut into slabs along x, one
// per rank; each rank keeps one ghost plane per neighbour slab. The pattern
// is built directly (no mesh). Reported per rank and over ranks:
//   exchange        median time of HaloExchange::exchange of a scalar field
//   exchange+prof   the same with a CommProfile attached (cost of profiling)
//   pack+copy       median time to gather the sent plane into a buffer and
//                   copy a buffer of the received size into the ghosts: the
//                   memory work of an exchange with no communication; warm
//                   (repeated back to back, the plane stays in cache) and
//                   cold (caches emptied before each repetition)
//   raw MPI         the packed bytes moved with plain MPI_Irecv/Isend/Waitall
//                   (no packing): the transport's own cost
// Usage: mpiexec -n 2 halo_exchange_bench [n=100] [repetitions=2000]
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <mpi.h>

#include "sluice/parallel/comm_profile.hpp"
#include "sluice/parallel/communicator.hpp"
#include "sluice/parallel/halo_exchange.hpp"

using namespace sluice;
using namespace sluice::parallel;
using Clock = std::chrono::steady_clock;

namespace {

struct Slab {
  int x0 = 0, nx = 0;  ///< first global x plane, planes owned
  Label nOwned = 0;
  HaloPattern pattern;
};

// Rank r owns planes x0..x0+nx-1 (local index i + nx*(j + n*k)), ghosts
// after the owned cells: the left neighbour's last plane, then the right
// neighbour's first plane, each ordered by (j, k) like the sender's plane.
Slab makeSlab(int rank, int size, int n) {
  Slab s;
  s.nx = n / size + (rank < n % size ? 1 : 0);
  for (int q = 0; q < rank; ++q) s.x0 += n / size + (q < n % size ? 1 : 0);
  s.nOwned = static_cast<Label>(s.nx) * n * n;
  auto plane = [&](int i) {
    std::vector<Label> cells;
    cells.reserve(static_cast<std::size_t>(n) * n);
    for (int k = 0; k < n; ++k)
      for (int j = 0; j < n; ++j) cells.push_back(i + s.nx * (j + n * k));
    return cells;
  };
  Label nextGhost = s.nOwned;
  auto ghosts = [&] {
    std::vector<Label> cells(static_cast<std::size_t>(n) * n);
    for (Label& c : cells) c = nextGhost++;
    return cells;
  };
  if (rank > 0) {
    s.pattern.neighbours.push_back(rank - 1);
    s.pattern.sendCells.push_back(plane(0));
    s.pattern.recvCells.push_back(ghosts());
  }
  if (rank < size - 1) {
    s.pattern.neighbours.push_back(rank + 1);
    s.pattern.sendCells.push_back(plane(s.nx - 1));
    s.pattern.recvCells.push_back(ghosts());
  }
  return s;
}

double median(std::vector<double> t) {
  std::nth_element(t.begin(), t.begin() + t.size() / 2, t.end());
  return t[t.size() / 2];
}

template <class F>
double medianSeconds(int repetitions, F&& f) {
  std::vector<double> t(static_cast<std::size_t>(repetitions));
  for (double& x : t) {
    const auto start = Clock::now();
    f();
    x = std::chrono::duration<double>(Clock::now() - start).count();
  }
  return median(std::move(t));
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  {
    const int n = argc > 1 ? std::atoi(argv[1]) : 100;
    const int repetitions = argc > 2 ? std::atoi(argv[2]) : 2000;
    Communicator comm(MPI_COMM_WORLD);
    if (n < comm.size() || repetitions < 1) {
      if (comm.isRoot()) fmt::print(stderr, "error: need n >= ranks and repetitions >= 1\n");
      MPI_Finalize();
      return 1;
    }
    const Slab slab = makeSlab(comm.rank(), comm.size(), n);
    std::size_t nGhost = 0, nSend = 0;
    for (const auto& c : slab.pattern.recvCells) nGhost += c.size();
    for (const auto& c : slab.pattern.sendCells) nSend += c.size();

    std::vector<double> field(static_cast<std::size_t>(slab.nOwned) + nGhost);
    for (Label c = 0; c < slab.nOwned; ++c) field[c] = c;

    HaloExchange halo(comm, slab.pattern, 1);
    CommProfile profile;
    Communicator profiled(MPI_COMM_WORLD, &profile);
    HaloExchange haloProfiled(profiled, slab.pattern, 2);
    const RegionId region = profile.region("halo");
    for (int w = 0; w < 50; ++w) {  // warm-up (creates the persistent requests)
      halo.exchange(field);
      haloProfiled.exchange(field);
    }
    // Interleaved so load changes on a shared machine hit both alike.
    std::vector<double> plain(static_cast<std::size_t>(repetitions)), withProfile(plain.size());
    for (int r = 0; r < repetitions; ++r) {
      auto t0 = Clock::now();
      halo.exchange(field);
      auto t1 = Clock::now();
      {
        ScopedRegion scoped(profile, region);
        haloProfiled.exchange(field);
      }
      auto t2 = Clock::now();
      plain[r] = std::chrono::duration<double>(t1 - t0).count();
      withProfile[r] = std::chrono::duration<double>(t2 - t1).count();
    }
    const double exchange = median(plain);
    const double exchangeProfiled = median(withProfile);

    // Local reference: gather the sent cells into a contiguous buffer and
    // copy a buffer of the received size into the ghost entries.
    std::vector<double> sendBuffer(nSend), recvBuffer(nGhost, 1.0);
    std::vector<Label> sendCells;
    for (const auto& c : slab.pattern.sendCells) sendCells.insert(sendCells.end(), c.begin(), c.end());
    const double packCopy = medianSeconds(repetitions, [&] {
      for (std::size_t i = 0; i < sendCells.size(); ++i) sendBuffer[i] = field[sendCells[i]];
      std::memcpy(field.data() + slab.nOwned, recvBuffer.data(), nGhost * sizeof(double));
    });
    // The same with the caches emptied before each repetition (a 64 MB
    // stream, more than the last-level cache), as in a solver where the
    // field was not just read: the strided plane gather then misses.
    std::vector<double> evict(8u << 20, 1.0);
    std::vector<double> cold(static_cast<std::size_t>(std::max(1, repetitions / 10)));
    double sink = 0;
    for (double& t : cold) {
      for (std::size_t i = 0; i < evict.size(); i += 8) evict[i] += 1.0;
      sink += evict[static_cast<std::size_t>(t) % evict.size()];
      const auto start = Clock::now();
      for (std::size_t i = 0; i < sendCells.size(); ++i) sendBuffer[i] = field[sendCells[i]];
      std::memcpy(field.data() + slab.nOwned, recvBuffer.data(), nGhost * sizeof(double));
      t = std::chrono::duration<double>(Clock::now() - start).count();
    }
    const double packCopyCold = median(cold);
    const double copyOnly = medianSeconds(repetitions, [&] {
      std::memcpy(recvBuffer.data(), sendBuffer.data(), std::min(nSend, nGhost) * sizeof(double));
    });

    // Raw MPI reference: the already packed bytes with plain Irecv/Isend/Waitall.
    std::vector<MPI_Request> requests(2 * slab.pattern.neighbours.size());
    const double rawMpi = medianSeconds(repetitions, [&] {
      std::size_t offset = 0, q = 0;
      for (std::size_t i = 0; i < slab.pattern.neighbours.size(); ++i) {
        const int count = static_cast<int>(slab.pattern.recvCells[i].size());
        MPI_Irecv(recvBuffer.data() + offset, count, MPI_DOUBLE, slab.pattern.neighbours[i], 3, comm.get(),
                  &requests[q++]);
        offset += count;
      }
      offset = 0;
      for (std::size_t i = 0; i < slab.pattern.neighbours.size(); ++i) {
        const int count = static_cast<int>(slab.pattern.sendCells[i].size());
        MPI_Isend(sendBuffer.data() + offset, count, MPI_DOUBLE, slab.pattern.neighbours[i], 3, comm.get(),
                  &requests[q++]);
        offset += count;
      }
      MPI_Waitall(static_cast<int>(q), requests.data(), MPI_STATUSES_IGNORE);
    });

    std::array<double, 6> mine{exchange, exchangeProfiled, packCopy, packCopyCold, copyOnly, rawMpi};
    std::array<double, 6> worst = mine;
    comm.maxInPlace(worst);
    const double checksum = comm.sum(field.back() + 0 * sink);  // keeps the copies observable
    const std::string profileTable = profile.report(profiled);  // the profiled exchanges only

    if (comm.isRoot()) {
      fmt::print("halo exchange benchmark: {}^3 = {} cells in {} x-slabs, {} repetitions (median)\n", n,
                 static_cast<long long>(n) * n * n, comm.size(), repetitions);
      fmt::print("rank 0: {} owned cells, {} ghost cells, {} neighbour(s), {:.1f} kB sent per exchange\n",
                 slab.nOwned, nGhost, slab.pattern.neighbours.size(), nSend * sizeof(double) / 1e3);
      fmt::print("{:<44} {:>12} {:>12}\n", "", "rank 0 [us]", "max rank [us]");
      const char* names[6] = {"exchange (scalar double)", "exchange, profile + region on",
                              "pack + copy, same bytes, no MPI (warm)", "pack + copy, same bytes, no MPI (cold)",
                              "memcpy of the sent bytes only", "raw Irecv/Isend/Waitall of packed bytes"};
      for (int i = 0; i < 6; ++i)
        fmt::print("{:<44} {:>12.2f} {:>12.2f}\n", names[i], mine[i] * 1e6, worst[i] * 1e6);
      fmt::print(
          "ratio exchange / (pack + copy): {:.2f} warm, {:.2f} cold (rank 0); "
          "{:.2f} warm, {:.2f} cold (max over ranks)\n",
          exchange / packCopy, exchange / packCopyCold, worst[0] / worst[2], worst[0] / worst[3]);
      fmt::print("profiling overhead: {:+.2f} us per exchange (rank 0)\n", (exchangeProfiled - exchange) * 1e6);
      fmt::print("(checksum {})\n\n{}", checksum, profileTable);
    }
  }
  MPI_Finalize();
  return 0;
}
