// FvMesh at 1-4 ranks: every rank rebuilds the undecomposed box (cheap) and
// compares its part with it: ghost centres and volumes are the true
// neighbour cells', coupled-face geometry equals the undecomposed mesh's for
// the same face, ghost updates deliver the neighbours' values, cyclic ghosts
// are translated partners, and cyclic errors reach every rank.
#include <algorithm>
#include <vector>

#include <gtest/gtest.h>
#include <mpi.h>

#include "field/field_test_mesh.hpp"
#include "sluice/core/error.hpp"
#include "sluice/field/fv_mesh.hpp"
#include "sluice/parallel/parallel_error.hpp"

namespace sluice::field {
namespace {

using fieldtest::BoxSpec;

constexpr double kTol = 1e-12;

void expectNear(const Vec3& a, const Vec3& b, double tol, const std::string& what) {
  EXPECT_NEAR(a.x, b.x, tol) << what;
  EXPECT_NEAR(a.y, b.y, tol) << what;
  EXPECT_NEAR(a.z, b.z, tol) << what;
}

/// Cells dealt round-robin with a stride: many processor faces, every rank used.
std::vector<int> scrambled(Label nCells, int size) {
  std::vector<int> r(nCells);
  for (Label c = 0; c < nCells; ++c) r[c] = (c * 7 + 3) % size;
  return r;
}

/// Slabs of rows j (keeps each x-row, hence each cyclic x-pair, on one rank).
std::vector<int> rowSlabs(const BoxSpec& s, int size) {
  std::vector<int> r(s.nx * s.ny * s.nz);
  for (int k = 0; k < s.nz; ++k)
    for (int j = 0; j < s.ny; ++j)
      for (int i = 0; i < s.nx; ++i) r[fieldtest::cellId(s, i, j, k)] = j * size / s.ny;
  return r;
}

FvMesh distribute(const mesh::PolyMesh& global, const std::vector<int>& cellToRank, parallel::Communicator& comm) {
  const bool root = comm.isRoot();
  return distributeFvMesh(root ? &global : nullptr, root ? std::span<const int>(cellToRank) : std::span<const int>(),
                          comm);
}

TEST(FvMeshMpi, GhostCentresAndVolumesAreTheNeighbourCells) {
  parallel::Communicator comm(MPI_COMM_WORLD);
  const BoxSpec spec = BoxSpec(5, 4, 2, {1.0, 1.0, 0.4}).mapped(fieldtest::wavy);
  const mesh::PolyMesh global = fieldtest::box(spec);
  const mesh::MeshGeometry ref = mesh::MeshGeometry::compute(global);
  const FvMesh m = distribute(global, scrambled(global.nCells(), comm.size()), comm);

  EXPECT_EQ(m.nGlobalCells(), global.nCells());
  EXPECT_EQ(comm.sum(m.nCells()), global.nCells());
  EXPECT_EQ(m.nGhostCells(), m.nProcessorGhosts());
  if (comm.size() > 1) {
    EXPECT_GT(m.nGhostCells(), 0);
  }
  for (Label c = 0; c < m.nLocalCells(); ++c) {
    const GlobalLabel g = m.globalCellIds()[c];
    expectNear(m.cellCentres()[c], ref.cellCentres[g], kTol, "cell " + std::to_string(c));
    EXPECT_NEAR(m.cellVolumes()[c], ref.cellVolumes[g], kTol);
  }
  // Every processor face has a ghost that is the global neighbour across it.
  for (Label f = m.nInternalFaces(); f < m.nFaces(); ++f) {
    const Label ghost = m.faceGhost(f);
    const Label p = m.facePatch(f);
    EXPECT_EQ(ghost >= 0, m.patchKind(p) == PatchKind::Processor);
    if (ghost < 0) continue;
    const GlobalLabel gf = m.globalFaceIds()[f];
    ASSERT_LT(gf, global.nInternalFaces());
    const GlobalLabel mine = m.globalCellIds()[m.poly().owner()[f]];
    const GlobalLabel other = global.owner()[gf] == mine ? global.neighbour()[gf] : global.owner()[gf];
    EXPECT_EQ(m.globalCellIds()[ghost], other);
  }
}

TEST(FvMeshMpi, CoupledFaceGeometryEqualsTheUndecomposedMesh) {
  parallel::Communicator comm(MPI_COMM_WORLD);
  const BoxSpec spec = BoxSpec(5, 4, 2, {1.0, 1.0, 0.4}).mapped(fieldtest::wavy);
  const mesh::PolyMesh global = fieldtest::box(spec);
  const mesh::MeshGeometry ref = mesh::MeshGeometry::compute(global);
  const FvMesh m = distribute(global, scrambled(global.nCells(), comm.size()), comm);
  const auto& geo = m.geometry();
  int coupled = 0;
  for (Label f = 0; f < m.nFaces(); ++f) {
    const GlobalLabel gf = m.globalFaceIds()[f];
    const bool flipped = global.owner()[gf] != m.globalCellIds()[m.poly().owner()[f]];
    const Scalar sign = flipped ? -1.0 : 1.0;
    const std::string what = "face " + std::to_string(f) + " (global " + std::to_string(gf) + ")";
    EXPECT_EQ(flipped, m.isCoupled(f) && flipped) << what;  // only processor faces can be flipped
    EXPECT_NEAR(geo.weights[f], flipped ? 1.0 - ref.weights[gf] : ref.weights[gf], kTol) << what;
    const Label refFar = gf < global.nInternalFaces() ? global.neighbour()[gf] : -1;
    expectNear(m.delta(f), sign * ref.delta(gf, global.owner()[gf], refFar), kTol, what);
    expectNear(geo.faceAreas[f], sign * ref.faceAreas[gf], kTol, what);
    EXPECT_NEAR(geo.deltaCoeff(f), ref.deltaCoeff(gf), 1e-10) << what;
    EXPECT_NEAR(geo.nonOrthDeltaCoeff(f), ref.nonOrthDeltaCoeff(gf), 1e-10) << what;
    coupled += m.isCoupled(f) ? 1 : 0;
  }
  EXPECT_EQ(static_cast<std::size_t>(coupled), m.addressing()->coupleFace.size());
  // Each shared face is coupled on both of its ranks.
  if (comm.size() == 1) {
    EXPECT_EQ(coupled, 0);
  }
  EXPECT_EQ(comm.sum(coupled) % 2, 0);
}

TEST(FvMeshMpi, GhostUpdatesDeliverNeighbourValues) {
  parallel::Communicator comm(MPI_COMM_WORLD);
  const mesh::PolyMesh global = fieldtest::box(BoxSpec(6, 5, 1));
  FvMesh m = distribute(global, scrambled(global.nCells(), comm.size()), comm);
  auto value = [](GlobalLabel g) { return 1.5 * static_cast<double>(g) + 1.0; };
  std::vector<Scalar> s(m.nLocalCells(), -1.0);
  std::vector<Vec3> v(m.nLocalCells(), Vec3{-1, -1, -1});
  for (Label c = 0; c < m.nCells(); ++c) {
    const GlobalLabel g = m.globalCellIds()[c];
    s[c] = value(g);
    v[c] = {value(g), -value(g), 2.0 * value(g)};
  }
  m.updateGhosts(s);
  // Split start/finish through the linear::GhostUpdater interface.
  linear::GhostUpdater& updater = m;
  std::span<double> raw(reinterpret_cast<double*>(v.data()), 3 * v.size());
  updater.startGhostUpdate(raw, 3);
  updater.finishGhostUpdate();
  for (Label g = m.nCells(); g < m.nLocalCells(); ++g) {
    const GlobalLabel id = m.globalCellIds()[g];
    EXPECT_EQ(s[g], value(id));
    EXPECT_EQ(v[g], (Vec3{value(id), -value(id), 2.0 * value(id)}));
  }
  // Addressing: rows are owned cells, ghosts are ghosts, faces are coupled.
  const auto a = m.addressing();
  EXPECT_EQ(a->nCells, m.nCells());
  EXPECT_EQ(a->nLocalCells, m.nLocalCells());
  EXPECT_EQ(static_cast<Label>(a->lower.size()), m.nInternalFaces());
  for (std::size_t i = 0; i < a->coupleFace.size(); ++i) {
    EXPECT_LT(a->coupleRow[i], m.nCells());
    EXPECT_GE(a->coupleGhost[i], m.nCells());
    EXPECT_EQ(a->coupleGhost[i], m.faceGhost(a->coupleFace[i]));
  }
}

TEST(FvMeshMpi, PatchGlobalNumbering) {
  parallel::Communicator comm(MPI_COMM_WORLD);
  const mesh::PolyMesh global = fieldtest::box(BoxSpec(4, 6, 1));
  const FvMesh m = distribute(global, scrambled(global.nCells(), comm.size()), comm);
  for (std::size_t p = 0; p < global.patches().size(); ++p) {
    const mesh::Patch& gp = global.patches()[p];
    EXPECT_EQ(m.patches()[p].name, gp.name);
    EXPECT_EQ(m.patchGlobalStart(static_cast<Label>(p)), gp.start);
    EXPECT_EQ(m.patchGlobalSize(static_cast<Label>(p)), gp.size);
    const mesh::Patch& lp = m.patches()[p];
    for (Label f = lp.start; f < lp.start + lp.size; ++f)
      EXPECT_EQ(m.patchFaceFileIndex(f), m.globalFaceIds()[f] - gp.start);
  }
}

TEST(FvMeshMpi, ReleasedSamplingIdsLeaveTheFiniteVolumeFacesIds) {
  parallel::Communicator comm(MPI_COMM_WORLD);
  const mesh::PolyMesh global = fieldtest::box(BoxSpec(4, 6, 1));  // 2D: front and back empty
  FvMesh m = distribute(global, scrambled(global.nCells(), comm.size()), comm);
  const std::vector<GlobalLabel> before(m.globalFaceIds().begin(), m.globalFaceIds().end());
  ASSERT_EQ(before.size(), static_cast<std::size_t>(m.poly().nFaces()));
  ASSERT_LT(m.nFaces(), m.poly().nFaces());
  const bool hadPointIds = !m.distributed().globalPointIds.empty();
  if (comm.size() > 1) {
    EXPECT_TRUE(hadPointIds);  // a rank without every point has them
  }
  m.releaseSamplingIds();
  EXPECT_TRUE(m.distributed().samplingIdsReleased);
  EXPECT_TRUE(m.distributed().globalPointIds.empty());
  EXPECT_THROW(static_cast<void>(m.distributed().globalPointId(0)), Error);
  const auto after = m.globalFaceIds();
  ASSERT_EQ(after.size(), static_cast<std::size_t>(m.nFaces()));
  EXPECT_TRUE(std::equal(after.begin(), after.end(), before.begin()));
  for (std::size_t p = 0; p < global.patches().size(); ++p) {  // the file indices still follow
    const mesh::Patch& lp = m.patches()[p];
    for (Label f = lp.start; f < lp.start + lp.size; ++f)
      EXPECT_EQ(m.patchFaceFileIndex(f), before[static_cast<std::size_t>(f)] - global.patches()[p].start);
  }
}

TEST(FvMeshMpi, CyclicAndProcessorGhostsTogether) {
  parallel::Communicator comm(MPI_COMM_WORLD);
  const BoxSpec spec = BoxSpec(5, 4, 1, {1.0, 1.0, 0.1}).cyclicX().mapped(fieldtest::wavy);
  const mesh::PolyMesh global = fieldtest::box(spec);
  const mesh::MeshGeometry ref = mesh::MeshGeometry::compute(global);
  FvMesh m = distribute(global, rowSlabs(spec, comm.size()), comm);
  EXPECT_EQ(m.nGhostCells() - m.nProcessorGhosts(), 2 * m.patches()[0].size);
  EXPECT_EQ(comm.sum(m.patches()[0].size), 4);

  // Cyclic ghosts: the partner face's owner, shifted by one period in x.
  for (Label side = 0; side < 2; ++side) {
    const mesh::Patch& p = m.patches()[side];
    const Vec3 shift{side == 0 ? -1.0 : 1.0, 0, 0};
    for (Label f = p.start; f < p.start + p.size; ++f) {
      const Label g = m.faceGhost(f);
      ASSERT_GE(g, m.nCells() + m.nProcessorGhosts());
      const GlobalLabel source = m.globalCellIds()[g];
      expectNear(m.cellCentres()[g], ref.cellCentres[source] + shift, kTol, "cyclic ghost");
      // The same weight as the undecomposed mesh's periodic pair would give:
      // the partner face sees the mirror situation, so the weights add to 1.
      const Label partner = m.cyclicPartnerFace(f);
      EXPECT_NEAR(m.geometry().weights[f] + m.geometry().weights[partner], 1.0, kTol);
      expectNear(m.delta(f), -1.0 * m.delta(partner), kTol, "cyclic delta");
    }
  }
  std::vector<Scalar> s(m.nLocalCells(), -1.0);
  for (Label c = 0; c < m.nCells(); ++c) s[c] = static_cast<double>(m.globalCellIds()[c]);
  m.updateGhosts(s);
  for (Label g = m.nCells(); g < m.nLocalCells(); ++g) EXPECT_EQ(s[g], static_cast<double>(m.globalCellIds()[g]));
}

TEST(FvMeshMpi, SeveralGhostUpdatesInFlight) {
  parallel::Communicator comm(MPI_COMM_WORLD);
  const BoxSpec spec = BoxSpec(5, 4, 1, {1.0, 1.0, 0.1}).cyclicX();
  const mesh::PolyMesh global = fieldtest::box(spec);
  FvMesh m = distribute(global, rowSlabs(spec, comm.size()), comm);
  std::vector<Scalar> a(m.nLocalCells(), -1.0), b(m.nLocalCells(), -1.0);
  std::vector<Vec3> u(m.nLocalCells());
  for (Label c = 0; c < m.nCells(); ++c) {
    const double g = static_cast<double>(m.globalCellIds()[c]);
    a[c] = g;
    b[c] = -3 * g;
    u[c] = Vec3{g, 2 * g, 1};
  }
  parallel::HaloTransfer ta = m.beginGhostUpdate(a, 1);
  parallel::HaloTransfer tb = m.beginGhostUpdate(b, 1);
  m.startGhostUpdate(asDoubles(std::span(u)), 3);  // and the mesh's own update alongside
  tb.finish();
  m.finishGhostUpdate();
  ta.finish();
  for (Label g = m.nCells(); g < m.nLocalCells(); ++g) {
    const double id = static_cast<double>(m.globalCellIds()[g]);
    EXPECT_EQ(a[g], id);
    EXPECT_EQ(b[g], -3 * id);
    EXPECT_EQ(u[g], (Vec3{id, 2 * id, 1}));
  }
}

TEST(FvMeshMpi, CyclicMismatchFailsOnEveryRank) {
  parallel::Communicator comm(MPI_COMM_WORLD);
  BoxSpec spec = BoxSpec(2, 4, 1, {1.0, 1.0, 0.1}).cyclicX();
  spec.map = [](const Vec3& p) { return Vec3{p.x, p.y * (1.0 + 0.5 * p.x), p.z}; };
  const mesh::PolyMesh global = fieldtest::box(spec);
  try {
    distribute(global, rowSlabs(spec, comm.size()), comm);
    FAIL() << "expected a CollectiveError";
  } catch (const parallel::CollectiveError& e) {  // agreed on every rank
    EXPECT_STREQ(e.what(),
                 "cyclic patch 'left' face 0: area 0.025 does not match the area 0.0375 of face 0 of its neighbour "
                 "patch 'right'");
  }
}

}  // namespace
}  // namespace sluice::field
