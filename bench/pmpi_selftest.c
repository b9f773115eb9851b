/* Self-test of the PMPI call counter (bench/pmpi_count.c): makes a known
 * number of MPI calls; the harness runs it on 2 ranks with the counter
 * preloaded and checks the counts it wrote (3 Allreduce, 2 Barrier, 1 Bcast,
 * and on each rank 4 Isend, 4 Irecv, 4 Waitall with 2 ranks).
 *   mpicc -O2 -o pmpi_selftest bench/pmpi_selftest.c
 */
#include <mpi.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double x = rank, y = 0;
  for (int i = 0; i < 3; ++i) MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Bcast(&x, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  const int other = (rank + 1) % size;
  for (int i = 0; i < 4; ++i) {
    MPI_Request r[2];
    double in = 0, out = rank;
    MPI_Irecv(&in, 1, MPI_DOUBLE, other, i, MPI_COMM_WORLD, &r[0]);
    MPI_Isend(&out, 1, MPI_DOUBLE, other, i, MPI_COMM_WORLD, &r[1]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
