#pragma once
// Counts of the MPI calls this process made, taken by intercepting the MPI
// functions (the standard PMPI profiling interface) in the test executable.
// They check sluice's own profile against what really reached MPI, and that
// the forbidden operations (all-to-all, probe, barrier, blocking
// point-to-point, gather/scatter) are never called.
//
//   MpiCalls before = mpiCalls();
//   ... code under test ...
//   MpiCalls d = mpiCalls() - before;   EXPECT_EQ(d[MpiCall::Allreduce], 1);
#include <array>
#include <cstddef>

namespace sluice::test {

enum class MpiCall {
  Allreduce, Iallreduce, Reduce, Bcast, Gather, Scatter, Alltoall, Alltoallv, Barrier,
  Send, Ssend, Recv, Sendrecv, Isend, Irecv, Probe, Iprobe, Start, Startall, Wait, Waitall, Test,
  Count
};

struct MpiCalls {
  std::array<long, static_cast<std::size_t>(MpiCall::Count)> n{};
  long operator[](MpiCall c) const { return n[static_cast<std::size_t>(c)]; }
  friend MpiCalls operator-(MpiCalls a, const MpiCalls& b) {
    for (std::size_t i = 0; i < a.n.size(); ++i) a.n[i] -= b.n[i];
    return a;
  }
  /// Calls of operations sluice must never make.
  long forbidden() const {
    return (*this)[MpiCall::Reduce] + (*this)[MpiCall::Gather] + (*this)[MpiCall::Scatter] +
           (*this)[MpiCall::Alltoall] + (*this)[MpiCall::Alltoallv] + (*this)[MpiCall::Barrier] +
           (*this)[MpiCall::Send] + (*this)[MpiCall::Ssend] + (*this)[MpiCall::Recv] + (*this)[MpiCall::Sendrecv] +
           (*this)[MpiCall::Probe] + (*this)[MpiCall::Iprobe];
  }
};

/// Counts so far on this process.
MpiCalls mpiCalls();

}  // namespace sluice::test
