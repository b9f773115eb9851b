// Scotch partitioning of the cell graph. Scotch needs <cstdio> and <cstdint>
// before its header.
#include <cstdint>
#include <cstdio>

#include <scotch.h>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/mesh/cell_graph.hpp"
#include "sluice/parallel/decomposition_methods.hpp"

namespace sluice::parallel {

namespace {

constexpr SCOTCH_Num scotchSeed = 1;
constexpr double scotchImbalance = 0.01;

void check(int status, const char* what) {
  if (status != 0) throw Error(fmt::format("scotch decomposition: {} failed (error {})", what, status));
}

// RAII holders for the Scotch objects (each initialised in its constructor).
struct ScotchGraph {
  SCOTCH_Graph graph;
  ScotchGraph() { check(SCOTCH_graphInit(&graph), "SCOTCH_graphInit"); }
  ~ScotchGraph() { SCOTCH_graphExit(&graph); }
  ScotchGraph(const ScotchGraph&) = delete;
  ScotchGraph& operator=(const ScotchGraph&) = delete;
};

struct ScotchStrategy {
  SCOTCH_Strat strat;
  ScotchStrategy() { check(SCOTCH_stratInit(&strat), "SCOTCH_stratInit"); }
  ~ScotchStrategy() { SCOTCH_stratExit(&strat); }
  ScotchStrategy(const ScotchStrategy&) = delete;
  ScotchStrategy& operator=(const ScotchStrategy&) = delete;
};

// A context with its own random generator, fixed seed and deterministic
// (thread-order independent) algorithms, so results do not depend on earlier
// Scotch calls or on timing.
struct ScotchContext {
  SCOTCH_Context context;
  ScotchContext() {
    check(SCOTCH_contextInit(&context), "SCOTCH_contextInit");
    check(SCOTCH_contextRandomClone(&context), "SCOTCH_contextRandomClone");
    check(SCOTCH_contextOptionSetNum(&context, SCOTCH_OPTIONNUMDETERMINISTIC, 1), "SCOTCH_contextOptionSetNum");
    check(SCOTCH_contextOptionSetNum(&context, SCOTCH_OPTIONNUMRANDOMFIXEDSEED, 1), "SCOTCH_contextOptionSetNum");
    SCOTCH_contextRandomSeed(&context, scotchSeed);
    SCOTCH_contextRandomReset(&context);
  }
  ~ScotchContext() { SCOTCH_contextExit(&context); }
  ScotchContext(const ScotchContext&) = delete;
  ScotchContext& operator=(const ScotchContext&) = delete;
};

}  // namespace

std::vector<int> decomposeScotch(const mesh::PolyMesh& mesh, std::span<const Vec3> /*cellCentres*/, int nParts,
                                 const DecompositionSettings& /*settings*/) {
  const mesh::CellGraph cells = mesh::cellGraph(mesh);
  const SCOTCH_Num nVertices = mesh.nCells();
  std::vector<SCOTCH_Num> offsets(cells.offsets.begin(), cells.offsets.end());
  std::vector<SCOTCH_Num> adjacency(cells.adjacency.begin(), cells.adjacency.end());
  if (adjacency.empty()) adjacency.push_back(0);  // Scotch wants a valid pointer even without edges
  const auto nArcs = static_cast<SCOTCH_Num>(cells.adjacency.size());

  ScotchGraph source;
  check(SCOTCH_graphBuild(&source.graph, 0, nVertices, offsets.data(), offsets.data() + 1, nullptr, nullptr, nArcs,
                          adjacency.data(), nullptr),
        "SCOTCH_graphBuild");
#ifndef NDEBUG
  check(SCOTCH_graphCheck(&source.graph), "SCOTCH_graphCheck");
#endif

  ScotchContext context;
  ScotchGraph bound;
  check(SCOTCH_contextBindGraph(&context.context, &source.graph, &bound.graph), "SCOTCH_contextBindGraph");

  ScotchStrategy strategy;
  check(SCOTCH_stratGraphMapBuild(&strategy.strat, SCOTCH_STRATBALANCE, nParts, scotchImbalance),
        "SCOTCH_stratGraphMapBuild");

  std::vector<SCOTCH_Num> part(static_cast<std::size_t>(nVertices));
  check(SCOTCH_graphPart(&bound.graph, nParts, &strategy.strat, part.data()), "SCOTCH_graphPart");
  return std::vector<int>(part.begin(), part.end());
}

}  // namespace sluice::parallel
