// GoogleTest main for MPI tests: every rank runs every test; rank 0 prints
// the usual progress, other ranks print only their failures (with the rank),
// and the exit code is non-zero if any rank failed. A fatal failure (ASSERT_*)
// on one rank returns from its test early while the others may go on into a
// collective and wait for it forever: it ends the whole run at once
// (MPI_Abort), so the failure shows in seconds instead of at the CTest
// timeout.
#include <cstdio>

#include <gtest/gtest.h>
#include <mpi.h>

#include "sluice/parallel/parallel_error.hpp"

namespace {

class RankFailurePrinter : public ::testing::EmptyTestEventListener {
 public:
  explicit RankFailurePrinter(int rank) : rank_(rank) {}
  void OnTestPartResult(const ::testing::TestPartResult& result) override {
    if (result.failed())
      std::fprintf(stderr, "[rank %d] %s:%d: Failure\n%s\n", rank_, result.file_name() ? result.file_name() : "?",
                   result.line_number(), result.summary());
  }

 private:
  int rank_;
};

/// Appended after the printers, so the failure is printed first.
class AbortOnFatalFailure : public ::testing::EmptyTestEventListener {
 public:
  explicit AbortOnFatalFailure(int rank) : rank_(rank) {}
  void OnTestPartResult(const ::testing::TestPartResult& result) override {
    if (!result.fatally_failed()) return;
    std::fprintf(stderr, "[rank %d] fatal failure: ending every rank (the others may wait in a collective)\n", rank_);
    std::fflush(stdout);
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }

 private:
  int rank_;
};

}  // namespace

int main(int argc, char** argv) {
  sluice::parallel::initialiseMpi(&argc, &argv);
  ::testing::InitGoogleTest(&argc, argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank != 0) {
    auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
    listeners.Append(new RankFailurePrinter(rank));
  }
  ::testing::UnitTest::GetInstance()->listeners().Append(new AbortOnFatalFailure(rank));
  int result = RUN_ALL_TESTS();
  int worst = 0;
  MPI_Allreduce(&result, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return worst;
}
