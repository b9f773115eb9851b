#pragma once
// This process's rank and the number of ranks in MPI_COMM_WORLD (MPI must be
// initialised).
#include <mpi.h>

namespace sluice::test {

inline int commRank() {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

inline int commSize() {
  int s = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &s);
  return s;
}

}  // namespace sluice::test
