#include "sluice/output/vtk_cells.hpp"

#include <algorithm>

namespace sluice::output {

std::uint8_t vtkPolygonType(std::size_t nVertices) {
  if (nVertices == 3) return vtkTriangle;
  if (nVertices == 4) return vtkQuad;
  return vtkPolygon;
}

namespace {

/// Vertices of face `f` ordered so that its right-hand normal points into
/// `cell` (`inward`) or out of it. A face's stored normal points out of its
/// owner; the reversal keeps vertex 0.
std::vector<Label> orientedFace(const mesh::PolyMesh& mesh, Label f, Label cell, bool inward) {
  const auto face = mesh.faces()[f];
  std::vector<Label> out(face.begin(), face.end());
  if ((mesh.owner()[f] == cell) == inward) std::reverse(out.begin() + 1, out.end());
  return out;
}

std::vector<Label> sorted(std::vector<Label> q) {
  std::sort(q.begin(), q.end());
  return q;
}

/// The shapes VTK has a linear cell for, by their faces.
struct Shape {
  std::uint8_t type;
  int nTriangles, nQuads, nVertices;
  int baseSize;       ///< the face that becomes vertices 0..baseSize-1
  bool baseOutward;   ///< orientation of that face in VTK's numbering
  bool apex;          ///< the other vertices: one apex (tet, pyramid) or an opposite face
};

// VTK numbering (vtkCellType.h, vtkTetra/vtkPyramid/vtkHexahedron/vtkWedge):
// tetra, pyramid and hexahedron list a base whose right-hand normal points
// into the cell, then the apex or the opposite face (vertex base+i joined to
// vertex i). The wedge is the exception: its triangle 0-1-2 has its normal
// pointing away from triangle 3-4-5 (vtkWedge's documentation; its face
// table {0,1,2},{3,5,4},{0,3,4,1},... is outward and its Triangulate gives
// positive tetrahedra only in that order).
constexpr std::array<Shape, 4> kShapes{{
    {vtkTetra, 4, 0, 4, 3, false, true},
    {vtkPyramid, 4, 1, 5, 4, false, true},
    {vtkWedge, 2, 3, 6, 3, true, false},
    {vtkHexahedron, 0, 6, 8, 4, false, false},
}};

}  // namespace

std::optional<NativeCell> nativeCell(const mesh::PolyMesh& mesh, std::span<const Label> cellFaces, Label cell) {
  int nTriangles = 0, nQuads = 0;
  for (Label f : cellFaces) {
    const std::size_t n = mesh.faces()[f].size();
    if (n == 3) ++nTriangles;
    else if (n == 4) ++nQuads;
    else return std::nullopt;
  }
  const auto shape = std::find_if(kShapes.begin(), kShapes.end(),
                                  [&](const Shape& s) { return s.nTriangles == nTriangles && s.nQuads == nQuads; });
  if (shape == kShapes.end()) return std::nullopt;

  // The cell's distinct vertices and its edges (vertex pairs, each listed by two faces).
  std::vector<Label> vertices;
  std::vector<std::pair<Label, Label>> edges;
  Label baseFace = -1;
  for (Label f : cellFaces) {
    const auto face = mesh.faces()[f];
    if (baseFace < 0 && static_cast<int>(face.size()) == shape->baseSize) baseFace = f;
    for (std::size_t i = 0; i < face.size(); ++i) {
      const Label v = face[i];
      if (std::find(vertices.begin(), vertices.end(), v) == vertices.end()) vertices.push_back(v);
      const Label w = face[(i + 1) % face.size()];
      edges.emplace_back(std::min(v, w), std::max(v, w));
    }
  }
  if (static_cast<int>(vertices.size()) != shape->nVertices) return std::nullopt;

  const std::vector<Label> base = orientedFace(mesh, baseFace, cell, !shape->baseOutward);
  auto inBase = [&](Label v) { return std::find(base.begin(), base.end(), v) != base.end(); };
  // From each base vertex, the one edge that leaves the base.
  std::vector<Label> up;
  for (Label b : base) {
    Label other = -1;
    for (const auto& [x, y] : edges) {
      const Label o = x == b ? y : (y == b ? x : -1);
      if (o < 0 || inBase(o) || o == other) continue;
      if (other >= 0) return std::nullopt;  // two different edges leave the base
      other = o;
    }
    if (other < 0) return std::nullopt;
    up.push_back(other);
  }

  NativeCell out;
  out.type = shape->type;
  out.nVertices = shape->nVertices;
  std::copy(base.begin(), base.end(), out.vertices.begin());
  if (shape->apex) out.vertices[base.size()] = up[0];
  else std::copy(up.begin(), up.end(), out.vertices.begin() + static_cast<std::ptrdiff_t>(base.size()));

  // The faces must be exactly the shape's: base, opposite face or none, and the sides.
  const std::size_t n = base.size();
  std::vector<std::vector<Label>> expected{sorted(base)};
  if (!shape->apex) expected.push_back(sorted(up));
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = (i + 1) % n;
    expected.push_back(shape->apex ? sorted({base[i], base[j], up[0]}) : sorted({base[i], base[j], up[j], up[i]}));
  }
  std::vector<std::vector<Label>> actual;
  for (Label f : cellFaces) {
    const auto face = mesh.faces()[f];
    actual.push_back(sorted(std::vector<Label>(face.begin(), face.end())));
  }
  std::sort(expected.begin(), expected.end());
  std::sort(actual.begin(), actual.end());
  if (expected != actual) return std::nullopt;
  return out;
}

std::optional<std::array<Label, 8>> hexahedronVertices(const mesh::PolyMesh& mesh, std::span<const Label> cellFaces,
                                                       Label cell) {
  const auto native = nativeCell(mesh, cellFaces, cell);
  if (!native || native->type != vtkHexahedron) return std::nullopt;
  return native->vertices;
}

int vtkLinearCellPoints(std::uint8_t type) {
  for (const Shape& s : kShapes)
    if (s.type == type) return s.nVertices;
  return 0;
}

void vtkCellEntries(const mesh::PolyMesh& mesh, std::span<const Label> cellFaces, Label cell, VtkCellEntries& out,
                    std::uint8_t knownType) {
  out.points.clear();
  out.faces.clear();
  if (knownType != vtkPolyhedron) {
    if (const auto native = nativeCell(mesh, cellFaces, cell)) {
      out.type = native->type;
      out.points.assign(native->vertices.begin(), native->vertices.begin() + native->nVertices);
      return;
    }
  }
  out.type = vtkPolyhedron;
  // Connectivity: the cell's distinct points in order of first appearance.
  for (Label f : cellFaces)
    for (Label v : mesh.faces()[f])
      if (std::find(out.points.begin(), out.points.end(), v) == out.points.end()) out.points.push_back(v);
  // Faces oriented out of the cell: as stored for the owner, reversed (keeping vertex 0) for the neighbour.
  out.faces.push_back(static_cast<std::int64_t>(cellFaces.size()));
  for (Label f : cellFaces) {
    const auto face = mesh.faces()[f];
    out.faces.push_back(static_cast<std::int64_t>(face.size()));
    const bool outward = mesh.owner()[f] == cell;
    out.faces.push_back(face[0]);
    for (std::size_t i = 1; i < face.size(); ++i) out.faces.push_back(outward ? face[i] : face[face.size() - i]);
  }
}

VtkCells vtkCells(const mesh::PolyMesh& mesh, Label nCells) {
  if (nCells < 0) nCells = mesh.nCells();
  const mesh::FaceList cellFaces = mesh.cellFaces();
  VtkCells out;
  out.offsets.reserve(nCells);
  out.types.reserve(nCells);
  out.connectivity.reserve(static_cast<std::size_t>(nCells) * 8);
  bool anyPolyhedron = false;
  std::vector<std::int64_t> faceOffsets(nCells, -1);
  VtkCellEntries cell;
  for (Label c = 0; c < nCells; ++c) {
    vtkCellEntries(mesh, cellFaces[c], c, cell);
    out.connectivity.insert(out.connectivity.end(), cell.points.begin(), cell.points.end());
    out.types.push_back(cell.type);
    if (cell.type == vtkPolyhedron) {
      anyPolyhedron = true;
      out.faces.insert(out.faces.end(), cell.faces.begin(), cell.faces.end());
      faceOffsets[c] = static_cast<std::int64_t>(out.faces.size());
    }
    out.offsets.push_back(static_cast<std::int64_t>(out.connectivity.size()));
  }
  if (anyPolyhedron) out.faceOffsets = std::move(faceOffsets);
  return out;
}

}  // namespace sluice::output
