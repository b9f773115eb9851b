// Run by expect_test_failure.cmake under mpiexec with tests/support/mpi_test_main.cpp:
// the last rank fails an ASSERT while the others go on into a reduction. The
// run must end at once with a failure, not wait for the test timeout.
#include <gtest/gtest.h>
#include <mpi.h>

TEST(MpiTestMain, AFatalFailureOnOneRankEndsEveryRank) {
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  ASSERT_NE(rank, size - 1) << "deliberate failure on the last rank";
  int one = 1, sum = 0;
  MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);  // the last rank never comes
}
