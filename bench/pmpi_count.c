/* PMPI call counter: a shared library loaded with LD_PRELOAD into any MPI
 * program (sluice, OpenFOAM) that counts the calls of each MPI operation and,
 * in MPI_Finalize, writes them as one JSON object per rank:
 *
 *   mpicc -O2 -shared -fPIC -o libpmpi_count.so bench/pmpi_count.c
 *   PMPI_COUNT_PREFIX=/tmp/run1 mpiexec -n 2 -x LD_PRELOAD=$PWD/libpmpi_count.so -x PMPI_COUNT_PREFIX prog
 *   cat /tmp/run1.0.json   # {"rank": 0, "size": 2, "calls": {"Allreduce": 12, "Isend": 40, ...}}
 *
 * Only operations that communicate (or create/free communicators) are
 * counted; queries such as MPI_Comm_rank are not. A program that never calls
 * MPI_Finalize (or never initialises MPI) writes nothing. Part of the sluice
 * benchmark harness (bench/harness.py); BSD-3-Clause like the rest of sluice.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum Op {
  OP_Send, OP_Bsend, OP_Ssend, OP_Rsend, OP_Recv, OP_Sendrecv,
  OP_Isend, OP_Ibsend, OP_Issend, OP_Irecv,
  OP_Send_init, OP_Recv_init, OP_Start, OP_Startall, OP_Request_free,
  OP_Wait, OP_Waitall, OP_Waitany, OP_Waitsome,
  OP_Test, OP_Testall, OP_Testany, OP_Testsome,
  OP_Probe, OP_Iprobe,
  OP_Barrier, OP_Bcast, OP_Reduce, OP_Allreduce, OP_Iallreduce, OP_Ireduce, OP_Ibcast,
  OP_Gather, OP_Gatherv, OP_Scatter, OP_Scatterv, OP_Allgather, OP_Allgatherv,
  OP_Alltoall, OP_Alltoallv, OP_Scan, OP_Exscan,
  OP_Neighbor_alltoall, OP_Neighbor_alltoallv, OP_Ineighbor_alltoallv,
  OP_Comm_dup, OP_Comm_split, OP_Comm_create, OP_Dist_graph_create_adjacent, OP_Comm_free,
  OP_Abort,
  OP_COUNT
};

static const char* const kNames[OP_COUNT] = {
  "Send", "Bsend", "Ssend", "Rsend", "Recv", "Sendrecv",
  "Isend", "Ibsend", "Issend", "Irecv",
  "Send_init", "Recv_init", "Start", "Startall", "Request_free",
  "Wait", "Waitall", "Waitany", "Waitsome",
  "Test", "Testall", "Testany", "Testsome",
  "Probe", "Iprobe",
  "Barrier", "Bcast", "Reduce", "Allreduce", "Iallreduce", "Ireduce", "Ibcast",
  "Gather", "Gatherv", "Scatter", "Scatterv", "Allgather", "Allgatherv",
  "Alltoall", "Alltoallv", "Scan", "Exscan",
  "Neighbor_alltoall", "Neighbor_alltoallv", "Ineighbor_alltoallv",
  "Comm_dup", "Comm_split", "Comm_create", "Dist_graph_create_adjacent", "Comm_free",
  "Abort",
};

static unsigned long long counts[OP_COUNT];

#define COUNT(op) (++counts[OP_##op])

static void writeCounts(void) {
  const char* prefix = getenv("PMPI_COUNT_PREFIX");
  if (!prefix || !*prefix) prefix = "pmpi-count";
  int rank = 0, size = 1;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &size);
  char path[4096];
  snprintf(path, sizeof path, "%s.%d.json", prefix, rank);
  FILE* f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "pmpi_count: cannot write %s\n", path);
    return;
  }
  fprintf(f, "{\"rank\": %d, \"size\": %d, \"calls\": {", rank, size);
  for (int i = 0; i < OP_COUNT; ++i) fprintf(f, "%s\"%s\": %llu", i ? ", " : "", kNames[i], counts[i]);
  fprintf(f, "}}\n");
  fclose(f);
}

int MPI_Finalize(void) {
  writeCounts();
  return PMPI_Finalize();
}

/* ---- point-to-point */
int MPI_Send(const void* b, int n, MPI_Datatype t, int d, int tag, MPI_Comm c) {
  COUNT(Send); return PMPI_Send(b, n, t, d, tag, c);
}
int MPI_Bsend(const void* b, int n, MPI_Datatype t, int d, int tag, MPI_Comm c) {
  COUNT(Bsend); return PMPI_Bsend(b, n, t, d, tag, c);
}
int MPI_Ssend(const void* b, int n, MPI_Datatype t, int d, int tag, MPI_Comm c) {
  COUNT(Ssend); return PMPI_Ssend(b, n, t, d, tag, c);
}
int MPI_Rsend(const void* b, int n, MPI_Datatype t, int d, int tag, MPI_Comm c) {
  COUNT(Rsend); return PMPI_Rsend(b, n, t, d, tag, c);
}
int MPI_Recv(void* b, int n, MPI_Datatype t, int s, int tag, MPI_Comm c, MPI_Status* st) {
  COUNT(Recv); return PMPI_Recv(b, n, t, s, tag, c, st);
}
int MPI_Sendrecv(const void* sb, int sn, MPI_Datatype st, int d, int stag, void* rb, int rn, MPI_Datatype rt,
                 int s, int rtag, MPI_Comm c, MPI_Status* status) {
  COUNT(Sendrecv); return PMPI_Sendrecv(sb, sn, st, d, stag, rb, rn, rt, s, rtag, c, status);
}
int MPI_Isend(const void* b, int n, MPI_Datatype t, int d, int tag, MPI_Comm c, MPI_Request* r) {
  COUNT(Isend); return PMPI_Isend(b, n, t, d, tag, c, r);
}
int MPI_Ibsend(const void* b, int n, MPI_Datatype t, int d, int tag, MPI_Comm c, MPI_Request* r) {
  COUNT(Ibsend); return PMPI_Ibsend(b, n, t, d, tag, c, r);
}
int MPI_Issend(const void* b, int n, MPI_Datatype t, int d, int tag, MPI_Comm c, MPI_Request* r) {
  COUNT(Issend); return PMPI_Issend(b, n, t, d, tag, c, r);
}
int MPI_Irecv(void* b, int n, MPI_Datatype t, int s, int tag, MPI_Comm c, MPI_Request* r) {
  COUNT(Irecv); return PMPI_Irecv(b, n, t, s, tag, c, r);
}
int MPI_Send_init(const void* b, int n, MPI_Datatype t, int d, int tag, MPI_Comm c, MPI_Request* r) {
  COUNT(Send_init); return PMPI_Send_init(b, n, t, d, tag, c, r);
}
int MPI_Recv_init(void* b, int n, MPI_Datatype t, int s, int tag, MPI_Comm c, MPI_Request* r) {
  COUNT(Recv_init); return PMPI_Recv_init(b, n, t, s, tag, c, r);
}
int MPI_Start(MPI_Request* r) { COUNT(Start); return PMPI_Start(r); }
int MPI_Startall(int n, MPI_Request r[]) { COUNT(Startall); return PMPI_Startall(n, r); }
int MPI_Request_free(MPI_Request* r) { COUNT(Request_free); return PMPI_Request_free(r); }

/* ---- completion */
int MPI_Wait(MPI_Request* r, MPI_Status* s) { COUNT(Wait); return PMPI_Wait(r, s); }
int MPI_Waitall(int n, MPI_Request r[], MPI_Status s[]) { COUNT(Waitall); return PMPI_Waitall(n, r, s); }
int MPI_Waitany(int n, MPI_Request r[], int* i, MPI_Status* s) { COUNT(Waitany); return PMPI_Waitany(n, r, i, s); }
int MPI_Waitsome(int n, MPI_Request r[], int* o, int i[], MPI_Status s[]) {
  COUNT(Waitsome); return PMPI_Waitsome(n, r, o, i, s);
}
int MPI_Test(MPI_Request* r, int* f, MPI_Status* s) { COUNT(Test); return PMPI_Test(r, f, s); }
int MPI_Testall(int n, MPI_Request r[], int* f, MPI_Status s[]) { COUNT(Testall); return PMPI_Testall(n, r, f, s); }
int MPI_Testany(int n, MPI_Request r[], int* i, int* f, MPI_Status* s) {
  COUNT(Testany); return PMPI_Testany(n, r, i, f, s);
}
int MPI_Testsome(int n, MPI_Request r[], int* o, int i[], MPI_Status s[]) {
  COUNT(Testsome); return PMPI_Testsome(n, r, o, i, s);
}
int MPI_Probe(int s, int tag, MPI_Comm c, MPI_Status* st) { COUNT(Probe); return PMPI_Probe(s, tag, c, st); }
int MPI_Iprobe(int s, int tag, MPI_Comm c, int* f, MPI_Status* st) {
  COUNT(Iprobe); return PMPI_Iprobe(s, tag, c, f, st);
}

/* ---- collectives */
int MPI_Barrier(MPI_Comm c) { COUNT(Barrier); return PMPI_Barrier(c); }
int MPI_Bcast(void* b, int n, MPI_Datatype t, int root, MPI_Comm c) {
  COUNT(Bcast); return PMPI_Bcast(b, n, t, root, c);
}
int MPI_Ibcast(void* b, int n, MPI_Datatype t, int root, MPI_Comm c, MPI_Request* r) {
  COUNT(Ibcast); return PMPI_Ibcast(b, n, t, root, c, r);
}
int MPI_Reduce(const void* s, void* r, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm c) {
  COUNT(Reduce); return PMPI_Reduce(s, r, n, t, op, root, c);
}
int MPI_Ireduce(const void* s, void* r, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm c, MPI_Request* q) {
  COUNT(Ireduce); return PMPI_Ireduce(s, r, n, t, op, root, c, q);
}
int MPI_Allreduce(const void* s, void* r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c) {
  COUNT(Allreduce); return PMPI_Allreduce(s, r, n, t, op, c);
}
int MPI_Iallreduce(const void* s, void* r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c, MPI_Request* q) {
  COUNT(Iallreduce); return PMPI_Iallreduce(s, r, n, t, op, c, q);
}
int MPI_Scan(const void* s, void* r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c) {
  COUNT(Scan); return PMPI_Scan(s, r, n, t, op, c);
}
int MPI_Exscan(const void* s, void* r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c) {
  COUNT(Exscan); return PMPI_Exscan(s, r, n, t, op, c);
}
int MPI_Gather(const void* s, int sn, MPI_Datatype st, void* r, int rn, MPI_Datatype rt, int root, MPI_Comm c) {
  COUNT(Gather); return PMPI_Gather(s, sn, st, r, rn, rt, root, c);
}
int MPI_Gatherv(const void* s, int sn, MPI_Datatype st, void* r, const int rn[], const int d[], MPI_Datatype rt,
                int root, MPI_Comm c) {
  COUNT(Gatherv); return PMPI_Gatherv(s, sn, st, r, rn, d, rt, root, c);
}
int MPI_Scatter(const void* s, int sn, MPI_Datatype st, void* r, int rn, MPI_Datatype rt, int root, MPI_Comm c) {
  COUNT(Scatter); return PMPI_Scatter(s, sn, st, r, rn, rt, root, c);
}
int MPI_Scatterv(const void* s, const int sn[], const int d[], MPI_Datatype st, void* r, int rn, MPI_Datatype rt,
                 int root, MPI_Comm c) {
  COUNT(Scatterv); return PMPI_Scatterv(s, sn, d, st, r, rn, rt, root, c);
}
int MPI_Allgather(const void* s, int sn, MPI_Datatype st, void* r, int rn, MPI_Datatype rt, MPI_Comm c) {
  COUNT(Allgather); return PMPI_Allgather(s, sn, st, r, rn, rt, c);
}
int MPI_Allgatherv(const void* s, int sn, MPI_Datatype st, void* r, const int rn[], const int d[], MPI_Datatype rt,
                   MPI_Comm c) {
  COUNT(Allgatherv); return PMPI_Allgatherv(s, sn, st, r, rn, d, rt, c);
}
int MPI_Alltoall(const void* s, int sn, MPI_Datatype st, void* r, int rn, MPI_Datatype rt, MPI_Comm c) {
  COUNT(Alltoall); return PMPI_Alltoall(s, sn, st, r, rn, rt, c);
}
int MPI_Alltoallv(const void* s, const int sn[], const int sd[], MPI_Datatype st, void* r, const int rn[],
                  const int rd[], MPI_Datatype rt, MPI_Comm c) {
  COUNT(Alltoallv); return PMPI_Alltoallv(s, sn, sd, st, r, rn, rd, rt, c);
}
int MPI_Neighbor_alltoall(const void* s, int sn, MPI_Datatype st, void* r, int rn, MPI_Datatype rt, MPI_Comm c) {
  COUNT(Neighbor_alltoall); return PMPI_Neighbor_alltoall(s, sn, st, r, rn, rt, c);
}
int MPI_Neighbor_alltoallv(const void* s, const int sn[], const int sd[], MPI_Datatype st, void* r,
                           const int rn[], const int rd[], MPI_Datatype rt, MPI_Comm c) {
  COUNT(Neighbor_alltoallv); return PMPI_Neighbor_alltoallv(s, sn, sd, st, r, rn, rd, rt, c);
}
int MPI_Ineighbor_alltoallv(const void* s, const int sn[], const int sd[], MPI_Datatype st, void* r,
                            const int rn[], const int rd[], MPI_Datatype rt, MPI_Comm c, MPI_Request* q) {
  COUNT(Ineighbor_alltoallv); return PMPI_Ineighbor_alltoallv(s, sn, sd, st, r, rn, rd, rt, c, q);
}

/* ---- communicators */
int MPI_Comm_dup(MPI_Comm c, MPI_Comm* n) { COUNT(Comm_dup); return PMPI_Comm_dup(c, n); }
int MPI_Comm_split(MPI_Comm c, int colour, int key, MPI_Comm* n) {
  COUNT(Comm_split); return PMPI_Comm_split(c, colour, key, n);
}
int MPI_Comm_create(MPI_Comm c, MPI_Group g, MPI_Comm* n) { COUNT(Comm_create); return PMPI_Comm_create(c, g, n); }
int MPI_Dist_graph_create_adjacent(MPI_Comm c, int ni, const int s[], const int sw[], int no, const int d[],
                                   const int dw[], MPI_Info info, int reorder, MPI_Comm* n) {
  COUNT(Dist_graph_create_adjacent);
  return PMPI_Dist_graph_create_adjacent(c, ni, s, sw, no, d, dw, info, reorder, n);
}
int MPI_Comm_free(MPI_Comm* c) { COUNT(Comm_free); return PMPI_Comm_free(c); }
int MPI_Abort(MPI_Comm c, int code) {
  COUNT(Abort); writeCounts(); return PMPI_Abort(c, code);
}
