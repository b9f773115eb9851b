#include "sluice/parallel/communicator.hpp"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <utility>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/parallel/comm_profile.hpp"

namespace sluice::parallel {

namespace {

bool mpiRunning() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  return !finalized;
}

int checkedCount(std::size_t n, const char* what) {
  if (n > static_cast<std::size_t>(INT_MAX))
    throw Error(fmt::format("Communicator::{}: {} values exceed the MPI count limit", what, n));
  return static_cast<int>(n);
}

}  // namespace

// ---------------------------------------------------------------- PendingReduction

PendingReduction::PendingReduction(MPI_Comm comm, std::span<double> target, std::vector<double> own,
                                   CommProfile* profile, MPI_Op op)
    : own_(std::move(own)), profile_(profile) {
  target_ = own_.empty() ? target : std::span<double>(own_);
  const int count = checkedCount(target_.size(), "startSum");
  OpTimer t(profile_, MpiOp::Iallreduce, target_.size_bytes());
  MPI_Iallreduce(MPI_IN_PLACE, target_.data(), count, MPI_DOUBLE, op, comm, &request_);
}

PendingReduction::PendingReduction(PendingReduction&& other) noexcept
    : request_(std::exchange(other.request_, MPI_REQUEST_NULL)),
      target_(other.target_),
      own_(std::move(other.own_)),
      profile_(other.profile_) {
  // A moved std::vector keeps its heap block, so target_ (and the pointer MPI
  // holds) stays valid.
}

PendingReduction& PendingReduction::operator=(PendingReduction&& other) noexcept {
  if (this != &other) {
    waitNoThrow();
    request_ = std::exchange(other.request_, MPI_REQUEST_NULL);
    target_ = other.target_;
    own_ = std::move(other.own_);
    profile_ = other.profile_;
  }
  return *this;
}

PendingReduction::~PendingReduction() { waitNoThrow(); }

void PendingReduction::waitNoThrow() noexcept {
  if (request_ == MPI_REQUEST_NULL) return;
  if (!mpiRunning()) return;  // nothing can be done after MPI_Finalize
  OpTimer t(profile_, MpiOp::Wait, 0);
  MPI_Wait(&request_, MPI_STATUS_IGNORE);
}

void PendingReduction::wait() { waitNoThrow(); }

bool PendingReduction::test() {
  if (request_ == MPI_REQUEST_NULL) return true;
  int done = 0;
  OpTimer t(profile_, MpiOp::Test, 0);
  MPI_Test(&request_, &done, MPI_STATUS_IGNORE);
  return done != 0;
}

std::span<const double> PendingReduction::values() const {
  if (pending()) throw Error("PendingReduction::values(): the reduction is still pending; call wait() first");
  return target_;
}

// ---------------------------------------------------------------- Communicator

Communicator::Communicator(MPI_Comm comm, CommProfile* profile) : Communicator(comm, profile, false) {}

Communicator::Communicator(MPI_Comm comm, CommProfile* profile, bool owning)
    : comm_(comm), profile_(profile), owning_(owning) {
  if (comm_ == MPI_COMM_NULL) throw Error("Communicator: MPI_COMM_NULL given");
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
}

Communicator Communicator::adopt(MPI_Comm comm, CommProfile* profile) { return Communicator(comm, profile, true); }

Communicator::Communicator(Communicator&& other) noexcept
    : comm_(std::exchange(other.comm_, MPI_COMM_NULL)),
      profile_(other.profile_),
      rank_(other.rank_),
      size_(other.size_),
      owning_(std::exchange(other.owning_, false)),
      local_(other.local_) {}

Communicator& Communicator::operator=(Communicator&& other) noexcept {
  if (this != &other) {
    release();
    comm_ = std::exchange(other.comm_, MPI_COMM_NULL);
    profile_ = other.profile_;
    rank_ = other.rank_;
    size_ = other.size_;
    owning_ = std::exchange(other.owning_, false);
    local_ = other.local_;
  }
  return *this;
}

Communicator::~Communicator() { release(); }

void Communicator::release() noexcept {
  if (owning_ && comm_ != MPI_COMM_NULL && mpiRunning()) {
    OpTimer t(profile_, MpiOp::CommFree, 0);
    MPI_Comm_free(&comm_);
  }
  comm_ = MPI_COMM_NULL;
  owning_ = false;
}

Communicator Communicator::local() {
  Communicator c(MPI_COMM_SELF);
  c.local_ = true;
  return c;
}

void Communicator::allreduce(void* data, int count, MPI_Datatype type, MPI_Op op, std::size_t bytes) const {
  if (local_) return;  // one process: the reduction of a value is the value
  OpTimer t(profile_, MpiOp::Allreduce, bytes);
  MPI_Allreduce(MPI_IN_PLACE, data, count, type, op, comm_);
}

void Communicator::bcast(void* data, int count, MPI_Datatype type, int root, std::size_t bytes) const {
  OpTimer t(profile_, MpiOp::Bcast, bytes);
  MPI_Bcast(data, count, type, root, comm_);
}

namespace {

/// Element-wise (sum, min, max) of triples of doubles: an MPI user operation.
void sumMinMaxOp(void* in, void* inout, int* len, MPI_Datatype*) {
  const auto* a = static_cast<const double*>(in);
  auto* b = static_cast<double*>(inout);
  for (int i = 0; i < *len; ++i, a += 3, b += 3) {
    b[0] += a[0];
    b[1] = std::min(a[1], b[1]);
    b[2] = std::max(a[2], b[2]);
  }
}

/// The triple datatype and its operation, created on first use after
/// MPI_Init and kept for the rest of the process (a cache, no behaviour).
struct SumMinMaxType {
  MPI_Datatype type = MPI_DATATYPE_NULL;
  MPI_Op op = MPI_OP_NULL;
  SumMinMaxType() {
    MPI_Type_contiguous(3, MPI_DOUBLE, &type);
    MPI_Type_commit(&type);
    MPI_Op_create(&sumMinMaxOp, /*commute=*/1, &op);
  }
};

}  // namespace

std::array<double, 3> Communicator::sumMinMax(double sum, double min, double max) const {
  static const SumMinMaxType t;
  std::array<double, 3> v{sum, min, max};
  allreduce(v.data(), 1, t.type, t.op, sizeof(v));
  return v;
}

#define SLUICE_SCALAR_REDUCTION(Type, MpiType, name, MpiOpName)        \
  Type Communicator::name(Type v) const {                              \
    allreduce(&v, 1, MpiType, MpiOpName, sizeof(Type));                \
    return v;                                                          \
  }
#define SLUICE_SPAN_REDUCTION(Type, MpiType, name, MpiOpName)                                             \
  void Communicator::name(std::span<Type> values) const {                                                 \
    if (values.empty()) return;                                                                           \
    allreduce(values.data(), checkedCount(values.size(), #name), MpiType, MpiOpName, values.size_bytes()); \
  }
#define SLUICE_REDUCTIONS(Type, MpiType)                         \
  SLUICE_SCALAR_REDUCTION(Type, MpiType, sum, MPI_SUM)           \
  SLUICE_SCALAR_REDUCTION(Type, MpiType, min, MPI_MIN)           \
  SLUICE_SCALAR_REDUCTION(Type, MpiType, max, MPI_MAX)           \
  SLUICE_SPAN_REDUCTION(Type, MpiType, sumInPlace, MPI_SUM)      \
  SLUICE_SPAN_REDUCTION(Type, MpiType, minInPlace, MPI_MIN)      \
  SLUICE_SPAN_REDUCTION(Type, MpiType, maxInPlace, MPI_MAX)

SLUICE_REDUCTIONS(double, MPI_DOUBLE)
SLUICE_REDUCTIONS(int, MPI_INT)
SLUICE_REDUCTIONS(long, MPI_LONG)
SLUICE_REDUCTIONS(long long, MPI_LONG_LONG)

#undef SLUICE_REDUCTIONS
#undef SLUICE_SPAN_REDUCTION
#undef SLUICE_SCALAR_REDUCTION

bool Communicator::anyTrue(bool v) const { return max(v ? 1 : 0) != 0; }
bool Communicator::allTrue(bool v) const { return min(v ? 1 : 0) != 0; }

PendingReduction Communicator::startReduction(std::span<double> values, std::vector<double> own, MPI_Op op) const {
  return PendingReduction(comm_, values, std::move(own), profile_, op);
}

PendingReduction Communicator::startSum(std::span<double> values) const { return startReduction(values, {}, MPI_SUM); }
PendingReduction Communicator::startMin(std::span<double> values) const { return startReduction(values, {}, MPI_MIN); }
PendingReduction Communicator::startMax(std::span<double> values) const { return startReduction(values, {}, MPI_MAX); }
PendingReduction Communicator::startSumCopy(std::span<const double> values) const {
  // An empty copy would be indistinguishable from the in-place form; reduce
  // an empty span in place instead (MPI still completes the request).
  if (values.empty()) return startReduction({}, {}, MPI_SUM);
  return startReduction({}, std::vector<double>(values.begin(), values.end()), MPI_SUM);
}

long long Communicator::exclusiveSum(long long v) const {
  long long out = 0;
  {
    OpTimer t(profile_, MpiOp::Exscan, sizeof v);
    MPI_Exscan(&v, &out, 1, MPI_LONG_LONG, MPI_SUM, comm_);
  }
  return rank_ == 0 ? 0 : out;  // MPI leaves rank 0's result undefined
}

std::vector<long long> Communicator::allGather(long long v) const {
  std::vector<long long> out(static_cast<std::size_t>(size_));
  OpTimer t(profile_, MpiOp::Allgather, sizeof v);
  MPI_Allgather(&v, 1, MPI_LONG_LONG, out.data(), 1, MPI_LONG_LONG, comm_);
  return out;
}

void Communicator::allGatherV(std::span<const double> mine, std::span<double> all, std::span<const int> counts,
                              std::span<const int> displs) const {
  OpTimer t(profile_, MpiOp::Allgather, mine.size_bytes());
  MPI_Allgatherv(mine.data(), checkedCount(mine.size(), "allGatherV"), MPI_DOUBLE, all.data(), counts.data(),
                 displs.data(), MPI_DOUBLE, comm_);
}

void Communicator::allGatherV(std::span<const long long> mine, std::span<long long> all, std::span<const int> counts,
                              std::span<const int> displs) const {
  OpTimer t(profile_, MpiOp::Allgather, mine.size_bytes());
  MPI_Allgatherv(mine.data(), checkedCount(mine.size(), "allGatherV"), MPI_LONG_LONG, all.data(), counts.data(),
                 displs.data(), MPI_LONG_LONG, comm_);
}

void Communicator::broadcast(std::span<double> values, int root) const {
  bcast(values.data(), checkedCount(values.size(), "broadcast"), MPI_DOUBLE, root, values.size_bytes());
}
void Communicator::broadcast(std::span<int> values, int root) const {
  bcast(values.data(), checkedCount(values.size(), "broadcast"), MPI_INT, root, values.size_bytes());
}
void Communicator::broadcast(std::span<long> values, int root) const {
  bcast(values.data(), checkedCount(values.size(), "broadcast"), MPI_LONG, root, values.size_bytes());
}
void Communicator::broadcast(std::span<long long> values, int root) const {
  bcast(values.data(), checkedCount(values.size(), "broadcast"), MPI_LONG_LONG, root, values.size_bytes());
}
void Communicator::broadcast(std::span<char> values, int root) const {
  bcast(values.data(), checkedCount(values.size(), "broadcast"), MPI_CHAR, root, values.size_bytes());
}

void Communicator::broadcast(std::string& s, int root) const {
  long long length = static_cast<long long>(s.size());
  broadcast(std::span<long long>(&length, 1), root);
  if (rank_ != root) s.resize(static_cast<std::size_t>(length));
  if (length > 0) broadcast(std::span<char>(s.data(), s.size()), root);
}

Communicator Communicator::duplicate() const {
  MPI_Comm dup = MPI_COMM_NULL;
  {
    OpTimer t(profile_, MpiOp::CommCreate, 0);
    MPI_Comm_dup(comm_, &dup);
  }
  return adopt(dup, profile_);
}

Communicator Communicator::distributedGraph(std::span<const int> neighbours) const {
  return createGraph(neighbours, MPI_UNWEIGHTED);
}

Communicator Communicator::distributedGraphWeighted(std::span<const int> neighbours,
                                                    std::span<const int> weights) const {
  if (weights.size() != neighbours.size())
    throw Error(fmt::format("Communicator::distributedGraphWeighted: {} weights given for {} neighbours",
                            weights.size(), neighbours.size()));
  return createGraph(neighbours, weights.empty() ? MPI_WEIGHTS_EMPTY : weights.data());
}

Communicator Communicator::createGraph(std::span<const int> neighbours, const int* weights) const {
  for (int n : neighbours)
    if (n < 0 || n >= size_)
      throw Error(fmt::format("Communicator::distributedGraph: neighbour rank {} outside 0..{}", n, size_ - 1));
  const int degree = checkedCount(neighbours.size(), "distributedGraph");
  MPI_Comm graph = MPI_COMM_NULL;
  {
    OpTimer t(profile_, MpiOp::CommCreate, 0);
    MPI_Dist_graph_create_adjacent(comm_, degree, neighbours.data(), weights, degree, neighbours.data(), weights,
                                   MPI_INFO_NULL, /*reorder=*/1, &graph);
  }
  return adopt(graph, profile_);
}

std::vector<int> Communicator::graphNeighbours() const {
  int topology = MPI_UNDEFINED;
  MPI_Topo_test(comm_, &topology);
  if (topology != MPI_DIST_GRAPH)
    throw Error("Communicator::graphNeighbours: not a distributed-graph communicator");
  int inDegree = 0, outDegree = 0, weighted = 0;
  MPI_Dist_graph_neighbors_count(comm_, &inDegree, &outDegree, &weighted);
  std::vector<int> sources(static_cast<std::size_t>(inDegree)), destinations(static_cast<std::size_t>(outDegree));
  std::vector<int> sourceWeights(weighted ? sources.size() : 0), destinationWeights(weighted ? destinations.size() : 0);
  MPI_Dist_graph_neighbors(comm_, inDegree, sources.data(), weighted ? sourceWeights.data() : MPI_UNWEIGHTED,
                           outDegree, destinations.data(),
                           weighted ? destinationWeights.data() : MPI_UNWEIGHTED);
  std::sort(sources.begin(), sources.end());
  return sources;
}

std::vector<int> Communicator::translateRanks(std::span<const int> ranks, const Communicator& other) const {
  MPI_Group mine = MPI_GROUP_NULL, theirs = MPI_GROUP_NULL;
  MPI_Comm_group(comm_, &mine);
  MPI_Comm_group(other.comm_, &theirs);
  std::vector<int> out(ranks.size(), MPI_UNDEFINED);
  if (!ranks.empty())
    MPI_Group_translate_ranks(mine, checkedCount(ranks.size(), "translateRanks"), ranks.data(), theirs, out.data());
  MPI_Group_free(&mine);
  MPI_Group_free(&theirs);
  return out;
}

void Communicator::abort(int code) const {
  if (profile_) profile_->record(MpiOp::Abort, 0, 0);
  MPI_Abort(comm_, code);
  std::abort();  // MPI_Abort does not return; keep [[noreturn]] honest
}

}  // namespace sluice::parallel
