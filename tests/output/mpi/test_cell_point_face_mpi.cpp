// cellPointFace interpolation and `face` sets at 1-4 ranks: the crossings of
// lines with a box mesh at their exact positions (faces, entered cells, the
// face past the end, edges, lines entering and leaving the mesh), a linear
// field reproduced exactly by cellPointFace inside cells and on face-set
// points, and results equal to a serial run on the undecomposed mesh (face
// sets identical, values to rounding) for slab and scattered splits.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "output/mpi/mpi_output_support.hpp"
#include "output/mpi/sampled_fields.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/output/face_set.hpp"
#include "sluice/output/point_sampler.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::output {
namespace {

using test::evaluate;
using test::evaluateVector;
using test::FieldData;
using test::FieldFunction;
using test::identityIds;
using test::linear;
using test::linearVector;
using test::VectorData;

/// The internal face of `m` between cells a and b, or the boundary face of
/// cell a whose centre satisfies `where` (b < 0).
GlobalLabel faceOf(const mesh::PolyMesh& m, Label a, Label b, const std::function<bool(const Vec3&)>& where = {}) {
  const mesh::MeshGeometry geo = mesh::MeshGeometry::compute(m);
  for (Label f = 0; f < m.nFaces(); ++f) {
    if (f < m.nInternalFaces()) {
      if (b >= 0 && std::min(m.owner()[f], m.neighbour()[f]) == std::min(a, b) &&
          std::max(m.owner()[f], m.neighbour()[f]) == std::max(a, b))
        return f;
    } else if (b < 0 && m.owner()[f] == a && where(geo.faceCentres[f])) {
      return f;
    }
  }
  return -2;
}

class FaceSetMpi : public ::testing::TestWithParam<test::Split> {};

TEST_P(FaceSetMpi, CrossingsOfLinesThroughABox) {
  // Unit box of 4 x 3 x 2 cells: faces at x = i/4, y = j/3, z = k/2; cell (i, j, k) = i + 4 (j + 3 k).
  const test::DistributedCase d = test::distributeCase(test::boxMesh(4, 3, 2), GetParam());
  parallel::Communicator comm(MPI_COMM_WORLD);
  const SamplingMesh sm(d.local);
  const mesh::PolyMesh& g = d.global;
  struct Expected {
    double t;
    GlobalLabel face, cell;
  };
  auto check = [&](const Vec3& start, const Vec3& end, const std::vector<Expected>& expected) {
    const std::vector<FaceSetSample> s = faceSetSamples(sm, start, end, comm);
    ASSERT_EQ(s.size(), expected.size()) << start << " -> " << end;
    for (std::size_t i = 0; i < s.size(); ++i) {
      const Vec3 p = start + expected[i].t * (end - start);
      EXPECT_NEAR(s[i].point.x, p.x, 1e-15) << i;
      EXPECT_NEAR(s[i].point.y, p.y, 1e-15) << i;
      EXPECT_NEAR(s[i].point.z, p.z, 1e-15) << i;
      EXPECT_NEAR(s[i].distance, mag(p - start), 1e-15) << i;
      EXPECT_EQ(s[i].face, expected[i].face) << i;
      EXPECT_EQ(s[i].cell, expected[i].cell) << i;
    }
  };
  // Inside to inside: the crossings x = 1/4 (t = 0.3), y = 1/3 (t = 7/12), x = 1/2 (t = 0.8), and the
  // first face past the end, x = 3/4 (t = 1.3); the cells entered are 1, 5, 6, 7.
  check({0.1, 0.1, 0.1}, {0.6, 0.5, 0.3},
        {{0.3, faceOf(g, 0, 1), 1},
         {7.0 / 12, faceOf(g, 1, 5), 5},
         {0.8, faceOf(g, 5, 6), 6},
         {1.3, faceOf(g, 6, 7), 7}});
  // Outside to outside along x: enters through xMin at t = 0.25, leaves through xMax at t = 0.75.
  const auto xMin = [](const Vec3& c) { return c.x < 1e-12; };
  const auto xMax = [](const Vec3& c) { return c.x > 1 - 1e-12; };
  check({-0.5, 0.5, 0.25}, {1.5, 0.5, 0.25},
        {{0.25, faceOf(g, 4, -1, xMin), 4},
         {0.375, faceOf(g, 4, 5), 5},
         {0.5, faceOf(g, 5, 6), 6},
         {0.625, faceOf(g, 6, 7), 7},
         {0.75, faceOf(g, 7, -1, xMax), 7}});
  // The same line backwards: the cells entered are the lower ones.
  check({1.5, 0.5, 0.25}, {-0.5, 0.5, 0.25},
        {{0.25, faceOf(g, 7, -1, xMax), 7},
         {0.375, faceOf(g, 6, 7), 6},
         {0.5, faceOf(g, 5, 6), 5},
         {0.625, faceOf(g, 4, 5), 4},
         {0.75, faceOf(g, 4, -1, xMin), 4}});
  // Along the plane x = 1/2 (faces between cells i = 1 and 2): the line runs within those faces and
  // crosses the y faces on their edges: one sample per edge, on the face of lower id (the i = 1 side);
  // the end is inside, so yMax (t = 1.1) is the face past the end.
  const auto yMin = [](const Vec3& c) { return c.y < 1e-12; };
  const auto yMax = [](const Vec3& c) { return c.y > 1 - 1e-12; };
  check({0.5, -0.1, 0.25}, {0.5, 0.9, 0.25},
        {{0.1, faceOf(g, 1, -1, yMin), 1},
         {0.1 + 1.0 / 3, faceOf(g, 1, 5), 5},
         {0.1 + 2.0 / 3, faceOf(g, 5, 9), 9},
         {1.1, faceOf(g, 9, -1, yMax), 9}});
  // Starting on a face: that face is the first sample. The end inside a cell whose exit face is more
  // than one line length on: no face past the end.
  check({0.25, 0.5, 0.75}, {0.3, 0.5, 0.75}, {{0.0, faceOf(g, 16, 17), 17}});
  // Outside the box: nothing.
  check({-1, -1, -1}, {-0.5, 2, 3}, {});
}

INSTANTIATE_TEST_SUITE_P(Splits, FaceSetMpi, ::testing::Values(test::Split::slabs, test::Split::scattered),
                         [](const auto& info) { return info.param == test::Split::slabs ? "slabs" : "scattered"; });

class CellPointFaceMpi : public ::testing::TestWithParam<test::Split> {};

TEST_P(CellPointFaceMpi, ReproducesALinearFieldInsideCells) {
  // Uniform 6^3 box; zMin/zMax are empty patches (their face value is the cell value) and
  // inverse-distance point values are exact except on z = 0, 1 and on box edges, so the points
  // keep 1/6 from the y and z sides. They reach the x sides (fixed values there).
  const test::DistributedCase d = test::distributeCase(test::boxMesh(6, 6, 6), GetParam());
  parallel::Communicator comm(MPI_COMM_WORLD);
  const SamplingMesh sm(d.local);
  std::vector<Vec3> pts;
  std::mt19937 rng(2024);
  std::uniform_real_distribution<double> ux(0.0, 1.0), uyz(1.0 / 6, 5.0 / 6);
  for (int i = 0; i < 400; ++i) pts.push_back({ux(rng), uyz(rng), uyz(rng)});
  // Points on faces, edges and mesh points, and cell centres.
  for (int i = 0; i <= 6; ++i)
    for (int j = 1; j <= 5; ++j) {
      pts.push_back({i / 6.0, j / 6.0, 0.5});
      pts.push_back({i / 6.0, j / 6.0 - 1.0 / 12, 0.5 - 1.0 / 12});
      pts.push_back({std::min(1.0, i / 6.0 + 1.0 / 12), j / 6.0 - 1.0 / 12, 0.5 - 1.0 / 12});
      pts.push_back({i / 6.0, j / 6.0, 1.0 / 6});
    }
  const FieldData f = evaluate(sm, linear);
  const VectorData v = evaluateVector(sm, linearVector);
  const SampledField fields[2] = {f.view(), v.view()};
  PointSampler sampler(sm, pts, InterpolationScheme::cellPointFace, comm);
  EXPECT_EQ(sampler.scheme(), InterpolationScheme::cellPointFace);
  const auto values = sampler.sample(fields);
  for (std::size_t i = 0; i < pts.size(); ++i) {
    ASSERT_TRUE(sampler.found(i)) << pts[i];
    EXPECT_NEAR(values[0][i], linear(pts[i]), 1e-13) << pts[i];
    const Vec3 e = linearVector(pts[i]);
    EXPECT_NEAR(values[1][3 * i], e.x, 1e-13) << pts[i];
    EXPECT_NEAR(values[1][3 * i + 1], e.y, 1e-13) << pts[i];
    EXPECT_NEAR(values[1][3 * i + 2], e.z, 1e-13) << pts[i];
  }
}

TEST_P(CellPointFaceMpi, ReproducesALinearFieldOnFaceSetPoints) {
  const test::DistributedCase d = test::distributeCase(test::boxMesh(6, 6, 6), GetParam());
  parallel::Communicator comm(MPI_COMM_WORLD);
  const SamplingMesh sm(d.local);
  const FieldData f = evaluate(sm, linear);
  const VectorData v = evaluateVector(sm, linearVector);
  const SampledField fields[2] = {f.view(), v.view()};
  // Through the box (boundary faces on x = 0 and 1), and from inside to inside (with the face past the end).
  for (const auto& [start, end] : {std::pair<Vec3, Vec3>{{-0.2, 0.31, 0.62}, {1.2, 0.71, 0.24}},
                                   std::pair<Vec3, Vec3>{{0.05, 0.2, 0.3}, {0.93, 0.8, 0.7}}}) {
    const std::vector<FaceSetSample> s = faceSetSamples(sm, start, end, comm);
    ASSERT_GE(s.size(), 10u);
    std::vector<Vec3> pts;
    std::vector<SampleFace> faces;
    for (const FaceSetSample& x : s) {
      pts.push_back(x.point);
      faces.push_back({x.face, x.cell});
      // On a face plane of the mesh.
      double planeDistance = 1;
      for (int k = 0; k < 3; ++k)
        planeDistance = std::min(planeDistance, std::abs(x.point[k] * 6 - std::round(x.point[k] * 6)));
      EXPECT_LT(planeDistance, 1e-13) << x.point;
    }
    for (InterpolationScheme scheme :
         {InterpolationScheme::cellPointFace, InterpolationScheme::cellPoint, InterpolationScheme::cell}) {
      PointSampler sampler(sm, pts, faces, scheme, comm);
      const auto values = sampler.sample(fields);
      for (std::size_t i = 0; i < pts.size(); ++i) {
        ASSERT_TRUE(sampler.found(i));
        EXPECT_EQ(sampler.cellId(i), s[i].cell);
        if (scheme == InterpolationScheme::cell) {
          EXPECT_NEAR(values[0][i], linear(test::cellCentres(d.global)[s[i].cell]), 1e-13);
          continue;
        }
        EXPECT_NEAR(values[0][i], linear(pts[i]), 1e-13) << schemeName(scheme) << " " << pts[i];
        const Vec3 e = linearVector(pts[i]);
        EXPECT_NEAR(values[1][3 * i], e.x, 1e-13) << pts[i];
        EXPECT_NEAR(values[1][3 * i + 1], e.y, 1e-13) << pts[i];
        EXPECT_NEAR(values[1][3 * i + 2], e.z, 1e-13) << pts[i];
      }
    }
  }
}

TEST_P(CellPointFaceMpi, SameResultsAsTheUndecomposedMesh) {
  // Distorted mesh, a non-linear field with and without boundary values; points along a line, at
  // internal face centres and at mesh points, and the face crossings of two lines (many on
  // processor faces with the scattered split).
  const test::DistributedCase d = test::distributeCase(test::boxMesh(6, 5, 4, test::wavyMap), GetParam());
  parallel::Communicator comm(MPI_COMM_WORLD);
  parallel::Communicator self(MPI_COMM_SELF);
  const SamplingMesh sm(d.local);
  const std::vector<GlobalLabel> ids = identityIds(d.global.nCells());
  const SamplingMesh serialMesh(d.global, ids);
  std::vector<Vec3> pts = test::line({-0.05, 0.1, 0.01}, {1.25, 0.9, 0.09}, 33);
  const mesh::MeshGeometry globalGeo = mesh::MeshGeometry::compute(d.global);
  for (Label f = 0; f < d.global.nInternalFaces(); f += 7) pts.push_back(globalGeo.faceCentres[f]);
  for (Label p = 0; p < d.global.nPoints(); p += 5) pts.push_back(d.global.points()[p]);

  const FieldFunction g = [](const Vec3& p) { return std::sin(3 * p.x) + p.y * p.y + 10 * p.x * p.z; };
  const FieldData local = evaluate(sm, g), global = evaluate(serialMesh, g);
  const SampledField pf[2] = {local.view(), {1, local.cells, {}}};
  const SampledField sf[2] = {global.view(), {1, global.cells, {}}};

  PointSampler parallelSampler(sm, pts, InterpolationScheme::cellPointFace, comm);
  PointSampler serialSampler(serialMesh, pts, InterpolationScheme::cellPointFace, self);
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
    EXPECT_NEAR(a[0][i], b[0][i], 1e-12) << pts[i];
    EXPECT_NEAR(a[1][i], b[1][i], 1e-12) << pts[i];
  }
  EXPECT_GT(found, 40);
  EXPECT_LT(found, static_cast<int>(pts.size()));

  for (const auto& [start, end] : {std::pair<Vec3, Vec3>{{-0.1, 0.05, 0.02}, {1.6, 1.1, 0.07}},
                                   std::pair<Vec3, Vec3>{{0.9, 0.15, 0.05}, {0.2, 0.9, 0.05}}}) {
    const std::vector<FaceSetSample> ps = faceSetSamples(sm, start, end, comm);
    const std::vector<FaceSetSample> ss = faceSetSamples(serialMesh, start, end, self);
    ASSERT_EQ(ps.size(), ss.size());
    ASSERT_GE(ps.size(), 8u);
    std::vector<Vec3> points;
    std::vector<SampleFace> faces;
    for (std::size_t i = 0; i < ps.size(); ++i) {
      EXPECT_EQ(ps[i].face, ss[i].face) << i;
      EXPECT_EQ(ps[i].cell, ss[i].cell) << i;
      EXPECT_NEAR(mag(ps[i].point - ss[i].point), 0.0, 1e-15) << i;
      EXPECT_NEAR(ps[i].distance, ss[i].distance, 1e-15) << i;
      points.push_back(ss[i].point);
      faces.push_back({ss[i].face, ss[i].cell});
    }
    for (InterpolationScheme scheme : {InterpolationScheme::cellPointFace, InterpolationScheme::cell}) {
      PointSampler onFacesParallel(sm, points, faces, scheme, comm);
      PointSampler onFacesSerial(serialMesh, points, faces, scheme, self);
      const auto x = onFacesParallel.sample(pf);
      const auto y = onFacesSerial.sample(sf);
      for (std::size_t i = 0; i < points.size(); ++i) {
        ASSERT_TRUE(onFacesParallel.found(i));
        EXPECT_NEAR(x[0][i], y[0][i], 1e-12) << schemeName(scheme) << " " << points[i];
        EXPECT_NEAR(x[1][i], y[1][i], 1e-12) << schemeName(scheme) << " " << points[i];
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Splits, CellPointFaceMpi, ::testing::Values(test::Split::slabs, test::Split::scattered),
                         [](const auto& info) { return info.param == test::Split::slabs ? "slabs" : "scattered"; });

}  // namespace
}  // namespace sluice::output
