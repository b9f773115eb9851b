#include "sluice/output/vtk_cells.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <utility>

namespace sluice::output {

std::uint8_t vtkPolygonType(std::size_t nVertices) {
  if (nVertices == 3) return vtkTriangle;
  if (nVertices == 4) return vtkQuad;
  return vtkPolygon;
}

namespace {

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

// Runs for every cell at every VTK write, so it works in place: the cell's
// vertices by local index (at most 8 for a shape), each face and each
// vertex's neighbours as a bit set of local indices.
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

  // Local indices in order of first appearance; per face (in the cell's face
  // order) a key: its size and the set of its vertices. A face that repeats
  // a vertex is not a shape's face.
  std::array<Label, 8> vertex{};
  int nVertices = 0;
  std::array<std::uint8_t, 8> neighbours{};  // per local vertex: the local vertices it shares an edge with
  std::array<std::uint16_t, 6> actual{};     // a shape has at most 6 faces
  std::size_t nFaces = 0;
  auto key = [](int size, unsigned set) { return static_cast<std::uint16_t>(size << 8 | set); };
  Label baseFace = -1;
  for (Label f : cellFaces) {
    const auto face = mesh.faces()[f];
    if (baseFace < 0 && static_cast<int>(face.size()) == shape->baseSize) baseFace = f;
    std::array<int, 4> local{};
    unsigned set = 0;
    for (std::size_t i = 0; i < face.size(); ++i) {
      int l = 0;
      while (l < nVertices && vertex[static_cast<std::size_t>(l)] != face[i]) ++l;
      if (l == nVertices) {
        if (nVertices == shape->nVertices) return std::nullopt;  // more vertices than the shape has
        vertex[static_cast<std::size_t>(nVertices++)] = face[i];
      }
      if (set & (1u << l)) return std::nullopt;
      set |= 1u << l;
      local[i] = l;
    }
    for (std::size_t i = 0; i < face.size(); ++i) {
      const int v = local[i], w = local[(i + 1) % face.size()];
      neighbours[static_cast<std::size_t>(v)] |= static_cast<std::uint8_t>(1u << w);
      neighbours[static_cast<std::size_t>(w)] |= static_cast<std::uint8_t>(1u << v);
    }
    actual[nFaces++] = key(static_cast<int>(face.size()), set);
  }
  if (nVertices != shape->nVertices) return std::nullopt;
  auto localOf = [&](Label v) {
    return static_cast<int>(std::find(vertex.begin(), vertex.begin() + nVertices, v) - vertex.begin());
  };

  // The base face, oriented as the shape's numbering wants it: a face's
  // stored normal points out of its owner; the reversal keeps vertex 0.
  const auto baseVertices = mesh.faces()[baseFace];
  const auto n = static_cast<int>(baseVertices.size());
  std::array<int, 4> base{};
  for (int i = 0; i < n; ++i) base[static_cast<std::size_t>(i)] = localOf(baseVertices[static_cast<std::size_t>(i)]);
  if ((mesh.owner()[baseFace] == cell) == !shape->baseOutward) std::reverse(base.begin() + 1, base.begin() + n);
  unsigned baseSet = 0;
  for (int i = 0; i < n; ++i) baseSet |= 1u << base[static_cast<std::size_t>(i)];
  // From each base vertex, the one edge that leaves the base.
  std::array<int, 4> up{};
  unsigned upSet = 0;
  for (int i = 0; i < n; ++i) {
    const unsigned leaving = neighbours[static_cast<std::size_t>(base[static_cast<std::size_t>(i)])] & ~baseSet;
    if (std::popcount(leaving) != 1) return std::nullopt;  // none, or two different edges leave the base
    up[static_cast<std::size_t>(i)] = std::countr_zero(leaving);
    upSet |= leaving;
  }

  // The faces must be exactly the shape's: base, opposite face or none, and the sides.
  std::array<std::uint16_t, 6> expected{};
  std::size_t nExpected = 0;
  expected[nExpected++] = key(n, baseSet);
  if (!shape->apex) {
    if (std::popcount(upSet) != n) return std::nullopt;
    expected[nExpected++] = key(n, upSet);
  }
  for (int i = 0; i < n; ++i) {
    const auto bi = static_cast<std::size_t>(i), bj = static_cast<std::size_t>((i + 1) % n);
    const unsigned edge = (1u << base[bi]) | (1u << base[bj]);
    expected[nExpected++] = shape->apex ? key(3, edge | 1u << up[0]) : key(4, edge | 1u << up[bj] | 1u << up[bi]);
  }
  if (nExpected != nFaces) return std::nullopt;
  std::sort(expected.begin(), expected.begin() + static_cast<std::ptrdiff_t>(nExpected));
  std::sort(actual.begin(), actual.begin() + static_cast<std::ptrdiff_t>(nFaces));
  if (!std::equal(expected.begin(), expected.begin() + static_cast<std::ptrdiff_t>(nExpected), actual.begin()))
    return std::nullopt;

  NativeCell out;
  out.type = shape->type;
  out.nVertices = shape->nVertices;
  for (int i = 0; i < n; ++i)
    out.vertices[static_cast<std::size_t>(i)] = vertex[static_cast<std::size_t>(base[static_cast<std::size_t>(i)])];
  if (shape->apex) out.vertices[static_cast<std::size_t>(n)] = vertex[static_cast<std::size_t>(up[0])];
  else
    for (int i = 0; i < n; ++i)
      out.vertices[static_cast<std::size_t>(n + i)] = vertex[static_cast<std::size_t>(up[static_cast<std::size_t>(i)])];
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
