#include "sluice/parallel/halo_exchange.hpp"

#include <algorithm>
#include <climits>
#include <cstring>
#include <utility>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/parallel/comm_profile.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::parallel {

struct HaloTransfer::Channel {
  std::size_t bytesPerCell = 0;
  int index = 0;      ///< k-th channel of its shape: tag + k * tagStride
  bool busy = false;  ///< a transfer holds it
  std::vector<std::byte> sendBuffer, recvBuffer;
  std::vector<MPI_Request> requests;  ///< receives (one per neighbour), then sends
};

namespace {

bool mpiRunning() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  return !finalized;
}

// Pack/unpack with the cell size known at compile time for the usual shapes,
// so the per-cell copy is a plain load/store.
template <std::size_t N>
void gatherFixed(std::byte* out, const std::byte* field, const Label* cells, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) std::memcpy(out + i * N, field + static_cast<std::size_t>(cells[i]) * N, N);
}
template <std::size_t N>
void scatterFixed(std::byte* field, const std::byte* in, const Label* cells, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) std::memcpy(field + static_cast<std::size_t>(cells[i]) * N, in + i * N, N);
}

void gather(std::byte* out, const std::byte* field, const Label* cells, std::size_t n, std::size_t size) {
  switch (size) {
    case 4: return gatherFixed<4>(out, field, cells, n);
    case 8: return gatherFixed<8>(out, field, cells, n);
    case 12: return gatherFixed<12>(out, field, cells, n);
    case 16: return gatherFixed<16>(out, field, cells, n);
    case 24: return gatherFixed<24>(out, field, cells, n);
    case 72: return gatherFixed<72>(out, field, cells, n);
    default:
      for (std::size_t i = 0; i < n; ++i)
        std::memcpy(out + i * size, field + static_cast<std::size_t>(cells[i]) * size, size);
  }
}

void scatter(std::byte* field, const std::byte* in, const Label* cells, std::size_t n, std::size_t size) {
  switch (size) {
    case 4: return scatterFixed<4>(field, in, cells, n);
    case 8: return scatterFixed<8>(field, in, cells, n);
    case 12: return scatterFixed<12>(field, in, cells, n);
    case 16: return scatterFixed<16>(field, in, cells, n);
    case 24: return scatterFixed<24>(field, in, cells, n);
    case 72: return scatterFixed<72>(field, in, cells, n);
    default:
      for (std::size_t i = 0; i < n; ++i)
        std::memcpy(field + static_cast<std::size_t>(cells[i]) * size, in + i * size, size);
  }
}

constexpr int kChannelsPerShape = 8;  // transfers of one shape in flight at once

int tagUpperBound() {
  void* value = nullptr;
  int found = 0;
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &value, &found);
  return found ? *static_cast<int*>(value) : 32767;  // 32767: the least the standard guarantees
}

}  // namespace

void checkHaloPattern(const HaloPattern& p, int commSize) {
  const std::size_t n = p.neighbours.size();
  if (p.sendCells.size() != n || p.recvCells.size() != n)
    throw Error(fmt::format("halo pattern: {} neighbours but {} send lists and {} receive lists", n,
                            p.sendCells.size(), p.recvCells.size()));
  for (std::size_t i = 0; i < n; ++i) {
    const int rank = p.neighbours[i];
    if (rank < 0 || rank >= commSize)
      throw Error(fmt::format("halo pattern: neighbour rank {} outside 0..{}", rank, commSize - 1));
    if (i > 0 && rank <= p.neighbours[i - 1])
      throw Error(fmt::format("halo pattern: neighbour ranks not ascending and unique ({} after {})", rank,
                              p.neighbours[i - 1]));
    for (Label c : p.sendCells[i])
      if (c < 0) throw Error(fmt::format("halo pattern: negative cell {} in the send list to rank {}", c, rank));
    for (Label c : p.recvCells[i])
      if (c < 0) throw Error(fmt::format("halo pattern: negative cell {} in the receive list from rank {}", c, rank));
  }
  std::vector<Label> ghosts;
  for (const auto& list : p.recvCells) ghosts.insert(ghosts.end(), list.begin(), list.end());
  std::sort(ghosts.begin(), ghosts.end());
  const auto dup = std::adjacent_find(ghosts.begin(), ghosts.end());
  if (dup != ghosts.end()) throw Error(fmt::format("halo pattern: ghost cell {} is received more than once", *dup));
}

HaloExchange::HaloExchange(const Communicator& comm, const HaloPattern& pattern, int tag)
    : comm_(&comm), tag_(tag), neighbours_(pattern.neighbours) {
  checkHaloPattern(pattern, comm.size());
  const int tagMax = tagUpperBound();
  tagStride_ = static_cast<int>((static_cast<long long>(tagMax) + 1) / kChannelsPerShape);
  if (tag < 0 || tag >= tagStride_)
    throw Error(fmt::format("HaloExchange: tag {} outside 0..{}", tag, tagStride_ - 1));
  sendOffsets_.push_back(0);
  recvOffsets_.push_back(0);
  for (std::size_t i = 0; i < neighbours_.size(); ++i) {
    sendCells_.insert(sendCells_.end(), pattern.sendCells[i].begin(), pattern.sendCells[i].end());
    recvCells_.insert(recvCells_.end(), pattern.recvCells[i].begin(), pattern.recvCells[i].end());
    sendOffsets_.push_back(sendCells_.size());
    recvOffsets_.push_back(recvCells_.size());
  }
  for (Label c : sendCells_) minCells_ = std::max(minCells_, static_cast<std::size_t>(c) + 1);
  for (Label c : recvCells_) minCells_ = std::max(minCells_, static_cast<std::size_t>(c) + 1);
}

HaloExchange::HaloExchange(HaloExchange&& o) noexcept
    : comm_(o.comm_),
      tag_(o.tag_),
      neighbours_(std::move(o.neighbours_)),
      sendOffsets_(std::move(o.sendOffsets_)),
      recvOffsets_(std::move(o.recvOffsets_)),
      sendCells_(std::move(o.sendCells_)),
      recvCells_(std::move(o.recvCells_)),
      minCells_(o.minCells_),
      tagStride_(o.tagStride_),
      channels_(std::move(o.channels_)),
      current_(std::move(o.current_)) {
  o.channels_.clear();
  if (current_.owner_) current_.owner_ = this;
}

HaloExchange::~HaloExchange() { freeRequests(); }

void HaloExchange::freeRequests() noexcept {
  if (!mpiRunning()) return;
  current_.abandon();
  for (auto& channel : channels_) {
    if (channel->busy) {
      // A transfer still holds it (destroyed mid-exchange, e.g. during
      // unwinding): complete the messages so no request is left active.
      MPI_Waitall(static_cast<int>(channel->requests.size()), channel->requests.data(), MPI_STATUSES_IGNORE);
      channel->busy = false;
    }
    for (MPI_Request& r : channel->requests)
      if (r != MPI_REQUEST_NULL) MPI_Request_free(&r);
  }
}

std::size_t HaloExchange::shapeCount() const {
  std::size_t n = 0;
  for (const auto& c : channels_) n += c->index == 0;
  return n;
}

std::size_t HaloExchange::checkedComponents(int components) {
  if (components < 1) throw Error(fmt::format("HaloExchange: {} components per cell (must be >= 1)", components));
  return static_cast<std::size_t>(components);
}

HaloExchange::Channel& HaloExchange::freeChannel(std::size_t bytesPerCell) {
  int index = 0;
  for (auto& c : channels_)
    if (c->bytesPerCell == bytesPerCell) {
      if (!c->busy) return *c;
      ++index;
    }
  if (index >= kChannelsPerShape)
    throw Error(fmt::format("HaloExchange (tag {}): more than {} transfers of one field shape in flight", tag_,
                            kChannelsPerShape));
  const int tag = tag_ + index * tagStride_;

  const std::size_t n = neighbours_.size();
  auto shape = std::make_unique<Channel>();
  shape->index = index;
  shape->bytesPerCell = bytesPerCell;
  shape->sendBuffer.resize(sendCells_.size() * bytesPerCell);
  shape->recvBuffer.resize(recvCells_.size() * bytesPerCell);
  shape->requests.assign(2 * n, MPI_REQUEST_NULL);
  CommProfile* profile = comm_->profile();
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t recvBytes = (recvOffsets_[i + 1] - recvOffsets_[i]) * bytesPerCell;
    const std::size_t sendBytes = (sendOffsets_[i + 1] - sendOffsets_[i]) * bytesPerCell;
    if (recvBytes > static_cast<std::size_t>(INT_MAX) || sendBytes > static_cast<std::size_t>(INT_MAX))
      throw Error(fmt::format("HaloExchange: message to or from rank {} exceeds 2 GiB", neighbours_[i]));
    {
      OpTimer t(profile, MpiOp::RecvInit, recvBytes);
      MPI_Recv_init(shape->recvBuffer.data() + recvOffsets_[i] * bytesPerCell, static_cast<int>(recvBytes), MPI_BYTE,
                    neighbours_[i], tag, comm_->get(), &shape->requests[i]);
    }
    {
      OpTimer t(profile, MpiOp::SendInit, sendBytes);
      MPI_Send_init(shape->sendBuffer.data() + sendOffsets_[i] * bytesPerCell, static_cast<int>(sendBytes), MPI_BYTE,
                    neighbours_[i], tag, comm_->get(), &shape->requests[n + i]);
    }
  }
  channels_.push_back(std::move(shape));
  return *channels_.back();
}

void HaloExchange::startBytes(std::byte* field, std::size_t nCells, std::size_t bytesPerCell) {
  if (current_.inFlight())
    throw Error(fmt::format("HaloExchange (tag {}): start() called while an exchange is in flight; call finish() first",
                            tag_));
  current_ = beginBytes(field, nCells, bytesPerCell);
}

void HaloExchange::finish() {
  if (!current_.inFlight()) throw Error(fmt::format("HaloExchange (tag {}): finish() called without start()", tag_));
  current_.finish();
}

HaloTransfer HaloExchange::beginBytes(std::byte* field, std::size_t nCells, std::size_t bytesPerCell) {
  if (nCells < minCells_)
    throw Error(fmt::format("HaloExchange (tag {}): field has {} cells but the halo pattern refers to cell {}", tag_,
                            nCells, minCells_ - 1));
  HaloTransfer t;
  t.owner_ = this;
  t.field_ = field;
  if (!neighbours_.empty()) {
    Channel& channel = freeChannel(bytesPerCell);  // may throw: nothing started yet
    const std::size_t n = neighbours_.size();
    CommProfile* profile = comm_->profile();
    for (std::size_t i = 0; i < n; ++i) {
      OpTimer timer(profile, MpiOp::StartRecv, (recvOffsets_[i + 1] - recvOffsets_[i]) * bytesPerCell);
      MPI_Start(&channel.requests[i]);
    }
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t count = sendOffsets_[i + 1] - sendOffsets_[i];
      gather(channel.sendBuffer.data() + sendOffsets_[i] * bytesPerCell, field, sendCells_.data() + sendOffsets_[i],
             count, bytesPerCell);
      OpTimer timer(profile, MpiOp::StartSend, count * bytesPerCell);
      MPI_Start(&channel.requests[n + i]);
    }
    channel.busy = true;
    t.channel_ = &channel;
  }
  t.inFlight_ = true;
  return t;
}

void HaloExchange::complete(Channel& channel, std::byte* field) {
  {
    OpTimer t(comm_->profile(), MpiOp::Waitall, 0);
    MPI_Waitall(static_cast<int>(channel.requests.size()), channel.requests.data(), MPI_STATUSES_IGNORE);
  }
  channel.busy = false;
  scatter(field, channel.recvBuffer.data(), recvCells_.data(), recvCells_.size(), channel.bytesPerCell);
}

HaloTransfer::HaloTransfer(HaloTransfer&& other) noexcept
    : owner_(std::exchange(other.owner_, nullptr)),
      channel_(std::exchange(other.channel_, nullptr)),
      field_(std::exchange(other.field_, nullptr)),
      inFlight_(std::exchange(other.inFlight_, false)) {}

HaloTransfer& HaloTransfer::operator=(HaloTransfer&& other) noexcept {
  if (this != &other) {
    abandon();
    owner_ = std::exchange(other.owner_, nullptr);
    channel_ = std::exchange(other.channel_, nullptr);
    field_ = std::exchange(other.field_, nullptr);
    inFlight_ = std::exchange(other.inFlight_, false);
  }
  return *this;
}

HaloTransfer::~HaloTransfer() { abandon(); }

void HaloTransfer::finish() {
  if (!inFlight_) throw Error("HaloTransfer: finish() on a transfer that is not in flight");
  inFlight_ = false;
  if (channel_) owner_->complete(*channel_, field_);
  channel_ = nullptr;
}

void HaloTransfer::abandon() noexcept {
  if (inFlight_ && channel_ && mpiRunning()) {
    MPI_Waitall(static_cast<int>(channel_->requests.size()), channel_->requests.data(), MPI_STATUSES_IGNORE);
    channel_->busy = false;
  }
  inFlight_ = false;
  channel_ = nullptr;
}

}  // namespace sluice::parallel
