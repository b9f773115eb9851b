#pragma once
// Neighbour-only, non-blocking halo exchange with a schedule built once.
// Constructed once per (communicator, halo pattern, tag) at start-up: the
// send/receive cell lists are copied, and for each field shape (bytes per
// cell: a double, a float, a Vec3, 9 doubles of a tensor, ...) contiguous
// send and receive buffers and persistent MPI requests (MPI_Send_init /
// MPI_Recv_init, one per neighbour and direction) are created on first use
// and reused for every later exchange of that shape. Only neighbour ranks
// are contacted; an exchange is MPI_Start of each receive, packing and
// MPI_Start of each send (start), then one MPI_Waitall and unpacking into
// the ghost entries (finish). Nothing allocates after the first exchange of
// a shape.
//
// Fields are arrays over local cells (owned then ghost, see
// distributed_mesh.hpp) with `components` consecutive entries per cell:
//
//   HaloExchange halo(comm, dmesh.halo, /*tag=*/100);   // tag unique among exchanges on comm
//   halo.exchange(p);                                   // std::vector<double>, one value per cell
//   halo.exchange(U);                                   // std::vector<Vec3>
//   halo.exchange(std::span(gradU), 9);                 // 9 doubles per cell
//
// Overlap communication with work that needs no ghost values:
//
//   halo.start(phi);               // receives posted, owned edge values packed and sent
//   computeInteriorFluxes(phi);    // owned cells only; do not write phi's owned
//                                  // entries that are sent, nor read or write its ghosts
//   halo.finish();                 // wait, ghost entries of phi now hold the owners' values
//   computeProcessorFluxes(phi);   // may read ghosts
//
// Several exchanges in flight on one object: begin() returns a HaloTransfer,
// a handle that owns the exchange's state until its finish() (as AMReX's
// FillBoundary_nowait/finish). Each transfer uses a channel of buffers and
// persistent requests of its field shape; a second transfer of the same shape
// while the first is in flight gets a second channel with its own tag (tag +
// k * the tag stride), kept for reuse, so nothing is created after the first
// round of a pattern of use:
//
//   HaloTransfer tp = halo.begin(std::span(p));   // p and U exchanged at once
//   HaloTransfer tu = halo.begin(std::span(U), 3);
//   ...work on owned cells...
//   tp.finish(); tu.finish();
//
// start()/finish() on the object itself are one such transfer kept inside
// (start twice without finish throws sluice::Error). The field must stay
// alive and keep its size until the transfer finishes. All ranks of the
// pattern must use the same tag and begin and finish transfers of the same
// shapes in the same order (channels, and so tags, are taken in that order).
// A transfer destroyed unfinished completes its messages without writing the
// field. Do not move a HaloExchange while transfers are in flight. The
// Communicator must outlive the HaloExchange and stay where it is (it is
// referred to by address); its profile (if any) records every MPI call.
#include <cstddef>
#include <memory>
#include <span>
#include <type_traits>
#include <vector>

#include <mpi.h>

#include "sluice/core/types.hpp"
#include "sluice/parallel/halo_pattern.hpp"

namespace sluice::parallel {

class Communicator;

/// Throws sluice::Error naming the first inconsistency of `pattern` for a
/// communicator of `commSize` ranks: neighbours not ascending/unique or out
/// of range, list counts not matching the neighbours, negative cells, a
/// ghost cell received twice.
void checkHaloPattern(const HaloPattern& pattern, int commSize);

class HaloExchange;

/// One exchange in flight (see HaloExchange::begin). Move-only.
class HaloTransfer {
 public:
  HaloTransfer() = default;
  HaloTransfer(HaloTransfer&& other) noexcept;
  HaloTransfer& operator=(HaloTransfer&& other) noexcept;
  HaloTransfer(const HaloTransfer&) = delete;
  HaloTransfer& operator=(const HaloTransfer&) = delete;
  /// Completes an unfinished transfer's messages without writing the field.
  ~HaloTransfer();

  /// Waits for the messages and writes the ghost entries. Throws
  /// sluice::Error if the transfer is not in flight.
  void finish();
  bool inFlight() const { return inFlight_; }

 private:
  friend class HaloExchange;
  struct Channel;
  void abandon() noexcept;

  HaloExchange* owner_ = nullptr;
  Channel* channel_ = nullptr;  ///< null when there are no neighbours
  std::byte* field_ = nullptr;
  bool inFlight_ = false;
};

class HaloExchange {
 public:
  HaloExchange(const Communicator& comm, const HaloPattern& pattern, int tag);
  ~HaloExchange();
  HaloExchange(HaloExchange&&) noexcept;
  HaloExchange& operator=(HaloExchange&&) = delete;
  HaloExchange(const HaloExchange&) = delete;
  HaloExchange& operator=(const HaloExchange&) = delete;

  /// Starts exchanging `field` (`components` entries of T per cell).
  template <class T>
    requires(std::is_trivially_copyable_v<T> && !std::is_const_v<T>)
  void start(std::span<T> field, int components = 1) {
    startBytes(reinterpret_cast<std::byte*>(field.data()), field.size() / checkedComponents(components),
               static_cast<std::size_t>(components) * sizeof(T));
  }
  template <class T>
  void start(std::vector<T>& field, int components = 1) {
    start(std::span<T>(field), components);
  }
  /// Completes the exchange started last: ghost entries hold the owners' values.
  void finish();

  /// Starts exchanging `field` as a transfer of its own; several may be in flight.
  template <class T>
    requires(std::is_trivially_copyable_v<T> && !std::is_const_v<T>)
  [[nodiscard]] HaloTransfer begin(std::span<T> field, int components = 1) {
    return beginBytes(reinterpret_cast<std::byte*>(field.data()), field.size() / checkedComponents(components),
                      static_cast<std::size_t>(components) * sizeof(T));
  }

  /// start + finish.
  template <class T>
  void exchange(std::span<T> field, int components = 1) {
    start(field, components);
    finish();
  }
  template <class T>
  void exchange(std::vector<T>& field, int components = 1) {
    exchange(std::span<T>(field), components);
  }

  /// True while the exchange of start() is in flight.
  bool inFlight() const { return current_.inFlight(); }
  int tag() const { return tag_; }
  const std::vector<int>& neighbours() const { return neighbours_; }
  /// Cells sent / received per exchange (summed over neighbours).
  std::size_t sendCellCount() const { return sendCells_.size(); }
  std::size_t recvCellCount() const { return recvCells_.size(); }
  /// Field shapes (bytes per cell) with buffers and persistent requests so far.
  std::size_t shapeCount() const;
  /// Channels (buffers and persistent requests) so far, over all shapes.
  std::size_t channelCount() const { return channels_.size(); }

 private:
  friend class HaloTransfer;
  using Channel = HaloTransfer::Channel;
  static std::size_t checkedComponents(int components);
  void startBytes(std::byte* field, std::size_t nCells, std::size_t bytesPerCell);
  HaloTransfer beginBytes(std::byte* field, std::size_t nCells, std::size_t bytesPerCell);
  Channel& freeChannel(std::size_t bytesPerCell);
  void complete(Channel& channel, std::byte* field);
  void freeRequests() noexcept;

  const Communicator* comm_;
  int tag_;
  std::vector<int> neighbours_;
  std::vector<std::size_t> sendOffsets_, recvOffsets_;  ///< per neighbour + 1, into the flat cell lists
  std::vector<Label> sendCells_, recvCells_;
  std::size_t minCells_ = 0;  ///< a field must have at least this many cells (largest index + 1)
  int tagStride_ = 0;         ///< channel k of a shape uses tag + k * tagStride_
  std::vector<std::unique_ptr<Channel>> channels_;
  HaloTransfer current_;  ///< the exchange of start()/finish()
};

}  // namespace sluice::parallel
