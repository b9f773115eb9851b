// PT-Scotch partitioning of the distributed cell graph.
#include "sluice/parallel/share_partition.hpp"

#include "sluice/parallel/scotch_handles.hpp"  // Scotch's header before PT-Scotch's

#include <ptscotch.h>

#include <algorithm>
#include <compare>

#include <fmt/format.h>

#include "sluice/core/error.hpp"

namespace sluice::parallel {

namespace {

constexpr double scotchImbalance = 0.01;

struct ScotchDgraph {
  SCOTCH_Dgraph graph;
  explicit ScotchDgraph(MPI_Comm comm) { checkScotch(SCOTCH_dgraphInit(&graph, comm), "SCOTCH_dgraphInit"); }
  ~ScotchDgraph() { SCOTCH_dgraphExit(&graph); }
  ScotchDgraph(const ScotchDgraph&) = delete;
  ScotchDgraph& operator=(const ScotchDgraph&) = delete;
};

// Adjacency of the block's cells in CSR form, neighbours as global cell ids
// (ascending, each once).
struct BlockGraph {
  std::vector<SCOTCH_Num> offsets{0};
  std::vector<SCOTCH_Num> adjacency;
};

struct Edge {
  GlobalLabel cell, other;
  friend bool operator==(const Edge&, const Edge&) = default;
  friend auto operator<=>(const Edge&, const Edge&) = default;
};

BlockGraph blockGraph(MPI_Comm comm, const MeshShare& share, const IdRanges& blocks, StartupTraffic& traffic) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  // Each internal face held here is an edge of two cells: (cell, other) goes to the cell's block.
  GroupedByRank<Edge> toRank(size);
  for (int pass = 0; pass < 2; ++pass) {
    if (pass == 1) toRank.allocate();
    for (std::size_t i = 0; i < share.faceIds.size(); ++i) {
      const GlobalLabel o = share.owner[i], n = share.neighbour[i];
      if (n < 0) continue;
      if (pass == 0) {
        toRank.count(blocks.rankOf(o));
        toRank.count(blocks.rankOf(n));
      } else {
        toRank.put(blocks.rankOf(o), {o, n});
        toRank.put(blocks.rankOf(n), {n, o});
      }
    }
  }
  Received<Edge> edges = exchangeWithAll(comm, std::move(toRank), traffic);
  std::sort(edges.values.begin(), edges.values.end());
  edges.values.erase(std::unique(edges.values.begin(), edges.values.end()), edges.values.end());

  const GlobalLabel first = blocks.first(rank);
  const auto nCells = static_cast<std::size_t>(blocks.end(rank) - first);
  BlockGraph g;
  g.offsets.assign(nCells + 1, 0);
  g.adjacency.reserve(edges.values.size());
  for (const auto& [cell, other] : edges.values) {
    ++g.offsets[static_cast<std::size_t>(cell - first) + 1];
    g.adjacency.push_back(static_cast<SCOTCH_Num>(other));
  }
  for (std::size_t c = 0; c < nCells; ++c) g.offsets[c + 1] += g.offsets[c];
  return g;
}

}  // namespace

std::vector<int> partitionShare(MPI_Comm comm, const MeshShare& share, const IdRanges& cellBlocks,
                                StartupTraffic& traffic) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  if (share.nGlobalCells > static_cast<GlobalLabel>(INT32_MAX))
    throw Error(fmt::format("{}: {} cells exceed the 32-bit vertex numbers of this PT-Scotch build", share.name,
                            share.nGlobalCells));
  const auto nBlockCells = static_cast<std::size_t>(cellBlocks.end(rank) - cellBlocks.first(rank));
  std::vector<int> part(nBlockCells, rank);
  if (size == 1) return part;

  BlockGraph g = blockGraph(comm, share, cellBlocks, traffic);
  const auto nArcs = static_cast<SCOTCH_Num>(g.adjacency.size());
  if (g.adjacency.empty()) g.adjacency.push_back(0);  // Scotch wants a valid pointer even without edges

  std::vector<SCOTCH_Num> scotchPart(std::max<std::size_t>(nBlockCells, 1));
  {
    ScotchDgraph graph(comm);
    checkScotch(SCOTCH_dgraphBuild(&graph.graph, 0, static_cast<SCOTCH_Num>(nBlockCells), static_cast<SCOTCH_Num>(nBlockCells),
                             g.offsets.data(), g.offsets.data() + 1, nullptr, nullptr, nArcs, nArcs,
                             g.adjacency.data(), nullptr, nullptr),
          "SCOTCH_dgraphBuild");
    ScotchContext context;
    ScotchDgraph bound(comm);
    checkScotch(SCOTCH_contextBindDgraph(&context.context, &graph.graph, &bound.graph), "SCOTCH_contextBindDgraph");
    ScotchStrategy strategy;
    checkScotch(SCOTCH_stratDgraphMapBuild(&strategy.strat, SCOTCH_STRATBALANCE, size, size, scotchImbalance),
          "SCOTCH_stratDgraphMapBuild");
    checkScotch(SCOTCH_dgraphPart(&bound.graph, size, &strategy.strat, scotchPart.data()), "SCOTCH_dgraphPart");
  }

  // Every part must own cells: count them over all ranks (one reduction of P counts).
  std::vector<long long> counts(static_cast<std::size_t>(size), 0);
  for (std::size_t i = 0; i < nBlockCells; ++i) {
    if (scotchPart[i] < 0 || scotchPart[i] >= size)
      throw Error(fmt::format("PT-Scotch decomposition: part {} out of range", scotchPart[i]));
    ++counts[scotchPart[i]];
  }
  MPI_Allreduce(MPI_IN_PLACE, counts.data(), size, MPI_LONG_LONG, MPI_SUM, comm);
  if (std::find(counts.begin(), counts.end(), 0LL) != counts.end()) return part;  // the blocks themselves
  for (std::size_t i = 0; i < nBlockCells; ++i) part[i] = static_cast<int>(scotchPart[i]);
  return part;
}

}  // namespace sluice::parallel
