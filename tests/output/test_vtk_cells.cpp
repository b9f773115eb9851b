// VTK cell connectivity: hexahedra recognised with VTK's vertex order (checked
// by the volume enclosed by VTK's outward hexahedron faces), other cells as
// polyhedra with outward face streams.
#include <gtest/gtest.h>

#include <set>

#include "mesh/hand_meshes.hpp"
#include "output/output_test_support.hpp"
#include "parallel/cell_measures.hpp"
#include "support/box_mesh.hpp"
#include "sluice/output/vtk_cells.hpp"

namespace sluice::output {
namespace {

Vec3 areaVector(const std::vector<Vec3>& pts) {
  Vec3 s;
  for (std::size_t i = 1; i + 1 < pts.size(); ++i) s += 0.5 * cross(pts[i] - pts[0], pts[i + 1] - pts[0]);
  return s;
}

/// Volume enclosed by polygons oriented outward (divergence theorem).
Scalar closedVolume(const std::vector<std::vector<Vec3>>& faces) {
  Scalar v = 0;
  for (const auto& pts : faces) {
    Vec3 c;
    for (const Vec3& p : pts) c += p;
    c /= static_cast<Scalar>(pts.size());
    v += dot(c, areaVector(pts)) / 3.0;
  }
  return v;
}

/// Volume of a VTK hexahedron from its outward faces (vtkHexahedron numbering).
Scalar vtkHexVolume(const std::vector<Vec3>& points, std::span<const std::int64_t> ids) {
  static constexpr int faces[6][4] = {{0, 4, 7, 3}, {1, 2, 6, 5}, {0, 1, 5, 4}, {3, 7, 6, 2}, {0, 3, 2, 1}, {4, 5, 6, 7}};
  std::vector<std::vector<Vec3>> polys;
  for (const auto& f : faces) polys.push_back({points[ids[f[0]]], points[ids[f[1]]], points[ids[f[2]]], points[ids[f[3]]]});
  return closedVolume(polys);
}

TEST(VtkCells, BoxCellsAreHexahedraWithPositiveVolume) {
  const mesh::PolyMesh m = test::boxMesh(3, 2, 2);
  const VtkCells cells = vtkCells(m);
  ASSERT_EQ(cells.types.size(), 12u);
  EXPECT_FALSE(cells.hasPolyhedra());
  EXPECT_TRUE(cells.faceOffsets.empty());
  const mesh::FaceList cellFaces = m.cellFaces();
  for (Label c = 0; c < 12; ++c) {
    EXPECT_EQ(cells.types[c], vtkHexahedron);
    EXPECT_EQ(cells.offsets[c], 8 * (c + 1));
    const std::span<const std::int64_t> ids(cells.connectivity.data() + 8 * c, 8);
    EXPECT_NEAR(vtkHexVolume(m.points(), ids), 1.0 / 12.0, 1e-15) << "cell " << c;
    // The 8 vertices are the cell's corners.
    std::set<Label> corners;
    for (Label f : cellFaces[c])
      for (Label v : m.faces()[f]) corners.insert(v);
    EXPECT_EQ(std::set<Label>(ids.begin(), ids.end()), corners);
  }
}

TEST(VtkCells, DistortedHexahedraKeepOrientation) {
  const mesh::PolyMesh m = test::boxMesh(4, 3, 2, test::wavyMap);
  const VtkCells cells = vtkCells(m);
  const std::vector<Scalar> volumes = test::cellVolumes(m);
  for (Label c = 0; c < m.nCells(); ++c) {
    ASSERT_EQ(cells.types[c], vtkHexahedron);
    const std::span<const std::int64_t> ids(cells.connectivity.data() + 8 * c, 8);
    EXPECT_NEAR(vtkHexVolume(m.points(), ids), volumes[c], 1e-12) << "cell " << c;
  }
}

TEST(VtkCells, HexahedronVerticesOfAUnitCube) {
  // Cell 0 of a 1x1x1 box: the bottom face is the cell's first face (xMin,
  // stored with the normal out of the cell), so vertices 0-3 are that face
  // reversed (normal into the cell), and 4-7 lie across the cell.
  const mesh::PolyMesh m = test::boxMesh(1, 1, 1);
  const mesh::FaceList cellFaces = m.cellFaces();
  const auto hex = hexahedronVertices(m, cellFaces[0], 0);
  ASSERT_TRUE(hex.has_value());
  const auto& p = m.points();
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(p[(*hex)[i]].x, 0.0);
    EXPECT_EQ(p[(*hex)[4 + i]].x, 1.0);
    EXPECT_EQ(p[(*hex)[4 + i]].y, p[(*hex)[i]].y);
    EXPECT_EQ(p[(*hex)[4 + i]].z, p[(*hex)[i]].z);
  }
  // Right-hand normal of 0-1-2-3 points to +x (into the cell).
  EXPECT_GT(dot(cross(p[(*hex)[1]] - p[(*hex)[0]], p[(*hex)[3]] - p[(*hex)[0]]), Vec3{1, 0, 0}), 0);
}

TEST(VtkCells, PrismAndTetrahedronArePolyhedra) {
  const mesh::PolyMesh prism = mesh::handmade::prism();
  const VtkCells cells = vtkCells(prism);
  ASSERT_EQ(cells.types, std::vector<std::uint8_t>{vtkPolyhedron});
  EXPECT_EQ(cells.offsets, std::vector<std::int64_t>{6});
  // 5 faces: 2 triangles and 3 quadrilaterals, all owned by the cell (stored outward).
  const std::vector<std::int64_t> expected{5, 3, 0, 2, 1, 3, 3, 4, 5, 4, 0, 1, 4, 3, 4, 0, 3, 5, 2, 4, 1, 2, 5, 4};
  EXPECT_EQ(cells.faces, expected);
  EXPECT_EQ(cells.faceOffsets, std::vector<std::int64_t>{24});
  EXPECT_FALSE(hexahedronVertices(prism, prism.cellFaces()[0], 0).has_value());

  const VtkCells tet = vtkCells(mesh::handmade::tetrahedron());
  EXPECT_EQ(tet.types, std::vector<std::uint8_t>{vtkPolyhedron});
  EXPECT_EQ(tet.faces.front(), 4);
}

TEST(VtkCells, PrismMeshFacesPointOutOfEachCell) {
  const mesh::PolyMesh m = test::prismBox(3, 2, 2, 1.5, 1.0, 0.5);
  const VtkCells cells = vtkCells(m);
  ASSERT_EQ(cells.types.size(), 24u);
  std::int64_t start = 0;
  for (Label c = 0; c < m.nCells(); ++c) {
    ASSERT_EQ(cells.types[c], vtkPolyhedron);
    std::vector<std::vector<Vec3>> polys;
    std::int64_t k = start + 1;
    for (std::int64_t f = 0; f < cells.faces[start]; ++f) {
      std::vector<Vec3> pts;
      for (std::int64_t i = 0; i < cells.faces[k]; ++i) pts.push_back(m.points()[cells.faces[k + 1 + i]]);
      k += 1 + cells.faces[k];
      polys.push_back(pts);
    }
    EXPECT_EQ(k, cells.faceOffsets[c]);
    EXPECT_NEAR(closedVolume(polys), 1.5 * 1.0 * 0.5 / 24, 1e-15) << "cell " << c;
    start = cells.faceOffsets[c];
  }
}

TEST(VtkCells, TriangleFacedCellsAreNotHexahedra) {
  // Tetrahedron faces are triangles: rejected before any vertex analysis.
  const mesh::PolyMesh tet = mesh::handmade::tetrahedron();
  EXPECT_FALSE(hexahedronVertices(tet, tet.cellFaces()[0], 0).has_value());
  EXPECT_EQ(vtkPolygonType(3), vtkTriangle);
  EXPECT_EQ(vtkPolygonType(4), vtkQuad);
  EXPECT_EQ(vtkPolygonType(5), vtkPolygon);
}

}  // namespace
}  // namespace sluice::output
