// FvMesh on one rank: geometry, patches, addressing, cyclic ghosts (centres,
// weights, ghost copies) and cyclic pairing errors.
#include <algorithm>

#include <gtest/gtest.h>
#include <mpi.h>

#include "field/field_test_mesh.hpp"
#include "sluice/core/error.hpp"
#include "sluice/field/fv_mesh.hpp"
#include "sluice/parallel/parallel_error.hpp"

namespace sluice::field {
namespace {

using fieldtest::BoxSpec;
using fieldtest::cellId;

constexpr double kTol = 1e-12;

void expectNear(const Vec3& a, const Vec3& b, double tol = kTol) {
  EXPECT_NEAR(a.x, b.x, tol);
  EXPECT_NEAR(a.y, b.y, tol);
  EXPECT_NEAR(a.z, b.z, tol);
}

TEST(FvMesh, SerialBoxMatchesMeshGeometry) {
  parallel::Communicator comm(MPI_COMM_SELF);
  const BoxSpec spec = BoxSpec(4, 3, 1, {2.0, 1.5, 0.1}).mapped(fieldtest::wavy);
  const mesh::PolyMesh global = fieldtest::box(spec);
  const mesh::MeshGeometry ref = mesh::MeshGeometry::compute(global);
  FvMesh m = makeSerialFvMesh(global, comm);

  EXPECT_EQ(m.nCells(), 12);
  EXPECT_EQ(m.nGhostCells(), 0);
  EXPECT_EQ(m.nLocalCells(), 12);
  EXPECT_EQ(m.nGlobalCells(), 12);
  EXPECT_EQ(m.nInternalFaces(), 9 + 8);
  // The 24 faces of the two empty patches (front, back) are not finite-volume
  // faces: they follow the others in poly(), which keeps them for cell shapes.
  EXPECT_EQ(m.nFaces(), global.nFaces() - 2 * 12);
  EXPECT_EQ(m.poly().nFaces(), global.nFaces());
  EXPECT_EQ(m.geometry().faceAreas.size(), static_cast<std::size_t>(m.nFaces()));
  EXPECT_EQ(m.patches()[4].size, 0);
  EXPECT_EQ(m.poly().patches()[4].start, m.nFaces());
  EXPECT_EQ(m.poly().patches()[5].start, m.nFaces() + 12);
  for (Label f = 0; f < m.poly().nFaces(); ++f)  // the faces of the case files, reordered
    EXPECT_EQ(m.poly().faces()[f][0], global.faces()[m.globalFaceIds()[f]][0]);
  for (Label c = 0; c < 12; ++c) {
    expectNear(m.cellCentres()[c], ref.cellCentres[c]);
    EXPECT_NEAR(m.cellVolumes()[c], ref.cellVolumes[c], kTol);
    EXPECT_EQ(m.globalCellIds()[c], c);
    EXPECT_EQ(m.fileCellIds()[c], c);
  }
  for (Label f = 0; f < m.nFaces(); ++f) {
    EXPECT_NEAR(m.geometry().weights[f], ref.weights[f], kTol);
    EXPECT_EQ(m.faceGhost(f), -1);
    EXPECT_EQ(m.faceNeighbour(f), f < m.nInternalFaces() ? global.neighbour()[f] : -1);
  }

  ASSERT_EQ(m.nPatches(), 6);
  EXPECT_EQ(m.patchKind(0), PatchKind::Regular);
  EXPECT_EQ(m.patchKind(2), PatchKind::Regular);
  EXPECT_EQ(m.patchKind(4), PatchKind::Empty);
  EXPECT_EQ(m.patchGlobalStart(0), 17);
  EXPECT_EQ(m.patchGlobalSize(0), 3);
  EXPECT_EQ(m.patchGlobalStart(1), 20);
  EXPECT_EQ(m.patchFaceFileIndex(21), 1);
  EXPECT_EQ(m.facePatch(21), 1);
  EXPECT_EQ(m.facePatch(3), -1);

  const auto a = m.addressing();
  EXPECT_EQ(a->nCells, 12);
  EXPECT_EQ(a->nLocalCells, 12);
  EXPECT_EQ(std::vector<Label>(a->lower.begin(), a->lower.end()),
            std::vector<Label>(global.owner().begin(), global.owner().begin() + 17));
  EXPECT_EQ(std::vector<Label>(a->upper.begin(), a->upper.end()), global.neighbour());
  EXPECT_TRUE(a->coupleRow.empty());
  // Views of the mesh's lists, not copies.
  EXPECT_EQ(a->lower.data(), m.poly().owner().data());
  EXPECT_EQ(a->upper.data(), m.poly().neighbour().data());
}

TEST(FvMesh, AddressingOutlivesTheMesh) {
  parallel::Communicator comm(MPI_COMM_SELF);
  const mesh::PolyMesh global = fieldtest::box(BoxSpec(4, 3, 1));
  std::shared_ptr<const linear::LduAddressing> a;
  {
    FvMesh m = makeSerialFvMesh(global, comm);
    a = m.addressing();
    static_cast<void>(m.multigridMesh());  // shares it too
  }
  ASSERT_EQ(a->nFaces(), global.nInternalFaces());
  EXPECT_EQ(std::vector<Label>(a->lower.begin(), a->lower.end()),
            std::vector<Label>(global.owner().begin(), global.owner().begin() + global.nInternalFaces()));
  EXPECT_EQ(std::vector<Label>(a->upper.begin(), a->upper.end()), global.neighbour());
  EXPECT_EQ(a->rows().nRows(), 12);
}

TEST(FvMesh, CyclicGhostIsTranslatedPartner) {
  parallel::Communicator comm(MPI_COMM_SELF);
  const BoxSpec spec = BoxSpec(4, 3, 1, {2.0, 1.5, 0.1}).cyclicX();
  FvMesh m = makeSerialFvMesh(fieldtest::box(spec), comm);
  ASSERT_EQ(m.nGhostCells(), 6);
  EXPECT_EQ(m.nProcessorGhosts(), 0);
  EXPECT_EQ(m.patchKind(0), PatchKind::Cyclic);
  EXPECT_EQ(m.patchKind(1), PatchKind::Cyclic);

  const auto& left = m.patches()[0];
  const auto& right = m.patches()[1];
  for (int j = 0; j < 3; ++j) {
    const Label fl = left.start + j;
    const Label fr = right.start + j;
    const Label gl = m.faceGhost(fl);
    const Label gr = m.faceGhost(fr);
    ASSERT_GE(gl, m.nCells());
    ASSERT_GE(gr, m.nCells());
    EXPECT_EQ(m.cyclicPartnerFace(fl), fr);
    EXPECT_EQ(m.cyclicPartnerFace(fr), fl);
    const Scalar y = 0.25 + 0.5 * j;
    // Across the left face sits a copy of cell (3, j), moved by -2 in x.
    expectNear(m.cellCentres()[gl], {-0.25, y, 0.05});
    expectNear(m.cellCentres()[gr], {2.25, y, 0.05});
    EXPECT_EQ(m.globalCellIds()[gl], cellId(spec, 3, j, 0));
    EXPECT_EQ(m.globalCellIds()[gr], cellId(spec, 0, j, 0));
    EXPECT_NEAR(m.cellVolumes()[gl], 0.5 * 0.5 * 0.1, kTol);
    // Coupled geometry as for an internal face of a uniform mesh.
    EXPECT_NEAR(m.geometry().weights[fl], 0.5, kTol);
    expectNear(m.delta(fl), {-0.5, 0, 0});
    expectNear(m.delta(fr), {0.5, 0, 0});
    EXPECT_NEAR(m.geometry().deltaCoeff(fl), 2.0, kTol);
    EXPECT_NEAR(m.geometry().nonOrthDeltaCoeff(fr), 2.0, kTol);
    EXPECT_EQ(m.faceNeighbour(fl), gl);
  }
  const auto a = m.addressing();
  EXPECT_EQ(a->nLocalCells, 18);
  ASSERT_EQ(a->coupleFace.size(), 6u);
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(a->coupleGhost[i], m.faceGhost(a->coupleFace[i]));
    EXPECT_EQ(a->coupleRow[i], m.poly().owner()[a->coupleFace[i]]);
  }

  // Ghost update: cyclic ghosts copy their source cells (scalars and vectors).
  std::vector<Scalar> ids(m.nLocalCells(), -1.0);
  for (Label c = 0; c < m.nCells(); ++c) ids[c] = 10.0 * c;
  m.updateGhosts(ids);
  std::vector<Vec3> u(m.nLocalCells());
  for (Label c = 0; c < m.nCells(); ++c) u[c] = {1.0 * c, 2.0 * c, 3.0 * c};
  m.updateGhosts(u);
  for (Label g = m.nCells(); g < m.nLocalCells(); ++g) {
    const auto source = static_cast<Scalar>(m.globalCellIds()[g]);
    EXPECT_EQ(ids[g], 10.0 * source);
    EXPECT_EQ(u[g], (Vec3{source, 2 * source, 3 * source}));
  }
}

TEST(FvMesh, CyclicOnDistortedMeshMatchesPeriodicNeighbour) {
  parallel::Communicator comm(MPI_COMM_SELF);
  const BoxSpec spec = BoxSpec(5, 4, 1, {1.0, 1.0, 0.1}).cyclicX().mapped(fieldtest::wavy);
  const mesh::PolyMesh global = fieldtest::box(spec);
  const mesh::MeshGeometry ref = mesh::MeshGeometry::compute(global);
  FvMesh m = makeSerialFvMesh(global, comm);
  const auto& left = m.patches()[0];
  for (int j = 0; j < 4; ++j) {
    const Label f = left.start + j;
    const Label g = m.faceGhost(f);
    // The periodic image of cell (4, j) shifted by one period (-1, 0, 0).
    expectNear(m.cellCentres()[g], ref.cellCentres[cellId(spec, 4, j, 0)] - Vec3{1.0, 0, 0});
    // Weight from the face-normal distances, as for an internal face.
    const Vec3 sf = ref.faceAreas[f];
    const Vec3 cf = ref.faceCentres[f];
    const Scalar dOwn = std::abs(dot(sf, cf - ref.cellCentres[cellId(spec, 0, j, 0)]));
    const Scalar dNei = std::abs(dot(sf, m.cellCentres()[g] - cf));
    EXPECT_NEAR(m.geometry().weights[f], dNei / (dOwn + dNei), kTol);
    EXPECT_GT(std::abs(m.geometry().weights[f] - 0.5), 1e-3);  // distorted: not trivially 0.5
  }
}

TEST(FvMesh, NonOrthCorrectionVectorsOnInternalAndCoupledFacesOnly) {
  parallel::Communicator comm(MPI_COMM_SELF);
  const BoxSpec spec = BoxSpec(5, 4, 1, {1.0, 1.0, 0.1}).cyclicX().mapped(fieldtest::wavy);
  FvMesh m = makeSerialFvMesh(fieldtest::box(spec), comm);
  const std::span<const Vec3> v = m.nonOrthCorrectionVectors();
  ASSERT_EQ(v.size(), static_cast<std::size_t>(m.nFaces()));
  EXPECT_EQ(m.nonOrthCorrectionVectors().data(), v.data());  // computed once, kept
  const auto& geo = m.geometry();
  Scalar largest = 0;
  for (Label f = 0; f < m.nFaces(); ++f) {
    const Label far = m.faceNeighbour(f);
    if (far < 0) {  // walls: no correction
      expectNear(v[f], Vec3{});
      continue;
    }
    // n - d / max(n . d, 0.05 |d|), d to the neighbour's or the cyclic ghost's centre.
    const Vec3 n = geo.faceAreas[f] / mag(geo.faceAreas[f]);
    const Vec3 d = m.cellCentres()[far] - m.cellCentres()[m.poly().owner()[f]];
    expectNear(v[f], n - d / std::max(dot(n, d), 0.05 * mag(d)));
    largest = std::max(largest, mag(v[f]));
  }
  EXPECT_GT(largest, 1e-2);  // the wavy mesh is non-orthogonal
}

TEST(FvMesh, CyclicAreaMismatchIsAnAgreedError) {
  parallel::Communicator comm(MPI_COMM_SELF);
  BoxSpec spec = BoxSpec(2, 3, 1, {1.0, 1.0, 0.1}).cyclicX();
  spec.map = [](const Vec3& p) { return Vec3{p.x, p.y * (1.0 + 0.5 * p.x), p.z}; };
  try {
    makeSerialFvMesh(fieldtest::box(spec), comm);
    FAIL() << "expected CollectiveError";
  } catch (const parallel::CollectiveError& e) {  // agreed on the mesh's communicator
    EXPECT_STREQ(e.what(),
                 "cyclic patch 'left' face 0: area 0.0333333 does not match the area 0.05 of face 0 of its "
                 "neighbour patch 'right'");
  }
}

TEST(FvMesh, RotationalCyclicIsNotSupported) {
  parallel::Communicator comm(MPI_COMM_SELF);
  BoxSpec spec = BoxSpec(2, 3, 1, {1.0, 1.0, 0.1}).cyclicX();
  spec.map = [](const Vec3& p) { return Vec3{p.x + 0.3 * p.x * p.y, p.y, p.z}; };
  try {
    makeSerialFvMesh(fieldtest::box(spec), comm);
    FAIL() << "expected CollectiveError";
  } catch (const parallel::CollectiveError& e) {  // agreed on the mesh's communicator
    const std::string msg = e.what();
    EXPECT_EQ(msg.rfind("cyclic patch 'left' face 0: normal (-1 ", 0), 0u) << msg;
    EXPECT_NE(msg.find("is not opposite to the normal (0.957826 -0.287348 0) of face 0 of 'right'; rotational "
                       "cyclic patches are not supported (translational only)"),
              std::string::npos)
        << msg;
  }
}

TEST(FvMesh, GhostUpdateChecksSizeAndNesting) {
  parallel::Communicator comm(MPI_COMM_SELF);
  FvMesh m = makeSerialFvMesh(fieldtest::box(BoxSpec(3, 2, 1).cyclicX()), comm);
  std::vector<double> tooShort(m.nLocalCells() - 1);
  EXPECT_THROW(m.updateGhosts(std::span<double>(tooShort), 1), Error);
  std::vector<double> v(m.nLocalCells());
  m.startGhostUpdate(std::span<double>(v), 1);
  EXPECT_THROW(m.startGhostUpdate(std::span<double>(v), 1), Error);
  m.finishGhostUpdate();
  EXPECT_THROW(m.finishGhostUpdate(), Error);
}

TEST(FvMesh, SerialMeshNeedsOneRankCommunicator) {
  // MPI_COMM_SELF has one rank; the serial test program's world too.
  parallel::Communicator world(MPI_COMM_WORLD);
  EXPECT_NO_THROW(makeSerialFvMesh(fieldtest::box(BoxSpec()), world));
}

}  // namespace
}  // namespace sluice::field
