#include "sluice/parallel/parallel_error.hpp"

#include <cstdio>
#include <new>

#include <fmt/format.h>
#include <mpi.h>

#include "sluice/parallel/comm_profile.hpp"

namespace sluice::parallel {

namespace {

[[noreturn]] void abortWith(const Communicator& comm, std::string_view message) {
  std::fflush(stdout);
  fmt::print(stderr, "{}\n", errorLine(message, comm.rank()));
  std::fflush(stderr);
  comm.abort(1);
}

}  // namespace

std::string errorLine(std::string_view message, int rank) {
  if (rank < 0) return fmt::format("error: {}", message);
  return fmt::format("error (rank {}): {}", rank, message);
}

void agreeOnError(const Communicator& comm, bool localFailed, std::string_view localMessage) {
  // {lowest failing rank (size if none), 0 if any rank succeeded} in one MPI_Allreduce(MIN).
  int flags[2] = {localFailed ? comm.rank() : comm.size(), localFailed ? 1 : 0};
  comm.minInPlace(std::span<int>(flags, 2));
  const int failingRank = flags[0];
  if (failingRank == comm.size()) return;  // nobody failed: the usual path ends here
  const bool allFailed = flags[1] == 1;
  std::string message(comm.rank() == failingRank ? localMessage : std::string_view());
  if (comm.rank() == failingRank && message.empty()) message = "unknown failure";
  comm.broadcast(message, failingRank);
  throw CollectiveError(message, allFailed ? -1 : failingRank);
}

namespace detail {

void runAndAgree(const Communicator& comm, const std::function<void()>& work) {
  bool failed = false;
  std::string message;
  try {
    work();
  } catch (const CollectiveError&) {
    throw;  // already agreed on every rank (by a checkpoint inside `work`): agreeing again would not match
  } catch (const std::bad_alloc&) {
    failed = true;
    message = "out of memory";
  } catch (const std::exception& e) {
    failed = true;
    message = e.what();
  }
  agreeOnError(comm, failed, message);
}

}  // namespace detail

void inCollectiveSection(const Communicator& comm, const std::function<void()>& work) {
  try {
    work();
  } catch (const CollectiveError&) {
    throw;
  } catch (const std::bad_alloc&) {
    abortWith(comm, "out of memory");
  } catch (const std::exception& e) {
    abortWith(comm, e.what());
  }
}

int runParallelMain(const Communicator& comm, const std::function<int()>& body) {
  try {
    return body();
  } catch (const CollectiveError& e) {
    if (comm.isRoot()) {
      std::fflush(stdout);
      fmt::print(stderr, "{}\n", errorLine(e.what(), e.failingRank()));
      std::fflush(stderr);
    }
    // No rank may exit before rank 0 has printed: mpiexec ends the whole job
    // as soon as one process exits non-zero, which could swallow the message.
    comm.max(0);
    return 1;
  } catch (const std::bad_alloc&) {
    abortWith(comm, "out of memory");
  } catch (const std::exception& e) {
    abortWith(comm, e.what());
  } catch (...) {
    abortWith(comm, "unknown exception");
  }
}

void initialiseMpi(int* argc, char*** argv) {
  // The writer thread (output::WriterPipeline) does file I/O only; every MPI
  // call stays on the main thread, which MPI_THREAD_FUNNELED allows.
  int provided = MPI_THREAD_SINGLE;
  MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
  if (provided < MPI_THREAD_FUNNELED) {
    std::fprintf(stderr, "error: the MPI library does not provide MPI_THREAD_FUNNELED, which sluice's writer thread needs\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
}

int parallelMain(int argc, char** argv, const std::function<int(Communicator&)>& body) {
  initialiseMpi(&argc, &argv);
  int code = 0;
  {
    Communicator world(MPI_COMM_WORLD);
    code = runParallelMain(world, [&] { return body(world); });
  }
  MPI_Finalize();
  return code;
}

}  // namespace sluice::parallel
