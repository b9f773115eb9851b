#include "sluice/parallel/case_startup.hpp"

#include <optional>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/mesh/case_mesh.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/parallel/decomposition.hpp"
#include "sluice/parallel/parallel_error.hpp"
#include "sluice/parallel/fault_injection.hpp"
#include "sluice/mesh/mesh_check.hpp"

namespace sluice::parallel {

namespace {

DecompositionSettings chooseSettings(const std::filesystem::path& caseDir, const std::string& method, int nRanks) {
  auto settings = DecompositionSettings::readCase(caseDir, nRanks);
  if (!method.empty() && method != settings.method) {
    if (auto problem = unknownMethodProblem(method)) throw InputError("--method: " + *problem);
    settings.method = method;
    // Geometric methods named on the command line without coefficients for
    // this rank count cut slabs along x.
    if (settings.n[0] * settings.n[1] * settings.n[2] != nRanks) settings.n = {nRanks, 1, 1};
  }
  return settings;
}

}  // namespace

CaseStartup startCase(const Communicator& world, const std::filesystem::path& caseDir,
                      const StartupOptions& options) {
  CaseStartup s;
  const int nRanks = world.size();
  s.settings = collectively(world, [&] { return chooseSettings(caseDir, options.method, nRanks); });

  std::optional<mesh::LoadedMesh> global;
  std::vector<int> cellToRank;
  onRoot(world, [&] {
    global = mesh::loadCaseMesh(caseDir, {.renumber = options.renumber});
    // The checks of `sluice mesh`: a mesh with inverted, open or degenerate
    // cells, or points at NaN, is refused before anything is solved on it.
    std::vector<Vec3> centres;
    {
      const mesh::MeshGeometry geometry = mesh::MeshGeometry::computeCells(global->mesh);  // all the checks need
      const mesh::MeshReport report = mesh::checkMesh(global->mesh, geometry);
      if (!report.errors.empty())
        throw InputError(fmt::format("{}: mesh check failed: {} (`sluice mesh {}` lists every error)",
                                     global->source, report.errors.front(), caseDir.string()));
      if (nRanks > 1) centres = geometry.cellCentres;
    }
    if (nRanks == 1) {
      cellToRank.assign(static_cast<std::size_t>(global->mesh.nCells()), 0);
    } else if (nRanks <= global->mesh.nCells()) {  // too many ranks: distributeMesh refuses on every rank
      cellToRank = decompose(global->mesh, centres, nRanks, s.settings);
    }
  });
  if (world.isRoot()) {
    s.meshSource = global->source;
    s.cellOrder = std::move(global->cellOrder);
  }
  world.broadcast(s.meshSource);

  failIfInjected(world, "distribute");  // a local failure while the others distribute: ends the run (MPI_Abort)
  s.mesh = distributeMesh(world.get(), global ? &global->mesh : nullptr, cellToRank);
  global.reset();
  s.nGlobalCells = s.mesh.nGlobalCells;
  s.report = gatherDecompositionReport(world.get(), s.mesh);

  // Placement: MPI may renumber the ranks of the graph communicator.
  s.graph = world.distributedGraph(s.mesh.halo.neighbours);
  s.mesh.halo.neighbours = world.translateRanks(s.mesh.halo.neighbours, s.graph);
  std::vector<mesh::Patch> patches = s.mesh.mesh.patches();
  bool renumbered = false;
  for (mesh::Patch& p : patches)
    if (p.neighbourRank >= 0) {
      const int graphRank = world.translateRanks(std::span<const int>(&p.neighbourRank, 1), s.graph)[0];
      renumbered = renumbered || graphRank != p.neighbourRank;
      p.neighbourRank = graphRank;
    }
  if (renumbered) {
    const mesh::PolyMesh& m = s.mesh.mesh;
    s.mesh.mesh = mesh::PolyMesh(m.points(), m.faces(), m.owner(), m.neighbour(), std::move(patches), m.name());
  }
  return s;
}

}  // namespace sluice::parallel
