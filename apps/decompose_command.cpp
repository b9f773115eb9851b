#include "decompose_command.hpp"

#include <array>
#include <filesystem>
#include <vector>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/parallel/comm_profile.hpp"
#include "sluice/parallel/communicator.hpp"
#include "sluice/parallel/case_startup.hpp"
#include "sluice/parallel/halo_exchange.hpp"

namespace sluice::apps {

namespace fs = std::filesystem;
using parallel::Communicator;

namespace {

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
  parallel::CaseStartup startup =
      parallel::startCase(world, options.caseDir, {.method = options.method, .renumber = !options.noRenumber});
  if (world.isRoot())
    fmt::print("Mesh of {} (from {}): {} cells; decomposition method {} over {} ranks\n{}\n{}\n", options.caseDir,
               startup.meshSource, startup.nGlobalCells, startup.settings.method, world.size(), startup.figures.text(),
               startup.report.toText());

  // Exchanges run on the graph communicator, in its rank numbering.
  Communicator graph = std::move(startup.graph);
  graph.setProfile(&profile);
  const parallel::DistributedMesh& local = startup.mesh;
  parallel::HaloExchange halo(graph, local.halo, /*tag=*/100);

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
  // Its own file: a run's sluice-profile.json in the same case stays.
  const fs::path profileFile = fs::path(options.caseDir) / "sluice-decompose-profile.json";
  profile.writeJson(graph, profileFile);
  if (graph.isRoot()) {
    fmt::print("Halo check: {:.0f} ghost values exchanged, {:.0f} wrong\n\n{}\n", counts[0], counts[1], table);
    fmt::print("Profile written to {}\n", profileFile.string());
  }
  return counts[1] == 0 ? 0 : 1;
}

}  // namespace sluice::apps
