// PMPI interception: each MPI_X defined here counts the call and forwards to
// PMPI_X. Definitions in the executable take precedence over the library's,
// so every call made by sluice's libraries and the tests is counted.
#include "parallel/mpi/pmpi_counters.hpp"

#include <mpi.h>

namespace {
sluice::test::MpiCalls counts;
void count(sluice::test::MpiCall c) { ++counts.n[static_cast<std::size_t>(c)]; }
}  // namespace

sluice::test::MpiCalls sluice::test::mpiCalls() { return counts; }

using sluice::test::MpiCall;

int MPI_Allreduce(const void* s, void* r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c) {
  count(MpiCall::Allreduce);
  return PMPI_Allreduce(s, r, n, t, op, c);
}
int MPI_Iallreduce(const void* s, void* r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c, MPI_Request* q) {
  count(MpiCall::Iallreduce);
  return PMPI_Iallreduce(s, r, n, t, op, c, q);
}
int MPI_Reduce(const void* s, void* r, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm c) {
  count(MpiCall::Reduce);
  return PMPI_Reduce(s, r, n, t, op, root, c);
}
int MPI_Bcast(void* b, int n, MPI_Datatype t, int root, MPI_Comm c) {
  count(MpiCall::Bcast);
  return PMPI_Bcast(b, n, t, root, c);
}
int MPI_Gather(const void* s, int sn, MPI_Datatype st, void* r, int rn, MPI_Datatype rt, int root, MPI_Comm c) {
  count(MpiCall::Gather);
  return PMPI_Gather(s, sn, st, r, rn, rt, root, c);
}
int MPI_Scatter(const void* s, int sn, MPI_Datatype st, void* r, int rn, MPI_Datatype rt, int root, MPI_Comm c) {
  count(MpiCall::Scatter);
  return PMPI_Scatter(s, sn, st, r, rn, rt, root, c);
}
int MPI_Alltoall(const void* s, int sn, MPI_Datatype st, void* r, int rn, MPI_Datatype rt, MPI_Comm c) {
  count(MpiCall::Alltoall);
  return PMPI_Alltoall(s, sn, st, r, rn, rt, c);
}
int MPI_Alltoallv(const void* s, const int sn[], const int sd[], MPI_Datatype st, void* r, const int rn[],
                  const int rd[], MPI_Datatype rt, MPI_Comm c) {
  count(MpiCall::Alltoallv);
  return PMPI_Alltoallv(s, sn, sd, st, r, rn, rd, rt, c);
}
int MPI_Barrier(MPI_Comm c) {
  count(MpiCall::Barrier);
  return PMPI_Barrier(c);
}
int MPI_Send(const void* b, int n, MPI_Datatype t, int d, int tag, MPI_Comm c) {
  count(MpiCall::Send);
  return PMPI_Send(b, n, t, d, tag, c);
}
int MPI_Ssend(const void* b, int n, MPI_Datatype t, int d, int tag, MPI_Comm c) {
  count(MpiCall::Ssend);
  return PMPI_Ssend(b, n, t, d, tag, c);
}
int MPI_Recv(void* b, int n, MPI_Datatype t, int s, int tag, MPI_Comm c, MPI_Status* st) {
  count(MpiCall::Recv);
  return PMPI_Recv(b, n, t, s, tag, c, st);
}
int MPI_Sendrecv(const void* sb, int sn, MPI_Datatype st, int d, int stag, void* rb, int rn, MPI_Datatype rt, int s,
                 int rtag, MPI_Comm c, MPI_Status* status) {
  count(MpiCall::Sendrecv);
  return PMPI_Sendrecv(sb, sn, st, d, stag, rb, rn, rt, s, rtag, c, status);
}
int MPI_Isend(const void* b, int n, MPI_Datatype t, int d, int tag, MPI_Comm c, MPI_Request* q) {
  count(MpiCall::Isend);
  return PMPI_Isend(b, n, t, d, tag, c, q);
}
int MPI_Irecv(void* b, int n, MPI_Datatype t, int s, int tag, MPI_Comm c, MPI_Request* q) {
  count(MpiCall::Irecv);
  return PMPI_Irecv(b, n, t, s, tag, c, q);
}
int MPI_Probe(int s, int tag, MPI_Comm c, MPI_Status* st) {
  count(MpiCall::Probe);
  return PMPI_Probe(s, tag, c, st);
}
int MPI_Iprobe(int s, int tag, MPI_Comm c, int* flag, MPI_Status* st) {
  count(MpiCall::Iprobe);
  return PMPI_Iprobe(s, tag, c, flag, st);
}
int MPI_Start(MPI_Request* q) {
  count(MpiCall::Start);
  return PMPI_Start(q);
}
int MPI_Startall(int n, MPI_Request q[]) {
  count(MpiCall::Startall);
  return PMPI_Startall(n, q);
}
int MPI_Wait(MPI_Request* q, MPI_Status* st) {
  count(MpiCall::Wait);
  return PMPI_Wait(q, st);
}
int MPI_Waitall(int n, MPI_Request q[], MPI_Status st[]) {
  count(MpiCall::Waitall);
  return PMPI_Waitall(n, q, st);
}
int MPI_Test(MPI_Request* q, int* flag, MPI_Status* st) {
  count(MpiCall::Test);
  return PMPI_Test(q, flag, st);
}
