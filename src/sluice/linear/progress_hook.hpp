#pragma once
// Drives a pending non-blocking reduction while a long stretch of local work
// runs (pipelined CG: the preconditioner and the matrix-vector product that
// overlap the iteration's MPI_Iallreduce). MPI libraries without an
// asynchronous progress thread advance a collective only inside MPI calls, so
// the work is split into `chunks` pieces with one MPI_Test (poke) between
// consecutive pieces. A default hook (no reduction, one chunk) costs nothing.
//
//   parallel::PendingReduction r = comm.startSum(buffer);
//   ProgressHook hook{&r, 4};
//   const int pieces = hook.pieces();
//   for (int k = 0; k < pieces; ++k) {
//     const auto [begin, end] = ProgressHook::range(k, pieces, n);
//     work(begin, end);
//     if (k + 1 < pieces) hook.poke();
//   }
//   r.wait();
#include <cstddef>
#include <utility>

#include "sluice/parallel/communicator.hpp"

namespace sluice::linear {

struct ProgressHook {
  parallel::PendingReduction* pending = nullptr;  ///< null: nothing to drive
  int chunks = 1;                                 ///< pieces the work is split into (>= 1)

  /// One MPI_Test on the pending reduction (none once it has completed, or
  /// when the work is not split).
  void poke() const {
    if (pending != nullptr && chunks > 1 && pending->pending()) pending->test();
  }
  /// Effective number of pieces (1 when there is nothing to drive).
  int pieces() const { return pending != nullptr && chunks > 1 ? chunks : 1; }
  /// Half-open index range of piece k of [0, n): pieces differ by at most one index.
  static std::pair<std::size_t, std::size_t> range(int k, int pieces, std::size_t n) {
    const auto p = static_cast<std::size_t>(pieces);
    const auto kk = static_cast<std::size_t>(k);
    return {n * kk / p, n * (kk + 1) / p};
  }
};

}  // namespace sluice::linear
