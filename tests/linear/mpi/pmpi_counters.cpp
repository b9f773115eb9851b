// The PMPI call counters of the parallel tests, compiled into this
// executable too (the solvers' reductions are checked against what really
// reached MPI).
#include "parallel/mpi/pmpi_counters.cpp"
