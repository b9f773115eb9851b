/* STREAM-like triad a[i] = b[i] + s * c[i] on each MPI rank, arrays far
 * bigger than the last-level cache. Prints one JSON line on rank 0 with the
 * best of the repetitions (STREAM convention: 24 bytes per element, each
 * array read or written once, no write-allocate traffic counted):
 *
 *   mpicc -O2 -o stream_triad bench/stream_triad.c
 *   ./stream_triad [elements per rank] [repetitions]           # one process
 *   mpiexec -n 2 ./stream_triad                                 # aggregate of 2
 *   {"ranks": 2, "elements_per_rank": 33554432, "repetitions": 12,
 *    "best_seconds": 0.08, "bytes": 1610612736, "bandwidth_GBs": 20.1, ...}
 *
 * With several ranks each repetition is started together (barrier) and timed
 * by the slowest rank, so the bandwidth is the aggregate of all ranks.
 * Part of the sluice benchmark harness; BSD-3-Clause like the rest of sluice.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  /* Default 2^25 doubles = 256 MiB per array, 768 MiB per rank: 24x a 32 MB L3. */
  const long n = argc > 1 ? atol(argv[1]) : (1L << 25);
  const int reps = argc > 2 ? atoi(argv[2]) : 12;
  if (n <= 0 || reps < 1) {
    if (rank == 0) fprintf(stderr, "usage: stream_triad [elements per rank > 0] [repetitions >= 1]\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  double* a = malloc(sizeof(double) * (size_t)n);
  double* b = malloc(sizeof(double) * (size_t)n);
  double* c = malloc(sizeof(double) * (size_t)n);
  if (!a || !b || !c) {
    fprintf(stderr, "stream_triad: rank %d: cannot allocate 3 x %ld doubles\n", rank, n);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  for (long i = 0; i < n; ++i) {  /* first touch: pages owned by this rank */
    a[i] = 0.0;
    b[i] = 1.0;
    c[i] = 2.0;
  }
  const double s = 3.0;
  double best = 1e300, worst = 0, sum = 0;
  for (int r = 0; r < reps; ++r) {
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    for (long i = 0; i < n; ++i) a[i] = b[i] + s * c[i];
    double t = MPI_Wtime() - t0, tmax = 0;
    MPI_Allreduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (tmax < best) best = tmax;
    if (tmax > worst) worst = tmax;
    sum += tmax;
  }
  /* Use the result so the loop cannot be dropped. */
  double check = 0;
  for (long i = 0; i < n; i += 4096) check += a[i];
  double checkAll = 0;
  MPI_Allreduce(&check, &checkAll, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);

  const double bytes = 24.0 * (double)n * size;
  if (rank == 0)
    printf("{\"ranks\": %d, \"elements_per_rank\": %ld, \"repetitions\": %d, \"best_seconds\": %.6g, "
           "\"mean_seconds\": %.6g, \"worst_seconds\": %.6g, \"bytes\": %.0f, \"bandwidth_GBs\": %.4g, "
           "\"checksum\": %.6g}\n",
           size, n, reps, best, sum / reps, worst, bytes, bytes / best / 1e9, checkAll);
  free(a);
  free(b);
  free(c);
  MPI_Finalize();
  return 0;
}
