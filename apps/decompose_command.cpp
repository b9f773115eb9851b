#include "decompose_command.hpp"

#include <array>
#include <filesystem>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/mesh/case_mesh.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/parallel/comm_profile.hpp"
#include "sluice/parallel/communicator.hpp"
#include "sluice/parallel/decomposition.hpp"
#include "sluice/parallel/decomposition_settings.hpp"
#include "sluice/parallel/distribute.hpp"
#include "sluice/parallel/halo_exchange.hpp"
#include "sluice/parallel/parallel_error.hpp"

namespace sluice::apps {

namespace fs = std::filesystem;
using parallel::Communicator;

namespace {

parallel::DecompositionSettings chooseSettings(const DecomposeCommandOptions& options, int nRanks) {
  auto settings = parallel::DecompositionSettings::readCase(options.caseDir, nRanks);
  if (!options.method.empty() && options.method != settings.method) {
    if (auto problem = parallel::unknownMethodProblem(options.method)) throw InputError("--method: " + *problem);
    settings.method = options.method;
    // Geometric methods named on the command line without coefficients for
    // this rank count cut slabs along x.
    if (settings.n[0] * settings.n[1] * settings.n[2] != nRanks) settings.n = {nRanks, 1, 1};
  }
  return settings;
}

// Ghost entries of `field` (components values per cell) that differ from what
// `expected(globalId, component)` gives; the count of checked values goes to `checked`.
template <class Expected>
long long countWrongGhosts(const parallel::DistributedMesh& local, const std::vector<double>& field, int components,
                           Expected expected, long long& checked) {
  long long wrong = 0;
  for (Label c = local.nOwnedCells; c < local.nOwnedCells + local.nGhostCells; ++c)
    for (int k = 0; k < components; ++k) {
      ++checked;
      if (field[static_cast<std::size_t>(c) * components + k] != expected(local.globalCellIds[c], k)) ++wrong;
    }
  return wrong;
}

}  // namespace

int runDecomposeCommand(Communicator& world, const DecomposeCommandOptions& options) {
  parallel::CommProfile profile;
  const int nRanks = world.size();

  // Start-up: rank 0 reads and partitions; every rank learns of any failure.
  const auto settings = parallel::collectively(world, [&] { return chooseSettings(options, nRanks); });
  std::optional<mesh::LoadedMesh> global;
  std::vector<int> cellToRank;
  parallel::onRoot(world, [&] {
    global = mesh::loadCaseMesh(options.caseDir, {.renumber = !options.noRenumber});
    const auto geometry = mesh::MeshGeometry::compute(global->mesh);
    if (nRanks <= global->mesh.nCells())  // too many ranks: distributeMesh refuses on every rank
      cellToRank = parallel::decompose(global->mesh, geometry.cellCentres, nRanks, settings);
  });
  if (world.isRoot())
    fmt::print("Mesh of {} (from {}): {} cells; decomposition method {} over {} ranks\n", options.caseDir,
               global->source, global->mesh.nCells(), settings.method, nRanks);
  parallel::DistributedMesh local =
      parallel::distributeMesh(world.get(), global ? &global->mesh : nullptr, cellToRank);
  global.reset();
  const auto report = parallel::gatherDecompositionReport(world.get(), local);
  if (world.isRoot()) fmt::print("\n{}\n", report.toText());

  // Placement: the ranks' neighbourhood goes to MPI (reordering allowed); the
  // exchange then runs on the graph communicator in its rank numbering.
  Communicator graph = world.distributedGraph(local.halo.neighbours);
  graph.setProfile(&profile);
  parallel::HaloPattern pattern = local.halo;
  pattern.neighbours = world.translateRanks(local.halo.neighbours, graph);
  parallel::HaloExchange halo(graph, pattern, /*tag=*/100);

  // One "step": a scalar and a vector exchange of global ids, then one fused
  // reduction of the check counts.
  const std::size_t nLocal = static_cast<std::size_t>(local.nOwnedCells + local.nGhostCells);
  std::vector<double> ids(nLocal, -1.0), vectors(3 * nLocal, -1.0);
  for (Label c = 0; c < local.nOwnedCells; ++c) {
    const double g = static_cast<double>(local.globalCellIds[c]);
    ids[c] = g;
    vectors[3 * c] = g;
    vectors[3 * c + 1] = 2 * g;
    vectors[3 * c + 2] = -g;
  }
  const auto haloRegion = profile.region("halo");
  const auto checkRegion = profile.region("check");
  profile.beginStep();
  {
    parallel::ScopedRegion r(profile, haloRegion);
    halo.exchange(std::span<double>(ids), 1);
    halo.exchange(std::span<double>(vectors), 3);
  }
  long long checked = 0;
  std::array<double, 2> counts{};
  {
    parallel::ScopedRegion r(profile, checkRegion);
    const auto scalarWrong = countWrongGhosts(local, ids, 1, [](GlobalLabel g, int) { return double(g); }, checked);
    const auto vectorWrong = countWrongGhosts(
        local, vectors, 3, [](GlobalLabel g, int k) { return k == 0 ? double(g) : (k == 1 ? 2.0 * g : -double(g)); },
        checked);
    counts = {static_cast<double>(checked), static_cast<double>(scalarWrong + vectorWrong)};
    graph.sumInPlace(counts);
  }
  profile.endStep();

  const std::string table = profile.report(graph);
  profile.writeJson(graph, fs::path(options.caseDir) / "sluice-profile.json");
  if (graph.isRoot()) {
    fmt::print("Halo check: {:.0f} ghost values exchanged, {:.0f} wrong\n\n{}\n", counts[0], counts[1], table);
    fmt::print("Profile written to {}\n", (fs::path(options.caseDir) / "sluice-profile.json").string());
  }
  return counts[1] == 0 ? 0 : 1;
}

}  // namespace sluice::apps
