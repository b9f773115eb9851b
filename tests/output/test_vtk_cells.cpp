// VTK cell connectivity: hexahedra, wedges, pyramids and tetrahedra
// recognised with VTK's vertex order (checked by the volume enclosed by the
// faces of VTK's cell numbering, which are outward, and by the conventions
// stated for each cell: base normals, the tetrahedron's signed volume, the
// wedge's tetrahedra), other cells as polyhedra with outward face streams.
#include <gtest/gtest.h>

#include <cmath>
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

/// Volume enclosed by the faces of VTK's numbering of a linear cell (vtkTetra,
/// vtkPyramid, vtkWedge face tables, all outward): positive in VTK order.
Scalar vtkCellVolume(std::uint8_t type, const std::vector<Vec3>& points, std::span<const std::int64_t> ids) {
  static const std::vector<std::vector<int>> tetFaces{{0, 1, 3}, {1, 2, 3}, {2, 0, 3}, {0, 2, 1}};
  static const std::vector<std::vector<int>> pyramidFaces{{0, 3, 2, 1}, {0, 1, 4}, {1, 2, 4}, {2, 3, 4}, {3, 0, 4}};
  static const std::vector<std::vector<int>> wedgeFaces{{0, 1, 2}, {3, 5, 4}, {0, 3, 4, 1}, {1, 4, 5, 2}, {2, 5, 3, 0}};
  const auto& faces = type == vtkTetra ? tetFaces : type == vtkPyramid ? pyramidFaces : wedgeFaces;
  std::vector<std::vector<Vec3>> polys;
  for (const auto& f : faces) {
    std::vector<Vec3> pts;
    for (int k : f) pts.push_back(points[ids[k]]);
    polys.push_back(pts);
  }
  return closedVolume(polys);
}

/// Signed volume of the tetrahedron a b c d: positive when the right-hand normal of a-b-c points towards d.
Scalar signedTetVolume(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
  return dot(cross(b - a, c - a), d - a) / 6.0;
}

/// The connectivity of cell c (offsets are end offsets).
std::span<const std::int64_t> cellIds(const VtkCells& cells, Label c) {
  const std::int64_t begin = c == 0 ? 0 : cells.offsets[c - 1];
  return {cells.connectivity.data() + begin, static_cast<std::size_t>(cells.offsets[c] - begin)};
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

TEST(VtkCells, TetrahedronIsVtkTetraWithBaseNormalTowardsVertex3) {
  // One tetrahedron: VTK_TETRA, 0-1-2 a face whose right-hand normal points
  // to vertex 3, so the signed volume from vertices 0-3 is the cell's.
  const mesh::PolyMesh tet = mesh::handmade::tetrahedron();
  const VtkCells cells = vtkCells(tet);
  ASSERT_EQ(cells.types, std::vector<std::uint8_t>{vtkTetra});
  EXPECT_FALSE(cells.hasPolyhedra());
  const auto ids = cellIds(cells, 0);
  ASSERT_EQ(ids.size(), 4u);
  const auto& p = tet.points();
  EXPECT_NEAR(signedTetVolume(p[ids[0]], p[ids[1]], p[ids[2]], p[ids[3]]), 1.0 / 6.0, 1e-15);
  EXPECT_NEAR(vtkCellVolume(vtkTetra, p, ids), 1.0 / 6.0, 1e-15);
  EXPECT_EQ(std::set<std::int64_t>(ids.begin(), ids.end()), (std::set<std::int64_t>{0, 1, 2, 3}));
  EXPECT_FALSE(hexahedronVertices(tet, tet.cellFaces()[0], 0).has_value());
}

TEST(VtkCells, TetrahedraOfACubeAllHavePositiveVolume) {
  // 12 tetrahedra around the centre, each with faces owned by it and faces of
  // its neighbours (stored the other way round).
  const mesh::PolyMesh m = test::splitCube({false, false, false, false, false, false});
  const VtkCells cells = vtkCells(m);
  ASSERT_EQ(cells.types, std::vector<std::uint8_t>(12, vtkTetra));
  Scalar total = 0;
  for (Label c = 0; c < 12; ++c) {
    const auto ids = cellIds(cells, c);
    const auto& p = m.points();
    const Scalar v = signedTetVolume(p[ids[0]], p[ids[1]], p[ids[2]], p[ids[3]]);
    EXPECT_NEAR(v, 1.0 / 12.0, 1e-15) << "cell " << c;
    EXPECT_NEAR(vtkCellVolume(vtkTetra, p, ids), 1.0 / 12.0, 1e-15) << "cell " << c;
    total += v;
  }
  EXPECT_NEAR(total, 1.0, 1e-14);
}

TEST(VtkCells, PyramidsHaveTheirBaseNormalTowardsTheApex) {
  // 3 pyramids and 6 tetrahedra filling the unit cube: pyramid 0-3 is the
  // quadrilateral (its right-hand normal into the cell), 4 the apex (the centre).
  const mesh::PolyMesh m = test::splitCube({true, false, true, false, true, false});
  const VtkCells cells = vtkCells(m);
  ASSERT_EQ(cells.types.size(), 9u);
  EXPECT_FALSE(cells.hasPolyhedra());
  int pyramids = 0;
  const auto& p = m.points();
  for (Label c = 0; c < m.nCells(); ++c) {
    const auto ids = cellIds(cells, c);
    if (cells.types[c] == vtkTetra) {
      EXPECT_NEAR(vtkCellVolume(vtkTetra, p, ids), 1.0 / 12.0, 1e-15) << "cell " << c;
      continue;
    }
    ASSERT_EQ(cells.types[c], vtkPyramid) << "cell " << c;
    ++pyramids;
    ASSERT_EQ(ids.size(), 5u);
    EXPECT_EQ(ids[4], 8) << "the apex is the cube's centre";
    const Vec3 baseCentre = 0.25 * (p[ids[0]] + p[ids[1]] + p[ids[2]] + p[ids[3]]);
    EXPECT_GT(dot(cross(p[ids[1]] - p[ids[0]], p[ids[3]] - p[ids[0]]), p[ids[4]] - baseCentre), 0);
    EXPECT_NEAR(vtkCellVolume(vtkPyramid, p, ids), 1.0 / 6.0, 1e-15) << "cell " << c;
  }
  EXPECT_EQ(pyramids, 3);
}

TEST(VtkCells, PrismIsAWedgeWithTriangle012FacingAwayFromTriangle345) {
  // VTK's wedge: 0-1-2 one triangle with its right-hand normal pointing away
  // from 3-4-5 (vtkWedge), 3+i joined to i. VTK splits it into the
  // tetrahedra (0,2,1,3), (1,3,5,4), (1,2,5,3) (vtkWedge::Triangulate), which
  // are positive in this order.
  const mesh::PolyMesh prism = mesh::handmade::prism();
  const VtkCells cells = vtkCells(prism);
  ASSERT_EQ(cells.types, std::vector<std::uint8_t>{vtkWedge});
  EXPECT_EQ(cells.offsets, std::vector<std::int64_t>{6});
  EXPECT_FALSE(cells.hasPolyhedra());
  const auto ids = cellIds(cells, 0);
  const auto& p = prism.points();
  const Vec3 bottom = (p[ids[0]] + p[ids[1]] + p[ids[2]]) / 3.0;
  const Vec3 top = (p[ids[3]] + p[ids[4]] + p[ids[5]]) / 3.0;
  EXPECT_LT(dot(cross(p[ids[1]] - p[ids[0]], p[ids[2]] - p[ids[0]]), top - bottom), 0);
  for (int i = 0; i < 3; ++i) {  // 3+i above i
    EXPECT_EQ(p[ids[3 + i]].x, p[ids[i]].x);
    EXPECT_EQ(p[ids[3 + i]].y, p[ids[i]].y);
    EXPECT_EQ(std::abs(p[ids[3 + i]].z - p[ids[i]].z), 1.0);
  }
  EXPECT_NEAR(vtkCellVolume(vtkWedge, p, ids), 0.5, 1e-15);
  const int tets[3][4] = {{0, 2, 1, 3}, {1, 3, 5, 4}, {1, 2, 5, 3}};
  Scalar sum = 0;
  for (const auto& t : tets) {
    const Scalar v = signedTetVolume(p[ids[t[0]]], p[ids[t[1]]], p[ids[t[2]]], p[ids[t[3]]]);
    EXPECT_GT(v, 0);
    sum += v;
  }
  EXPECT_NEAR(sum, 0.5, 1e-15);
  EXPECT_FALSE(hexahedronVertices(prism, prism.cellFaces()[0], 0).has_value());
}

TEST(VtkCells, PrismMeshCellsAreWedgesWithPositiveVolume) {
  const mesh::PolyMesh m = test::prismBox(3, 2, 2, 1.5, 1.0, 0.5);
  const VtkCells cells = vtkCells(m);
  ASSERT_EQ(cells.types, std::vector<std::uint8_t>(24, vtkWedge));
  EXPECT_FALSE(cells.hasPolyhedra());
  for (Label c = 0; c < m.nCells(); ++c)
    EXPECT_NEAR(vtkCellVolume(vtkWedge, m.points(), cellIds(cells, c)), 1.5 * 1.0 * 0.5 / 24, 1e-15) << "cell " << c;
}

TEST(VtkCells, CellsWithSplitFacesArePolyhedraWithOutwardFaces) {
  // Columns 0 and 2 have cells with split sides (8 and 7 faces, hexagons or
  // pentagons in z): polyhedra; column 1 and 3 cells are hexahedra.
  const mesh::PolyMesh m = test::refinedColumnsBox(4, 2, 2.0, 1.0, 0.5);
  const VtkCells cells = vtkCells(m);
  const std::vector<Scalar> volumes = test::cellVolumes(m);
  ASSERT_EQ(cells.types.size(), 4u + 8u);
  EXPECT_TRUE(cells.hasPolyhedra());
  int polyhedra = 0;
  std::int64_t start = 0;
  for (Label c = 0; c < m.nCells(); ++c) {
    if (cells.types[c] == vtkHexahedron) {
      EXPECT_EQ(cells.faceOffsets[c], -1);
      EXPECT_NEAR(vtkHexVolume(m.points(), cellIds(cells, c)), volumes[c], 1e-15);
      continue;
    }
    ASSERT_EQ(cells.types[c], vtkPolyhedron);
    ++polyhedra;
    std::vector<std::vector<Vec3>> polys;
    std::int64_t k = start + 1;
    for (std::int64_t f = 0; f < cells.faces[start]; ++f) {
      std::vector<Vec3> pts;
      for (std::int64_t i = 0; i < cells.faces[k]; ++i) pts.push_back(m.points()[cells.faces[k + 1 + i]]);
      k += 1 + cells.faces[k];
      polys.push_back(pts);
    }
    EXPECT_EQ(k, cells.faceOffsets[c]);
    EXPECT_NEAR(closedVolume(polys), volumes[c], 1e-15) << "cell " << c;
    EXPECT_NEAR(volumes[c], 0.5 * 0.5 * 0.5, 1e-15);
    start = cells.faceOffsets[c];
  }
  EXPECT_EQ(polyhedra, 4);
}

TEST(VtkCells, CellsWithAShapesFaceCountsButOtherFacesAreNotThatShape) {
  // Five faces as a prism has (two triangles, three quadrilaterals) on six
  // points; each variant breaks one condition of the shape test and must be
  // rejected (a polyhedron), while the prism itself passes.
  std::vector<Vec3> points{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {1, 1, 1}};
  auto cell = [&](std::vector<std::vector<Label>> faceList) {
    mesh::FaceList faces;
    for (const auto& f : faceList) faces.add(f);
    const auto n = static_cast<Label>(faceList.size());
    return mesh::PolyMesh(points, std::move(faces), std::vector<Label>(static_cast<std::size_t>(n), 0), {},
                          {mesh::handmade::makePatch("walls", "wall", 0, n)}, "cell");
  };
  auto isNative = [](const mesh::PolyMesh& m) { return nativeCell(m, m.cellFaces()[0], 0).has_value(); };
  EXPECT_TRUE(isNative(cell({{0, 2, 1}, {3, 4, 5}, {0, 1, 4, 3}, {0, 3, 5, 2}, {1, 2, 5, 4}})));
  // A vertex listed twice in a face.
  EXPECT_FALSE(isNative(cell({{0, 2, 1}, {3, 4, 5}, {0, 1, 4, 4}, {0, 3, 5, 2}, {1, 2, 5, 4}})));
  // A seventh vertex in place of one.
  EXPECT_FALSE(isNative(cell({{0, 2, 1}, {3, 4, 5}, {0, 1, 6, 3}, {0, 3, 5, 2}, {1, 2, 5, 4}})));
  // The same six vertices, but a side face joining the triangles crosswise.
  EXPECT_FALSE(isNative(cell({{0, 2, 1}, {3, 4, 5}, {0, 1, 3, 4}, {0, 3, 5, 2}, {1, 2, 5, 4}})));
  // Two edges leave the base triangle from one of its vertices.
  EXPECT_FALSE(isNative(cell({{0, 2, 1}, {3, 4, 5}, {0, 1, 4, 3}, {0, 4, 5, 2}, {1, 2, 5, 3}})));
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
