#include "sluice/parallel/case_startup.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <numeric>
#include <optional>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/core/peak_memory.hpp"
#include "sluice/core/release.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/mesh/case_mesh.hpp"
#include "sluice/mesh/mesh_check.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/parallel/block_mesh_share.hpp"
#include "sluice/parallel/decomposition.hpp"
#include "sluice/parallel/fault_injection.hpp"
#include "sluice/parallel/local_renumbering.hpp"
#include "sluice/parallel/parallel_error.hpp"
#include "sluice/parallel/polymesh_share_reader.hpp"
#include "sluice/parallel/share_geometric_partition.hpp"
#include "sluice/parallel/share_migration.hpp"
#include "sluice/parallel/share_partition.hpp"

namespace sluice::parallel {

namespace {

// Methods that split by cell centres (share_geometric_partition.hpp).
bool isGeometric(const std::string& method) { return method == "simple" || method == "hierarchical"; }

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

// The checks of `sluice mesh` on this rank's cells: inverted, open or
// degenerate cells and points at NaN are refused before anything is solved.
void checkRankMesh(const Communicator& world, const DistributedMesh& d, const std::filesystem::path& caseDir,
                   const std::string& source) {
  std::string problem;
  try {
    const mesh::MeshGeometry geometry = mesh::MeshGeometry::computeCells(d.mesh);
    const mesh::MeshReport report = mesh::checkMesh(d.mesh, geometry, {d.globalCellIds, d.globalPointIds});
    if (!report.errors.empty())
      problem = fmt::format("{}: mesh check failed: {} (`sluice mesh {}` lists every error)", source,
                            report.errors.front(), caseDir.string());
  } catch (const std::exception& e) {
    problem = e.what();
  }
  // The mesh's fault, whichever rank holds the cell: one message as from the
  // rank-0 check, without the rank.
  try {
    agreeOnError(world, !problem.empty(), problem);
  } catch (const CollectiveError& e) {
    throw CollectiveError(e.what());
  }
}

// Rank 0 reads or builds the whole mesh, checks and partitions it, and sends
// every rank its part (distribute.hpp); the graph communicator is made after.
void startOnRoot(const Communicator& world, const std::filesystem::path& caseDir, CaseStartup& s) {
  const int nRanks = world.size();
  std::optional<mesh::LoadedMesh> global;
  std::vector<int> cellToRank;
  onRoot(world, [&] {
    global = mesh::loadCaseMesh(caseDir, {.renumber = false});
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
  failIfInjected(world, "distribute");  // a local failure while the others distribute: ends the run (MPI_Abort)
  s.mesh = distributeMesh(world.get(), global ? &global->mesh : nullptr, cellToRank);
  global.reset();

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
}

// Every rank its share (read or generated), PT-Scotch on the distributed
// cell graph (or the geometric split of the blocks' cell centres for simple
// and hierarchical), the graph communicator from the parts' neighbourhood, then the
// faces and points move to their cells' ranks.
void startDistributed(const Communicator& world, MeshShare share, CaseStartup& s, StartupTraffic& traffic) {
  const int nRanks = world.size();
  if (share.nGlobalCells < nRanks)
    throw CollectiveError(fmt::format("{}: cannot decompose {} cells over {} ranks", share.name, share.nGlobalCells,
                                      nRanks));
  const IdRanges blocks = IdRanges::even(share.nGlobalCells, nRanks);
  // From here a failure on one rank ends the run (MPI_Abort): the others are in exchanges with it.
  std::vector<int> part = isGeometric(s.settings.method)
                              ? partitionShareGeometric(world, share, blocks, s.settings, traffic)
                              : partitionShare(world.get(), share, blocks, traffic);
  ShareMigration migration(world.get(), share, blocks, part, traffic);
  release(part);
  const std::vector<int> neighbours = migration.neighbourParts();
  s.graph = world.distributedGraph(neighbours);
  std::vector<int> parts(static_cast<std::size_t>(nRanks));
  std::iota(parts.begin(), parts.end(), 0);
  const std::vector<int> rankOfPart = world.translateRanks(parts, s.graph);
  failIfInjected(world, "distribute");
  s.mesh = migration.build(rankOfPart);
}

// Why the distributed start-up cannot take this case (empty: it can).
std::string rankZeroReason(const DecompositionSettings& settings) {
  if (settings.method != "scotch" && !isGeometric(settings.method))
    return fmt::format(
        "method {} partitions on one rank (the distributed start-up takes scotch, simple and hierarchical)",
        settings.method);
  return {};
}

bool hasCyclicPatches(const MeshShare& share) {
  return std::any_of(share.patches.begin(), share.patches.end(),
                     [](const mesh::Patch& p) { return p.type == "cyclic"; });
}

void gatherFigures(const Communicator& world, const StartupTraffic& traffic, double seconds, StartupFigures& f) {
  const auto peak = static_cast<long long>(core::peakResidentBytes());
  std::array<long long, 5> maxima{static_cast<long long>(seconds * 1e6), traffic.messages, traffic.bytes, peak,
                                  traffic.exchanges};
  std::array<long long, 4> sums{traffic.messages, traffic.bytes, peak, world.isRoot() ? peak : 0};
  world.maxInPlace(std::span<long long>(maxima));
  world.sumInPlace(std::span<long long>(sums));
  f.seconds = static_cast<double>(maxima[0]) * 1e-6;
  f.maxMessages = maxima[1];
  f.maxBytes = maxima[2];
  f.maxPeakBytes = maxima[3];
  f.exchanges = maxima[4];
  f.totalMessages = sums[0];
  f.totalBytes = sums[1];
  f.meanPeakBytes = sums[2] / world.size();
  f.rank0PeakBytes = sums[3];
}

}  // namespace

CaseStartup startCase(const Communicator& world, const std::filesystem::path& caseDir,
                      const StartupOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  CaseStartup s;
  const int nRanks = world.size();
  s.settings = collectively(world, [&] { return chooseSettings(caseDir, options.method, nRanks); });
  s.meshSource = collectively(world, [&] { return mesh::caseMeshSource(caseDir); });

  StartupTraffic traffic;
  std::optional<MeshShare> share;
  std::string reason;
  if (nRanks > 1) {
    reason = rankZeroReason(s.settings);
    if (reason.empty()) {
      if (s.meshSource == "constant/polyMesh") {
        share = readPolyMeshShare(world, caseDir / s.meshSource);
      } else {
        const io::Dictionary dict =
            collectively(world, [&] { return io::Dictionary::readFile(caseDir / s.meshSource, s.meshSource); });
        try {
          share = buildBlockMeshShare(world, dict);
        } catch (const InputError& e) {
          // The dict's fault, found alike by every rank (block_mesh_share.hpp): one message.
          throw CollectiveError(e.what());
        }
        if (!share) reason = "the block mesh uses what the parallel block mesher does not cover";
      }
      if (share && hasCyclicPatches(*share)) {
        share.reset();
        reason = "cyclic patches must stay on one rank (the rank-0 decomposition keeps them)";
      }
    }
  }
  if (share) {
    startDistributed(world, std::move(*share), s, traffic);
    share.reset();
    s.figures.distributed = true;
  } else {
    startOnRoot(world, caseDir, s);
    s.figures.fallbackReason = reason;
  }
  s.nGlobalCells = s.mesh.nGlobalCells;
  if (s.figures.distributed) checkRankMesh(world, s.mesh, caseDir, s.meshSource);
  if (options.renumber) renumberOwnedCells(s.mesh);
  s.report = gatherDecompositionReport(world.get(), s.mesh);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  gatherFigures(world, traffic, seconds, s.figures);
  return s;
}

}  // namespace sluice::parallel
