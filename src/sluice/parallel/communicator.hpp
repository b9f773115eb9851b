#pragma once
// Thin owner of an MPI communicator with the project's collective rules and
// its communication profile. Every MPI call sluice makes after start-up goes
// through a Communicator (or a HaloExchange built on one), so the profile
// sees it.
//
// Rule for collectives: every rank of the communicator calls the same
// collectives in the same order (reductions, broadcasts, the topology
// creation). Never call one under a rank-dependent branch.
//
//   Communicator comm(MPI_COMM_WORLD, &profile);
//   double total = comm.sum(localVolume);                      // one MPI_Allreduce
//   std::array<double,3> v{a, b, c}; comm.sumInPlace(v);       // fused: one MPI_Allreduce
//   PendingReduction r = comm.startSum(buffer);                 // MPI_Iallreduce
//   ... overlap work ...; r.wait();                            // buffer now holds the sums
#include <mpi.h>

namespace sluice::parallel {

class CommProfile;  // defined in comm_profile.hpp

}  // namespace sluice::parallel
