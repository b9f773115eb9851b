// distributeMesh at 1-4 ranks: rank 0 decomposes a 12x9x1 box (distorted, so
// cells differ) with each method and distributes it; every rank checks its
// part against the undecomposed mesh, which each rank can rebuild cheaply.
#include <gtest/gtest.h>
#include <mpi.h>

#include <cstring>
#include <numeric>
#include <string>

#include "parallel/cell_measures.hpp"
#include "sluice/core/error.hpp"
#include "sluice/parallel/decomposition.hpp"
#include "sluice/parallel/distribute.hpp"
#include "sluice/parallel/parallel_error.hpp"
#include "support/box_mesh.hpp"
#include "support/mpi_world.hpp"

namespace sluice::parallel {
namespace {

using test::commRank;  // support/mpi_world.hpp
using test::commSize;

DecompositionSettings settingsFor(const std::string& method, int nParts) {
  DecompositionSettings s = DecompositionSettings::defaults(nParts);
  s.method = method;
  s.n = nParts == 4 ? std::array<int, 3>{2, 2, 1} : std::array<int, 3>{1, nParts, 1};
  if (method == "hierarchical") s.order = {1, 0, 2};
  return s;
}

struct Distributed {
  mesh::PolyMesh global;        // on every rank (rebuilt, identical)
  std::vector<int> cellToRank;  // on every rank (broadcast from rank 0)
  DistributedMesh local;
};

Distributed distributeBox(const DecompositionSettings& settings, const test::PointMap& map) {
  Distributed out;
  out.global = test::boxMesh(12, 9, 1, map);
  const int nCells = out.global.nCells();
  out.cellToRank.resize(nCells);
  if (commRank() == 0) out.cellToRank = decompose(out.global, test::cellCentres(out.global), commSize(), settings);
  out.local = distributeMesh(MPI_COMM_WORLD, commRank() == 0 ? &out.global : nullptr,
                             commRank() == 0 ? std::span<const int>(out.cellToRank) : std::span<const int>());
  MPI_Bcast(out.cellToRank.data(), nCells, MPI_INT, 0, MPI_COMM_WORLD);
  return out;
}

Distributed distributeBox(const std::string& method) {
  return distributeBox(settingsFor(method, commSize()), test::wavyMap);
}

// Sends `values` at halo.sendCells to each neighbour and writes what arrives
// at halo.recvCells (plain MPI, as a HaloExchange would).
void exchange(const HaloPattern& halo, std::vector<double>& values) {
  const std::size_t n = halo.neighbours.size();
  std::vector<std::vector<double>> sendBuf(n), recvBuf(n);
  std::vector<MPI_Request> requests(2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    for (Label c : halo.sendCells[i]) sendBuf[i].push_back(values[c]);
    recvBuf[i].resize(halo.recvCells[i].size());
    MPI_Irecv(recvBuf[i].data(), static_cast<int>(recvBuf[i].size()), MPI_DOUBLE, halo.neighbours[i], 5,
              MPI_COMM_WORLD, &requests[i]);
    MPI_Isend(sendBuf[i].data(), static_cast<int>(sendBuf[i].size()), MPI_DOUBLE, halo.neighbours[i], 5,
              MPI_COMM_WORLD, &requests[n + i]);
  }
  MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = 0; k < recvBuf[i].size(); ++k) values[halo.recvCells[i][k]] = recvBuf[i][k];
}

// Gathers variable-length arrays on rank 0 (result empty elsewhere), with per-rank offsets.
template <class T>
std::vector<T> gatherv(const std::vector<T>& mine, MPI_Datatype type, std::vector<int>* offsetsOut = nullptr) {
  const int count = static_cast<int>(mine.size());
  std::vector<int> counts(commSize()), displs(commSize() + 1, 0);
  MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::partial_sum(counts.begin(), counts.end(), displs.begin() + 1);
  std::vector<T> all(commRank() == 0 ? displs.back() : 0);
  MPI_Gatherv(mine.data(), count, type, all.data(), counts.data(), displs.data(), type, 0, MPI_COMM_WORLD);
  if (offsetsOut) *offsetsOut = displs;
  return all;
}

class Distribute : public ::testing::TestWithParam<std::string> {};

TEST_P(Distribute, EveryCellIsOwnedExactlyOnceByItsRank) {
  const Distributed d = distributeBox(GetParam());
  const DistributedMesh& m = d.local;
  EXPECT_EQ(m.nGlobalCells, 108);
  EXPECT_EQ(m.mesh.nCells(), m.nOwnedCells);
  ASSERT_EQ(m.globalCellIds.size(), static_cast<std::size_t>(m.nOwnedCells + m.nGhostCells));
  std::vector<GlobalLabel> owned(m.globalCellIds.begin(), m.globalCellIds.begin() + m.nOwnedCells);
  EXPECT_TRUE(std::is_sorted(owned.begin(), owned.end()));
  for (GlobalLabel g : owned) EXPECT_EQ(d.cellToRank[g], commRank()) << "cell " << g;
  EXPECT_GT(m.nOwnedCells, 0);

  std::vector<int> offsets;
  const std::vector<GlobalLabel> all = gatherv(owned, MPI_INT64_T, &offsets);
  if (commRank() == 0) {
    std::vector<int> times(108, 0);
    for (GlobalLabel g : all) ++times[g];
    for (int c = 0; c < 108; ++c) EXPECT_EQ(times[c], 1) << "cell " << c;
  }
}

TEST_P(Distribute, LocalMeshMatchesTheGlobalMesh) {
  const Distributed d = distributeBox(GetParam());
  const DistributedMesh& m = d.local;
  const mesh::PolyMesh& g = d.global;
  EXPECT_TRUE(m.mesh.isUpperTriangular());
  if (!m.globalPointIds.empty()) ASSERT_EQ(m.globalPointIds.size(), static_cast<std::size_t>(m.mesh.nPoints()));
  for (Label p = 0; p < m.mesh.nPoints(); ++p) EXPECT_EQ(m.mesh.points()[p], g.points()[m.globalPointId(p)]);
  ASSERT_EQ(m.globalFaceIds.size(), static_cast<std::size_t>(m.mesh.nFaces()));
  for (Label f = 0; f < m.mesh.nFaces(); ++f) {
    const auto gf = static_cast<Label>(m.globalFaceIds[f]);
    const GlobalLabel own = m.globalCellIds[m.mesh.owner()[f]];
    const bool sameOwner = own == g.owner()[gf];
    if (!sameOwner) {
      ASSERT_LT(gf, g.nInternalFaces());
      EXPECT_EQ(own, g.neighbour()[gf]);
    }
    // Same vertices; reversed after vertex 0 when the owner changed side.
    const auto lv = m.mesh.faces()[f];
    const auto gv = g.faces()[gf];
    ASSERT_EQ(lv.size(), gv.size());
    for (std::size_t k = 0; k < lv.size(); ++k)
      EXPECT_EQ(m.globalPointId(lv[k]), gv[sameOwner || k == 0 ? k : gv.size() - k]) << "face " << f;
    if (f < m.mesh.nInternalFaces()) {
      EXPECT_EQ(m.globalCellIds[m.mesh.neighbour()[f]], sameOwner ? g.neighbour()[gf] : g.owner()[gf]);
    } else if (f < m.firstProcessorFace) {  // original boundary face in the same patch
      EXPECT_EQ(m.mesh.patches()[m.mesh.patchOfFace(f)].name, g.patches()[g.patchOfFace(gf)].name);
    } else {  // processor face: the ghost is the cell across
      const GlobalLabel across = sameOwner ? g.neighbour()[gf] : g.owner()[gf];
      EXPECT_EQ(m.globalCellIds[m.processorFaceGhost[f - m.firstProcessorFace]], across);
    }
  }
  // Every original patch, in order, then one processor patch per neighbour.
  const auto& patches = m.mesh.patches();
  ASSERT_EQ(patches.size(), g.patches().size() + m.halo.neighbours.size());
  for (std::size_t p = 0; p < g.patches().size(); ++p) {
    EXPECT_EQ(patches[p].name, g.patches()[p].name);
    EXPECT_EQ(patches[p].type, g.patches()[p].type);
  }
  for (std::size_t i = 0; i < m.halo.neighbours.size(); ++i) {
    const auto& p = patches[g.patches().size() + i];
    EXPECT_EQ(p.type, "processor");
    EXPECT_EQ(p.neighbourRank, m.halo.neighbours[i]);
    EXPECT_EQ(p.name, "procBoundary" + std::to_string(commRank()) + "to" + std::to_string(m.halo.neighbours[i]));
    if (i == 0) {
      EXPECT_EQ(p.start, m.firstProcessorFace);
    } else {
      EXPECT_GT(m.halo.neighbours[i], m.halo.neighbours[i - 1]);
    }
  }
  EXPECT_EQ(m.processorFaceGhost.size(), static_cast<std::size_t>(m.mesh.nFaces() - m.firstProcessorFace));
}

TEST_P(Distribute, GhostsReceiveTheirNeighboursValues) {
  const Distributed d = distributeBox(GetParam());
  const DistributedMesh& m = d.local;
  std::vector<double> field(m.nOwnedCells + m.nGhostCells, -1.0);
  for (Label c = 0; c < m.nOwnedCells; ++c) field[c] = static_cast<double>(m.globalCellIds[c]);
  exchange(m.halo, field);
  for (Label c = m.nOwnedCells; c < m.nOwnedCells + m.nGhostCells; ++c)
    EXPECT_EQ(field[c], static_cast<double>(m.globalCellIds[c])) << "ghost " << c;
  // Ghosts: exactly the cells across processor faces, each listed once.
  std::vector<int> seen(m.nGhostCells, 0);
  for (const auto& cells : m.halo.recvCells)
    for (Label c : cells) ++seen[c - m.nOwnedCells];
  for (int s : seen) EXPECT_EQ(s, 1);
  if (commSize() == 1) {
    EXPECT_EQ(m.nGhostCells, 0);
  }
}

TEST_P(Distribute, ProcessorFacesPairUpAcrossRanks) {
  const Distributed d = distributeBox(GetParam());
  const DistributedMesh& m = d.local;
  const std::size_t n = m.halo.neighbours.size();
  const std::size_t nGlobalPatches = d.global.patches().size();
  // Per neighbour: face count, then per face: global id, centre, area vector.
  std::vector<std::vector<double>> sendBuf(n), recvBuf(n);
  std::vector<int> counts(n), theirCounts(n);
  for (std::size_t i = 0; i < n; ++i) {
    const mesh::Patch& p = m.mesh.patches()[nGlobalPatches + i];
    counts[i] = p.size;
    for (Label f = p.start; f < p.start + p.size; ++f) {
      const Vec3 c = test::faceCentre(m.mesh, f), s = test::faceAreaVector(m.mesh, f);
      sendBuf[i].insert(sendBuf[i].end(),
                        {static_cast<double>(m.globalFaceIds[f]), c.x, c.y, c.z, s.x, s.y, s.z});
    }
    MPI_Sendrecv(&counts[i], 1, MPI_INT, m.halo.neighbours[i], 3, &theirCounts[i], 1, MPI_INT, m.halo.neighbours[i],
                 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_EQ(counts[i], theirCounts[i]) << "towards rank " << m.halo.neighbours[i];
    recvBuf[i].resize(sendBuf[i].size());
    MPI_Sendrecv(sendBuf[i].data(), static_cast<int>(sendBuf[i].size()), MPI_DOUBLE, m.halo.neighbours[i], 4,
                 recvBuf[i].data(), static_cast<int>(recvBuf[i].size()), MPI_DOUBLE, m.halo.neighbours[i], 4,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int k = 0; k < counts[i]; ++k) {
      const double* mine = sendBuf[i].data() + 7 * k;
      const double* theirs = recvBuf[i].data() + 7 * k;
      EXPECT_EQ(mine[0], theirs[0]) << "same global face at position " << k;
      for (int a = 1; a < 4; ++a) EXPECT_NEAR(mine[a], theirs[a], 1e-14);   // same centre
      for (int a = 4; a < 7; ++a) EXPECT_NEAR(mine[a], -theirs[a], 1e-14);  // opposite normals
    }
  }
}

TEST_P(Distribute, OwnedVolumesAddUpToTheGlobalVolume) {
  const Distributed d = distributeBox(GetParam());
  const DistributedMesh& m = d.local;
  const std::vector<Scalar> globalVolumes = test::cellVolumes(d.global);
  const std::vector<Scalar> localVolumes = test::cellVolumes(m.mesh);
  double mine = 0;
  for (Label c = 0; c < m.nOwnedCells; ++c) {
    mine += localVolumes[c];
    EXPECT_NEAR(localVolumes[c], globalVolumes[m.globalCellIds[c]], 1e-15) << "cell " << m.globalCellIds[c];
    EXPECT_GT(localVolumes[c], 0);
  }
  double total = 0;
  MPI_Allreduce(&mine, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  const double expected = std::accumulate(globalVolumes.begin(), globalVolumes.end(), 0.0);
  EXPECT_NEAR(total, expected, 1e-13);
  EXPECT_GT(expected, 0.1);  // the distorted box, thickness 0.1
}

TEST_P(Distribute, CellCentresRoundTripBitForBit) {
  // Centres computed from each rank's part, gathered by global id on rank 0,
  // equal the serial centres exactly: same points, summed in the same order.
  const Distributed d = distributeBox(GetParam());
  const DistributedMesh& m = d.local;
  const std::vector<Vec3> localCentres = test::cellCentres(m.mesh);
  std::vector<double> mine;
  std::vector<GlobalLabel> ids(m.globalCellIds.begin(), m.globalCellIds.begin() + m.nOwnedCells);
  for (Label c = 0; c < m.nOwnedCells; ++c) mine.insert(mine.end(), {localCentres[c].x, localCentres[c].y, localCentres[c].z});
  const std::vector<double> values = gatherv(mine, MPI_DOUBLE);
  const std::vector<GlobalLabel> allIds = gatherv(ids, MPI_INT64_T);
  if (commRank() != 0) return;
  const std::vector<Vec3> serial = test::cellCentres(d.global);
  ASSERT_EQ(allIds.size(), serial.size());
  std::vector<Vec3> gathered(serial.size());
  for (std::size_t i = 0; i < allIds.size(); ++i) gathered[allIds[i]] = {values[3 * i], values[3 * i + 1], values[3 * i + 2]};
  EXPECT_EQ(std::memcmp(gathered.data(), serial.data(), serial.size() * sizeof(Vec3)), 0);
}

TEST_P(Distribute, ReportCountsCellsAndSharedFaces) {
  const Distributed d = distributeBox(GetParam());
  const DecompositionReport report = gatherDecompositionReport(MPI_COMM_WORLD, d.local);
  if (commRank() != 0) {
    EXPECT_TRUE(report.ranks.empty());
    return;
  }
  ASSERT_EQ(report.ranks.size(), static_cast<std::size_t>(commSize()));
  EXPECT_EQ(report.totalCells(), 108);
  const std::vector<Label> sizes = partSizes(d.cellToRank, commSize());
  for (int r = 0; r < commSize(); ++r) EXPECT_EQ(report.ranks[r].cells, sizes[r]);
  EXPECT_DOUBLE_EQ(report.loadImbalance(), loadImbalance(d.cellToRank, commSize()));
  GlobalLabel cut = 0;
  for (Label f = 0; f < d.global.nInternalFaces(); ++f)
    cut += d.cellToRank[d.global.owner()[f]] != d.cellToRank[d.global.neighbour()[f]];
  EXPECT_EQ(report.sharedFaces(), cut);
  // Symmetric: a's faces towards b equal b's towards a.
  for (int a = 0; a < commSize(); ++a)
    for (std::size_t i = 0; i < report.ranks[a].neighbours.size(); ++i) {
      const int b = report.ranks[a].neighbours[i];
      const auto& nb = report.ranks[b].neighbours;
      const auto it = std::find(nb.begin(), nb.end(), a);
      ASSERT_NE(it, nb.end());
      EXPECT_EQ(report.ranks[b].processorFaces[it - nb.begin()], report.ranks[a].processorFaces[i]);
    }
}

INSTANTIATE_TEST_SUITE_P(Methods, Distribute, ::testing::Values("scotch", "metis", "simple", "hierarchical"));

TEST(DistributeReport, TextTableForTwoSlabs) {
  if (commSize() != 2) GTEST_SKIP() << "needs 2 ranks";
  DecompositionSettings settings = settingsFor("simple", 2);
  settings.n = {2, 1, 1};  // 6 of the 12 columns each
  const Distributed d = distributeBox(settings, {});
  const DecompositionReport report = gatherDecompositionReport(MPI_COMM_WORLD, d.local);
  if (commRank() != 0) return;
  EXPECT_EQ(report.toText(),
            "  rank        cells   proc faces  neighbours\n"
            "     0           54            9  1(9)\n"
            "     1           54            9  0(9)\n"
            "2 ranks, 108 cells, 9 shared faces, load imbalance 0.00 %\n");
}

TEST(DistributeErrors, MoreRanksThanCellsFailsOnEveryRank) {
  if (commSize() == 1) GTEST_SKIP() << "needs 2 or more ranks";
  const mesh::PolyMesh tiny = test::boxMesh(commSize() - 1, 1, 1);
  const std::string expected =
      "box: cannot decompose " + std::to_string(commSize() - 1) + " cells over " + std::to_string(commSize()) + " ranks";
  try {
    distributeMesh(MPI_COMM_WORLD, commRank() == 0 ? &tiny : nullptr, {});
    FAIL() << "no error";
  } catch (const CollectiveError& e) {
    EXPECT_EQ(e.what(), expected);
  }
  // The communicator is still usable: everyone reached the same point.
  int one = 1, sum = 0;
  MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  EXPECT_EQ(sum, commSize());
}

// The box with xMin/xMax made a cyclic pair (face i of one matches face i of the other).
mesh::PolyMesh cyclicBox() {
  const mesh::PolyMesh box = test::boxMesh(6, 12, 1);  // 12 rows: whole rows per rank at 1-4 ranks
  std::vector<mesh::Patch> patches = box.patches();
  patches[0].type = patches[1].type = "cyclic";
  patches[0].neighbourPatch = "xMax";
  patches[1].neighbourPatch = "xMin";
  return mesh::PolyMesh(box.points(), box.faces(), box.owner(), box.neighbour(), patches, "box");
}

std::vector<int> slabs(const mesh::PolyMesh& m, std::array<int, 3> n) {
  DecompositionSettings s = settingsFor("simple", commSize());
  s.n = n;
  return decompose(m, test::cellCentres(m), commSize(), s);
}

TEST(DistributeErrors, CyclicPairsSplitBetweenRanksAreRefused) {
  if (commSize() == 1) GTEST_SKIP() << "needs 2 or more ranks";
  const mesh::PolyMesh m = cyclicBox();
  const std::vector<int> cellToRank = commRank() == 0 ? slabs(m, {commSize(), 1, 1}) : std::vector<int>();
  try {
    distributeMesh(MPI_COMM_WORLD, commRank() == 0 ? &m : nullptr, cellToRank);
    FAIL() << "no error";
  } catch (const CollectiveError& e) {
    EXPECT_EQ(e.what(), "box: cyclic patch 'xMin' face 0 is on rank 0 but its partner in 'xMax' is on rank " +
                            std::to_string(commSize() - 1) +
                            "; cyclic patches split between ranks are not supported");
  }
}

TEST(Distribute, CyclicPairsKeptTogetherStayMatched) {
  const mesh::PolyMesh m = cyclicBox();
  const std::vector<int> cellToRank = commRank() == 0 ? slabs(m, {1, commSize(), 1}) : std::vector<int>();
  const DistributedMesh d = distributeMesh(MPI_COMM_WORLD, commRank() == 0 ? &m : nullptr, cellToRank);
  const mesh::Patch& lo = d.mesh.patches()[0];
  const mesh::Patch& hi = d.mesh.patches()[1];
  EXPECT_EQ(lo.type, "cyclic");
  EXPECT_EQ(lo.neighbourPatch, "xMax");
  ASSERT_EQ(lo.size, hi.size);
  EXPECT_GT(lo.size, 0);
  for (Label i = 0; i < lo.size; ++i) {  // partners at the same height
    const Vec3 a = test::faceCentre(d.mesh, lo.start + i), b = test::faceCentre(d.mesh, hi.start + i);
    EXPECT_DOUBLE_EQ(a.y, b.y);
    EXPECT_EQ(a.x, 0.0);
    EXPECT_EQ(b.x, 1.0);
  }
}

}  // namespace
}  // namespace sluice::parallel
