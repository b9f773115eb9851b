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
// One exchange per object is in flight at a time (start twice without
// finish throws sluice::Error); use several objects with different tags to
// overlap exchanges of several fields. The field must stay alive and keep
// its size between start and finish. All ranks of the pattern must use the
// same tag and exchange fields of the same shape in the same order. The
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

  bool inFlight() const { return inFlight_; }
  int tag() const { return tag_; }
  const std::vector<int>& neighbours() const { return neighbours_; }
  /// Cells sent / received per exchange (summed over neighbours).
  std::size_t sendCellCount() const { return sendCells_.size(); }
  std::size_t recvCellCount() const { return recvCells_.size(); }
  /// Field shapes (bytes per cell) with buffers and persistent requests so far.
  std::size_t shapeCount() const { return shapes_.size(); }

 private:
  struct Shape;
  static std::size_t checkedComponents(int components);
  void startBytes(std::byte* field, std::size_t nCells, std::size_t bytesPerCell);
  Shape& shapeFor(std::size_t bytesPerCell);
  void freeRequests() noexcept;

  const Communicator* comm_;
  int tag_;
  std::vector<int> neighbours_;
  std::vector<std::size_t> sendOffsets_, recvOffsets_;  ///< per neighbour + 1, into the flat cell lists
  std::vector<Label> sendCells_, recvCells_;
  std::size_t minCells_ = 0;  ///< a field must have at least this many cells (largest index + 1)
  std::vector<std::unique_ptr<Shape>> shapes_;
  Shape* active_ = nullptr;
  std::byte* activeField_ = nullptr;
  bool inFlight_ = false;
};

}  // namespace sluice::parallel
