#pragma once
// Errors in a parallel run end all ranks with one clear message and a
// non-zero exit code, never a hang.
//
// Two kinds of failure:
//  - Collective: every rank knows about it at the same point (all ranks read
//    the same input, or the failure is agreed at a checkpoint). Rank 0 prints
//    "error: <message>" once; every rank returns 1 from runParallelMain, then
//    finalizes MPI and exits 1.
//  - Local: one rank fails while others may be blocked in communication
//    with it. That rank prints "error (rank r): <message>" and calls
//    MPI_Abort(comm, 1), which ends every rank.
//
// Turn local failures into collective ones at checkpoints: after reading
// input, after checking the mesh, ... A checkpoint costs one MPI_Allreduce
// when nothing failed.
//
//   int main(int argc, char** argv) {
//     return parallelMain(argc, argv, [&](Communicator& comm) {
//       Case c = collectively(comm, [&] { return readCase(dir); });   // any rank's InputError -> all ranks
//       if (comm.size() > c.nCells)                                  // same answer on every rank:
//         throw CollectiveError(fmt::format("{} ranks for {} cells", comm.size(), c.nCells));
//       run(c);          // an exception here (on some ranks only) aborts with the rank in the message
//       return 0;
//     });
//   }
//
// Or, with a checkpoint written out:
//   bool failed = false; std::string why;
//   try { localWork(); } catch (const std::exception& e) { failed = true; why = e.what(); }
//   agreeOnError(comm, failed, why);   // collective; throws CollectiveError on every rank if any failed
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "sluice/core/error.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::parallel {

/// A failure every rank knows about (thrown on all ranks at the same point).
class CollectiveError : public Error {
 public:
  /// Thrown by the caller on every rank (the condition is the same everywhere).
  explicit CollectiveError(const std::string& message) : CollectiveError(message, -1) {}
  /// From agreeOnError: `failingRank` is the lowest rank that failed, or -1
  /// if all ranks failed.
  CollectiveError(const std::string& message, int failingRank) : Error(message), failingRank_(failingRank) {}
  int failingRank() const { return failingRank_; }
  bool allRanksFailed() const { return failingRank_ < 0; }

 private:
  int failingRank_;
};

/// Collective checkpoint. One MPI_Allreduce; if no rank failed, returns.
/// Otherwise the message of the lowest failing rank is broadcast and every
/// rank throws CollectiveError with it.
void agreeOnError(const Communicator& comm, bool localFailed, std::string_view localMessage = {});

/// The message printed for a failure: "error: <message>" or "error (rank r): <message>".
std::string errorLine(std::string_view message, int rank = -1);

namespace detail {
/// Runs `work`, then agreeOnError with its outcome: a std::exception it
/// throws (std::bad_alloc as "out of memory") is this rank's failure.
void runAndAgree(const Communicator& comm, const std::function<void()>& work);
}  // namespace detail

/// Collective: runs `stage` on every rank, then agreeOnError, so an exception
/// thrown by `stage` on any rank becomes a CollectiveError on all ranks. A
/// CollectiveError thrown by `stage` passes through as it is: it was agreed
/// on every rank already (a checkpoint inside `stage` on the same
/// communicator, which a failing rank's agreement here meets).
/// Returns what `stage` returns. `stage` must not communicate with other
/// ranks in a way that hangs if one of them has failed (local work such as
/// reading and checking; collectives are fine only if a failure cannot
/// occur before them on some ranks and after them on others).
template <class F>
auto collectively(const Communicator& comm, F&& stage) -> std::invoke_result_t<F&> {
  using R = std::invoke_result_t<F&>;
  if constexpr (std::is_void_v<R>) {
    detail::runAndAgree(comm, [&] { stage(); });
  } else {
    static_assert(std::is_default_constructible_v<R> && std::is_move_assignable_v<R>,
                  "collectively: the stage's result must be default-constructible and move-assignable");
    R result{};
    detail::runAndAgree(comm, [&] { result = stage(); });
    return result;
  }
}

/// Runs `work`, which communicates (collectives, halo exchanges). A failure
/// there on one rank cannot be agreed (the others may be waiting in a
/// collective or exchange), so any exception but a CollectiveError ends the
/// run at once: "error (rank r): <message>" and MPI_Abort. A CollectiveError
/// (agreed on every rank) passes through.
///   agreeOnError(comm, !localProblem.empty(), localProblem);  // checkpoint after the local part
///   inCollectiveSection(comm, [&] { exchangeGhosts(); });       // then the communicating part
void inCollectiveSection(const Communicator& comm, const std::function<void()>& work);

/// Collective: runs `stage` on the root rank only (reading the case,
/// partitioning) while the others wait at the checkpoint. A failure there
/// concerns input every rank shares, so it is reported as a collective error
/// without a rank ("error: <message>").
template <class F>
void onRoot(const Communicator& comm, F&& stage) {
  try {
    collectively(comm, [&] {
      if (comm.isRoot()) stage();
    });
  } catch (const CollectiveError& e) {
    throw CollectiveError(e.what());
  }
}

/// Runs `body` on every rank and returns its exit code; maps exceptions as
/// described at the top of this file (CollectiveError: rank 0 prints, returns
/// 1; anything else: print with the rank and MPI_Abort(comm, 1)).
int runParallelMain(const Communicator& comm, const std::function<int()>& body);

/// MPI_Init_thread with MPI_THREAD_FUNNELED (only the main thread calls MPI;
/// the writer thread does file I/O). Aborts with a message if the library
/// cannot provide it.
void initialiseMpi(int* argc, char*** argv);

/// initialiseMpi, runParallelMain on MPI_COMM_WORLD, MPI_Finalize; returns the
/// exit code for main.
int parallelMain(int argc, char** argv, const std::function<int(Communicator&)>& body);

}  // namespace sluice::parallel
