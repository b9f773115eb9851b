#pragma once
// Thin owner of an MPI communicator with the project's collective rules and
// its communication profile. Every MPI call sluice makes after start-up goes
// through a Communicator (or a HaloExchange built on one), so the profile
// sees it.
//
// Rule for collectives: every rank of the communicator calls the same
// collectives in the same order (reductions, broadcasts, the topology
// creation). Never call one under a rank-dependent branch.
//
// Every call records its MPI operation (calls, bytes, seconds) into the
// profile, if one is attached. Reductions are one MPI_Allreduce each; fuse several values into one call
// with the *InPlace forms instead of reducing them one by one. There is no
// gather/scatter to a root, no all-to-all and no barrier on purpose.
//
//   Communicator comm(MPI_COMM_WORLD, &profile);
//   double total = comm.sum(localVolume);                      // one MPI_Allreduce
//   std::array<double,3> v{a, b, c}; comm.sumInPlace(v);       // fused: one MPI_Allreduce
//   PendingReduction r = comm.startSum(buffer);                 // MPI_Iallreduce
//   ... overlap work ...; r.wait();                            // buffer now holds the sums
//
// Topology: distributedGraph(neighbours) creates a graph communicator with
// MPI_Dist_graph_create_adjacent and reordering allowed, so the MPI library
// may place ranks to suit the neighbour graph. The new communicator's rank
// numbering may differ from this one's (rank() and the neighbour ranks can
// change). Callers that use it for placement must then do all further work,
// including the mesh distribution, in the new numbering:
//
//   Communicator graph = world.distributedGraph(pattern.neighbours);   // collective, start-up only
//   // graph.rank() may differ from world.rank(); the neighbours of this
//   // process in graph numbering are graph.graphNeighbours(), and
//   // world.translateRanks(ranks, graph) maps world ranks to graph ranks.
#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include <mpi.h>

namespace sluice::parallel {

class CommProfile;  // defined in comm_profile.hpp

/// A started non-blocking reduction (MPI_Iallreduce). Move-only. The result
/// is in the caller's buffer (startSum) or in values() (startSumCopy) after
/// wait() or a test() that returned true. The destructor waits if the
/// reduction is still pending, so a request is never leaked; the caller's
/// buffer must stay alive and untouched until then.
class PendingReduction {
 public:
  PendingReduction() = default;
  PendingReduction(PendingReduction&& other) noexcept;
  PendingReduction& operator=(PendingReduction&& other) noexcept;
  PendingReduction(const PendingReduction&) = delete;
  PendingReduction& operator=(const PendingReduction&) = delete;
  ~PendingReduction();

  /// Blocks until the reduction is complete (no-op if already complete).
  void wait();
  /// True once complete (one MPI_Test while pending).
  bool test();
  bool pending() const { return request_ != MPI_REQUEST_NULL; }
  /// The reduced values (the caller's buffer for startSum). Only valid
  /// after completion; throws sluice::Error while pending.
  std::span<const double> values() const;

 private:
  friend class Communicator;
  PendingReduction(MPI_Comm comm, std::span<double> target, std::vector<double> own, CommProfile* profile,
                   MPI_Op op);
  void waitNoThrow() noexcept;

  MPI_Request request_ = MPI_REQUEST_NULL;
  std::span<double> target_;
  std::vector<double> own_;  ///< startSumCopy: internal buffer (heap storage survives moves)
  CommProfile* profile_ = nullptr;
};

class Communicator {
 public:
  /// Wraps `comm` without owning it (MPI_COMM_WORLD or a communicator freed elsewhere).
  /// An empty communicator (like a moved-from one): assign a real one before use.
  Communicator() = default;
  explicit Communicator(MPI_Comm comm, CommProfile* profile = nullptr);
  /// This process alone, for work every rank repeats on the same data (a
  /// gathered coarse system): reductions return their input without calling
  /// MPI, so they neither cost nor show in counts. Other calls use MPI_COMM_SELF.
  static Communicator local();
  /// Takes ownership of `comm`: MPI_Comm_free when destroyed (if MPI is still running).
  static Communicator adopt(MPI_Comm comm, CommProfile* profile = nullptr);

  Communicator(Communicator&& other) noexcept;
  Communicator& operator=(Communicator&& other) noexcept;
  Communicator(const Communicator&) = delete;
  Communicator& operator=(const Communicator&) = delete;
  ~Communicator();

  MPI_Comm get() const { return comm_; }
  int rank() const { return rank_; }
  int size() const { return size_; }
  bool isRoot() const { return rank_ == 0; }
  bool owning() const { return owning_; }
  /// True for Communicator::local().
  bool isLocal() const { return local_; }

  CommProfile* profile() const { return profile_; }
  void setProfile(CommProfile* profile) { profile_ = profile; }

  // Reductions of one value (one MPI_Allreduce each).
  double sum(double v) const;
  double min(double v) const;
  double max(double v) const;
  int sum(int v) const;
  int min(int v) const;
  int max(int v) const;
  long sum(long v) const;
  long min(long v) const;
  long max(long v) const;
  long long sum(long long v) const;
  long long min(long long v) const;
  long long max(long long v) const;
  /// True on every rank if `v` is true on any rank.
  bool anyTrue(bool v) const;
  /// True on every rank if `v` is true on all ranks.
  bool allTrue(bool v) const;

  // Fused reductions: all values in one MPI_Allreduce, result in place.
  void sumInPlace(std::span<double> values) const;
  void minInPlace(std::span<double> values) const;
  void maxInPlace(std::span<double> values) const;
  void sumInPlace(std::span<int> values) const;
  void maxInPlace(std::span<int> values) const;
  void minInPlace(std::span<int> values) const;
  void sumInPlace(std::span<long> values) const;
  void minInPlace(std::span<long> values) const;
  void maxInPlace(std::span<long> values) const;
  void sumInPlace(std::span<long long> values) const;
  void minInPlace(std::span<long long> values) const;
  void maxInPlace(std::span<long long> values) const;

  /// Sum, minimum and maximum of one value each in a single MPI_Allreduce
  /// (a user-defined operation on a triple): returns {sum, min, max}.
  std::array<double, 3> sumMinMax(double sum, double min, double max) const;

  // Non-blocking reductions (MPI_Iallreduce). In place: `values` receives the
  // result and must outlive the handle's completion. Copy: the values are
  // copied into the handle, read the result with values().
  [[nodiscard]] PendingReduction startSum(std::span<double> values) const;
  [[nodiscard]] PendingReduction startMin(std::span<double> values) const;
  [[nodiscard]] PendingReduction startMax(std::span<double> values) const;
  [[nodiscard]] PendingReduction startSumCopy(std::span<const double> values) const;

  /// Exclusive prefix sum over ranks (rank 0 gets 0): global numbering offsets.
  long long exclusiveSum(long long v) const;
  /// Every rank's `v`, indexed by rank (start-up only).
  std::vector<long long> allGather(long long v) const;
  /// Every rank's `mine` concatenated in rank order into `all` (one
  /// MPI_Allgatherv); counts[r] and displs[r] place rank r's values.
  void allGatherV(std::span<const double> mine, std::span<double> all, std::span<const int> counts,
                  std::span<const int> displs) const;
  void allGatherV(std::span<const long long> mine, std::span<long long> all, std::span<const int> counts,
                  std::span<const int> displs) const;

  // Broadcasts from `root` (start-up: configuration, case data).
  void broadcast(std::span<double> values, int root = 0) const;
  void broadcast(std::span<int> values, int root = 0) const;
  void broadcast(std::span<long> values, int root = 0) const;
  void broadcast(std::span<long long> values, int root = 0) const;
  void broadcast(std::span<char> values, int root = 0) const;
  /// Resizes `s` on the other ranks to the root's length (two MPI_Bcast).
  void broadcast(std::string& s, int root = 0) const;

  /// Collective. A duplicate of this communicator (own tag space), owning.
  Communicator duplicate() const;
  /// Collective, start-up only. Graph communicator whose sources and
  /// destinations are both `neighbours` (ranks of this communicator),
  /// reordering allowed; owning; same profile. See the class comment on
  /// rank numbering.
  Communicator distributedGraph(std::span<const int> neighbours) const;
  /// As distributedGraph, with one weight per neighbour (e.g. shared faces).
  /// Every rank must call the weighted form if any does.
  Communicator distributedGraphWeighted(std::span<const int> neighbours, std::span<const int> weights) const;
  /// For a distributed-graph communicator: this rank's neighbours (sources)
  /// in its own numbering, ascending. Throws sluice::Error for other communicators.
  std::vector<int> graphNeighbours() const;
  /// Ranks of this communicator expressed in `other`'s numbering (same
  /// processes; MPI_UNDEFINED for processes not in `other`).
  std::vector<int> translateRanks(std::span<const int> ranks, const Communicator& other) const;

  /// Ends every rank of the communicator with `code` (MPI_Abort). Use only
  /// for failures other ranks cannot learn about (see parallel_error.hpp).
  [[noreturn]] void abort(int code) const;

 private:
  Communicator(MPI_Comm comm, CommProfile* profile, bool owning);
  void allreduce(void* data, int count, MPI_Datatype type, MPI_Op op, std::size_t bytes) const;
  void bcast(void* data, int count, MPI_Datatype type, int root, std::size_t bytes) const;
  Communicator createGraph(std::span<const int> neighbours, const int* weights) const;
  PendingReduction startReduction(std::span<double> values, std::vector<double> own, MPI_Op op) const;
  void release() noexcept;

  MPI_Comm comm_ = MPI_COMM_NULL;
  CommProfile* profile_ = nullptr;
  int rank_ = 0;
  int size_ = 1;
  bool owning_ = false;
  bool local_ = false;
};

}  // namespace sluice::parallel
