// Scotch partitioning of the cell graph (on one rank).
#include "sluice/mesh/cell_graph.hpp"
#include "sluice/parallel/decomposition_methods.hpp"
#include "sluice/parallel/scotch_handles.hpp"

namespace sluice::parallel {

namespace {

constexpr double scotchImbalance = 0.01;

// Owner of a Scotch graph (initialised in its constructor).
struct ScotchGraph {
  SCOTCH_Graph graph;
  ScotchGraph() { checkScotch(SCOTCH_graphInit(&graph), "SCOTCH_graphInit"); }
  ~ScotchGraph() { SCOTCH_graphExit(&graph); }
  ScotchGraph(const ScotchGraph&) = delete;
  ScotchGraph& operator=(const ScotchGraph&) = delete;
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
  checkScotch(SCOTCH_graphBuild(&source.graph, 0, nVertices, offsets.data(), offsets.data() + 1, nullptr, nullptr, nArcs,
                          adjacency.data(), nullptr),
        "SCOTCH_graphBuild");
#ifndef NDEBUG
  checkScotch(SCOTCH_graphCheck(&source.graph), "SCOTCH_graphCheck");
#endif

  ScotchContext context;
  ScotchGraph bound;
  checkScotch(SCOTCH_contextBindGraph(&context.context, &source.graph, &bound.graph), "SCOTCH_contextBindGraph");

  ScotchStrategy strategy;
  checkScotch(SCOTCH_stratGraphMapBuild(&strategy.strat, SCOTCH_STRATBALANCE, nParts, scotchImbalance),
        "SCOTCH_stratGraphMapBuild");

  std::vector<SCOTCH_Num> part(static_cast<std::size_t>(nVertices));
  checkScotch(SCOTCH_graphPart(&bound.graph, nParts, &strategy.strat, part.data()), "SCOTCH_graphPart");
  return std::vector<int>(part.begin(), part.end());
}

}  // namespace sluice::parallel
