#pragma once
// The one all-to-all pattern of the distributed start-up: every rank sends a
// list of values to any ranks (cells to their block's rank, faces to their
// cells' parts, point requests to the points' holders). One MPI_Alltoall of
// P counts, then one MPI_Alltoallv of the values; both are start-up only (the
// time loop uses the halo exchange and reductions). `traffic` tallies what
// this rank sent, for the start-up model in docs/PERFORMANCE.md.
//
//   std::vector<std::vector<GlobalLabel>> toRank(comm.size());
//   toRank[dest].push_back(cell);
//   StartupTraffic traffic;
//   Received<GlobalLabel> got = exchangeWithAll(comm.get(), toRank, traffic);   // collective
//   for (int src = 0; src < size; ++src) for (GlobalLabel c : got.from(src)) ...
#include <mpi.h>

#include <algorithm>
#include <climits>
#include <cstddef>
#include <numeric>
#include <span>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/core/types.hpp"

namespace sluice::parallel {

/// What one rank sent during start-up: all-to-all exchanges, non-empty
/// messages (destinations other than itself) and their bytes.
struct StartupTraffic {
  long long exchanges = 0;
  long long messages = 0;
  long long bytes = 0;
};

template <class T>
struct Received {
  std::vector<T> values;             ///< from every source rank, in rank order
  std::vector<std::size_t> offsets;  ///< values from rank r: [offsets[r], offsets[r+1])
  std::span<const T> from(int rank) const {
    return {values.data() + offsets[rank], offsets[rank + 1] - offsets[rank]};
  }
};

/// Values grouped by destination rank in one array, for exchanges too large
/// to hold twice: count every value's destination first, then place them.
///
///   GroupedByRank<GlobalLabel> out(size);
///   for (...) out.count(dest, n);        // pass 1
///   out.allocate();
///   for (...) out.put(dest, value);      // pass 2, the same destinations and numbers
///   Received<GlobalLabel> got = exchangeWithAll(comm, std::move(out), traffic);
template <class T>
class GroupedByRank {
 public:
  explicit GroupedByRank(int nRanks) : counts_(static_cast<std::size_t>(nRanks), 0) {}
  void count(int rank, std::size_t n = 1) { counts_[rank] += n; }
  void allocate() {
    next_.assign(counts_.size(), 0);
    for (std::size_t r = 1; r < counts_.size(); ++r) next_[r] = next_[r - 1] + counts_[r - 1];
    values_.resize(next_.empty() ? 0 : next_.back() + counts_.back());
  }
  void put(int rank, const T& value) { values_[next_[rank]++] = value; }
  const std::vector<std::size_t>& counts() const { return counts_; }
  std::vector<T>& values() { return values_; }

 private:
  std::vector<std::size_t> counts_, next_;
  std::vector<T> values_;
};

/// Collective over `comm`: the values grouped for rank r go to rank r. The
/// send buffer is released before returning.
template <class T>
Received<T> exchangeWithAll(MPI_Comm comm, GroupedByRank<T>&& grouped, StartupTraffic& traffic) {
  static_assert(std::is_trivially_copyable_v<T>);
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  std::vector<int> sendCounts(size), sendDispls(size, 0), recvCounts(size), recvDispls(size, 0);
  std::size_t total = 0;
  for (int r = 0; r < size; ++r) {
    const std::size_t bytes = grouped.counts()[r] * sizeof(T);
    if (total + bytes > static_cast<std::size_t>(INT_MAX))
      throw Error(fmt::format("start-up exchange: {} bytes from one rank exceed MPI's int counts", total + bytes));
    sendCounts[r] = static_cast<int>(bytes);
    sendDispls[r] = static_cast<int>(total);
    total += bytes;
    if (r != rank && bytes > 0) {
      ++traffic.messages;
      traffic.bytes += static_cast<long long>(bytes);
    }
  }
  ++traffic.exchanges;
  MPI_Alltoall(sendCounts.data(), 1, MPI_INT, recvCounts.data(), 1, MPI_INT, comm);
  std::size_t received = 0;
  for (int r = 0; r < size; ++r) {
    if (received + static_cast<std::size_t>(recvCounts[r]) > static_cast<std::size_t>(INT_MAX))
      throw Error("start-up exchange: bytes received by one rank exceed MPI's int counts");
    recvDispls[r] = static_cast<int>(received);
    received += static_cast<std::size_t>(recvCounts[r]);
  }
  Received<T> out;
  out.values.resize(received / sizeof(T));
  MPI_Alltoallv(grouped.values().data(), sendCounts.data(), sendDispls.data(), MPI_BYTE, out.values.data(),
                recvCounts.data(), recvDispls.data(), MPI_BYTE, comm);
  grouped = GroupedByRank<T>(0);
  out.offsets.resize(static_cast<std::size_t>(size) + 1, 0);
  for (int r = 0; r < size; ++r)
    out.offsets[r + 1] = out.offsets[r] + static_cast<std::size_t>(recvCounts[r]) / sizeof(T);
  return out;
}

/// Collective over `comm`: toRank[r] goes to rank r (toRank has one list per rank).
template <class T>
Received<T> exchangeWithAll(MPI_Comm comm, const std::vector<std::vector<T>>& toRank, StartupTraffic& traffic) {
  GroupedByRank<T> grouped(static_cast<int>(toRank.size()));
  for (std::size_t r = 0; r < toRank.size(); ++r) grouped.count(static_cast<int>(r), toRank[r].size());
  grouped.allocate();
  for (std::size_t r = 0; r < toRank.size(); ++r)
    for (const T& v : toRank[r]) grouped.put(static_cast<int>(r), v);
  return exchangeWithAll(comm, std::move(grouped), traffic);
}

/// Contiguous ranges of global ids over the ranks: rank r holds
/// [starts[r], starts[r+1]). Evenly split (`even`) or from every rank's first id.
class IdRanges {
 public:
  static IdRanges even(GlobalLabel n, int nRanks) {
    IdRanges r;
    r.starts_.resize(static_cast<std::size_t>(nRanks) + 1);
    for (int q = 0; q <= nRanks; ++q) r.starts_[q] = n * q / nRanks;
    return r;
  }
  static IdRanges fromStarts(std::vector<GlobalLabel> startsAndEnd) {
    IdRanges r;
    r.starts_ = std::move(startsAndEnd);
    return r;
  }
  GlobalLabel first(int rank) const { return starts_[rank]; }
  GlobalLabel end(int rank) const { return starts_[rank + 1]; }
  /// The rank holding `id` (0 <= id < total).
  int rankOf(GlobalLabel id) const {
    const auto it = std::upper_bound(starts_.begin(), starts_.end(), id);
    // Empty ranges share a start: upper_bound finds the last rank starting at or before id.
    return static_cast<int>(it - starts_.begin()) - 1;
  }

 private:
  std::vector<GlobalLabel> starts_;
};

}  // namespace sluice::parallel
