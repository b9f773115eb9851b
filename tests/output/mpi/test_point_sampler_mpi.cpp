// PointSampler at 1-4 ranks: a linear field is reproduced exactly by
// cellPoint on a uniform box, `cell` stays within half a cell's variation and
// returns the containing cell's value, probes at cell centres give the cell
// values, and results equal a serial run on the undecomposed mesh (cell:
// bit for bit; cellPoint: to rounding) for slab and scattered splits.
#include <gtest/gtest.h>

#include <cmath>

#include "output/mpi/mpi_output_support.hpp"
#include "output/mpi/sampled_fields.hpp"
#include "sluice/core/error.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/output/point_sampler.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::output {
namespace {

using test::evaluate;
using test::FieldData;
using test::FieldFunction;
using test::linear;
using test::line;
using test::commRank;

class PointSamplerMpi : public ::testing::TestWithParam<test::Split> {};

TEST_P(PointSamplerMpi, CellPointReproducesALinearFieldExactly) {
  // Uniform 3D box (zMin/zMax are empty patches): the line stays away from
  // box edges and from z = 0 and z = 1, where OpenFOAM's inverse-distance
  // point values are not exact; it crosses cells next to xMin and xMax.
  const test::DistributedCase d = test::distributeCase(test::boxMesh(6, 6, 6), GetParam());
  parallel::Communicator comm(MPI_COMM_WORLD);
  const SamplingMesh sm(d.local);
  const std::vector<Vec3> pts = line({0.0, 0.43, 0.47}, {1.0, 0.61, 0.52}, 37);
  PointSampler sampler(sm, pts, InterpolationScheme::cellPoint, comm);
  const FieldData f = evaluate(sm, linear);
  const SampledField field = f.view();
  const auto values = sampler.sample(std::span(&field, 1));
  for (std::size_t i = 0; i < pts.size(); ++i) {
    ASSERT_TRUE(sampler.found(i)) << pts[i];
    EXPECT_NEAR(values[0][i], linear(pts[i]), 1e-13) << pts[i];
  }
}

TEST_P(PointSamplerMpi, CellSchemeGivesTheContainingCellValue) {
  const test::DistributedCase d = test::distributeCase(test::boxMesh(6, 6, 6), GetParam());
  parallel::Communicator comm(MPI_COMM_WORLD);
  const SamplingMesh sm(d.local);
  const std::vector<Vec3> pts = line({0.01, 0.02, 0.03}, {0.99, 0.97, 0.95}, 41);
  PointSampler sampler(sm, pts, InterpolationScheme::cell, comm);
  const FieldData f = evaluate(sm, linear);
  const SampledField field = f.view();
  const auto values = sampler.sample(std::span(&field, 1));
  const std::vector<Vec3> centres = test::cellCentres(d.global);
  const double h = 1.0 / 6, halfCellVariation = 0.5 * h * (2.0 + 3.0 + 0.5);
  for (std::size_t i = 0; i < pts.size(); ++i) {
    ASSERT_TRUE(sampler.found(i));
    const GlobalLabel cell = sampler.cellId(i);
    EXPECT_NEAR(values[0][i], linear(centres[cell]), 1e-14);
    EXPECT_LE(std::abs(values[0][i] - linear(pts[i])), halfCellVariation + 1e-14) << pts[i];
    // The cell really contains the point (cell (a,b,c) spans [a h, (a+1) h] etc.).
    const GlobalLabel a = cell % 6, b = (cell / 6) % 6, c = cell / 36;
    EXPECT_LE(a * h - 1e-12, pts[i].x);
    EXPECT_GE((a + 1) * h + 1e-12, pts[i].x);
    EXPECT_LE(b * h - 1e-12, pts[i].y);
    EXPECT_GE((b + 1) * h + 1e-12, pts[i].y);
    EXPECT_LE(c * h - 1e-12, pts[i].z);
    EXPECT_GE((c + 1) * h + 1e-12, pts[i].z);
  }
}

TEST_P(PointSamplerMpi, ProbesAtCellCentresGiveCellValues) {
  const test::DistributedCase d = test::distributeCase(test::boxMesh(5, 4, 3, test::wavyMap), GetParam());
  parallel::Communicator comm(MPI_COMM_WORLD);
  const SamplingMesh sm(d.local);
  const mesh::MeshGeometry globalGeo = mesh::MeshGeometry::compute(d.global);
  std::vector<Vec3> pts;
  std::vector<GlobalLabel> cells{0, 7, 18, 33, 59};
  for (GlobalLabel c : cells) pts.push_back(globalGeo.cellCentres[c]);
  // Cell values of their global id; vector values (id, 2 id, -id).
  std::vector<double> s, v;
  for (Label c = 0; c < sm.mesh().nCells(); ++c) {
    const double id = static_cast<double>(d.local.globalCellIds[c]);
    s.push_back(std::sqrt(id));
    v.insert(v.end(), {id, 2 * id, -id});
  }
  const SampledField fields[2] = {{1, s, {}}, {3, v, {}}};
  for (InterpolationScheme scheme : {InterpolationScheme::cell, InterpolationScheme::cellPoint}) {
    PointSampler sampler(sm, pts, scheme, comm);
    const auto values = sampler.sample(fields);
    for (std::size_t i = 0; i < cells.size(); ++i) {
      EXPECT_EQ(sampler.cellId(i), cells[i]);
      const double id = static_cast<double>(cells[i]);
      const double tol = scheme == InterpolationScheme::cell ? 0.0 : 1e-12 * (1 + id);
      EXPECT_NEAR(values[0][i], std::sqrt(id), tol) << schemeName(scheme);
      EXPECT_NEAR(values[1][3 * i], id, tol);
      EXPECT_NEAR(values[1][3 * i + 1], 2 * id, tol);
      EXPECT_NEAR(values[1][3 * i + 2], -id, tol);
    }
  }
}

TEST_P(PointSamplerMpi, SameResultsAsTheUndecomposedMesh) {
  // Distorted mesh, non-linear fields; points along a line that leaves the
  // mesh, at internal face centres (shared by two cells) and at mesh points
  // (shared by up to 8 cells, often on several ranks).
  const test::DistributedCase d = test::distributeCase(test::boxMesh(6, 5, 4, test::wavyMap), GetParam());
  parallel::Communicator comm(MPI_COMM_WORLD);
  parallel::Communicator self(MPI_COMM_SELF);
  const SamplingMesh sm(d.local);
  const std::vector<GlobalLabel> ids = test::identityIds(d.global.nCells());
  const SamplingMesh serialMesh(d.global, ids);
  std::vector<Vec3> pts = line({-0.05, 0.1, 0.01}, {1.25, 0.9, 0.09}, 33);
  // Points exactly on faces: centres of internal faces of the global mesh.
  const mesh::MeshGeometry globalGeo = mesh::MeshGeometry::compute(d.global);
  for (Label f = 0; f < d.global.nInternalFaces(); f += 17) pts.push_back(globalGeo.faceCentres[f]);
  // And mesh points (corners shared by up to 8 cells).
  for (Label p = 0; p < d.global.nPoints(); p += 13) pts.push_back(d.global.points()[p]);

  const FieldFunction g = [](const Vec3& p) { return std::sin(3 * p.x) + p.y * p.y + p.x * p.z; };
  const FieldData local = evaluate(sm, g), global = evaluate(serialMesh, g);
  // Cell values depending only on the global id (bitwise the same at any split) for the cell scheme.
  std::vector<double> byIdLocal, byIdGlobal;
  for (Label c = 0; c < sm.mesh().nCells(); ++c) byIdLocal.push_back(std::cos(double(d.local.globalCellIds[c])));
  for (Label c = 0; c < d.global.nCells(); ++c) byIdGlobal.push_back(std::cos(double(c)));

  for (InterpolationScheme scheme : {InterpolationScheme::cell, InterpolationScheme::cellPoint}) {
    PointSampler parallelSampler(sm, pts, scheme, comm);
    PointSampler serialSampler(serialMesh, pts, scheme, self);
    const SampledField pf[2] = {local.view(), {1, byIdLocal, {}}};
    const SampledField sf[2] = {global.view(), {1, byIdGlobal, {}}};
    const auto a = parallelSampler.sample(pf);
    const auto b = serialSampler.sample(sf);
    int found = 0;
    for (std::size_t i = 0; i < pts.size(); ++i) {
      ASSERT_EQ(parallelSampler.cellId(i), serialSampler.cellId(i)) << pts[i];
      if (!parallelSampler.found(i)) {
        EXPECT_TRUE(std::isnan(a[0][i]));
        continue;
      }
      ++found;
      if (scheme == InterpolationScheme::cell) {
        EXPECT_EQ(a[1][i], b[1][i]) << pts[i];
        EXPECT_NEAR(a[0][i], b[0][i], 1e-14) << pts[i];
      } else {
        EXPECT_NEAR(a[0][i], b[0][i], 1e-12) << pts[i];
        EXPECT_NEAR(a[1][i], b[1][i], 1e-12) << pts[i];
      }
    }
    EXPECT_GT(found, 40);
    EXPECT_LT(found, static_cast<int>(pts.size()));
  }
}

TEST_P(PointSamplerMpi, NoSamplingMeshOnceTheSamplingIdsAreReleased) {
  // A run that samples nothing frees the point ids (FvMesh::releaseSamplingIds):
  // an empty list then means unknown, not "every point its own".
  test::DistributedCase d = test::distributeCase(test::boxMesh(6, 6, 6), GetParam());
  d.local.samplingIdsReleased = true;
  EXPECT_THROW(SamplingMesh sm(d.local), Error);
}

INSTANTIATE_TEST_SUITE_P(Splits, PointSamplerMpi, ::testing::Values(test::Split::slabs, test::Split::scattered),
                         [](const auto& info) { return info.param == test::Split::slabs ? "slabs" : "scattered"; });

}  // namespace
}  // namespace sluice::output
