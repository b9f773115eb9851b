#include "sluice/output/vtk_cells.hpp"

#include <algorithm>

namespace sluice::output {

std::uint8_t vtkPolygonType(std::size_t nVertices) {
  if (nVertices == 3) return vtkTriangle;
  if (nVertices == 4) return vtkQuad;
  return vtkPolygon;
}

namespace {

/// Vertices of face `f` ordered so that the right-hand normal points into `cell`
/// (a face's normal points out of its owner: reverse it for the owner, keeping vertex 0).
std::array<Label, 4> inwardQuad(const mesh::PolyMesh& mesh, Label f, Label cell) {
  const auto face = mesh.faces()[f];
  std::array<Label, 4> q{face[0], face[1], face[2], face[3]};
  if (mesh.owner()[f] == cell) std::swap(q[1], q[3]);
  return q;
}

std::array<Label, 4> sorted(std::array<Label, 4> q) {
  std::sort(q.begin(), q.end());
  return q;
}

}  // namespace

std::optional<std::array<Label, 8>> hexahedronVertices(const mesh::PolyMesh& mesh, std::span<const Label> cellFaces,
                                                       Label cell) {
  if (cellFaces.size() != 6) return std::nullopt;
  for (Label f : cellFaces)
    if (mesh.faces()[f].size() != 4) return std::nullopt;

  // The cell's 8 distinct vertices and its edges (as vertex pairs, each listed by two faces).
  std::array<Label, 8> vertices{};
  int nVertices = 0;
  std::vector<std::pair<Label, Label>> edges;
  edges.reserve(24);
  for (Label f : cellFaces) {
    const auto face = mesh.faces()[f];
    for (std::size_t i = 0; i < 4; ++i) {
      const Label v = face[i];
      if (std::find(vertices.begin(), vertices.begin() + nVertices, v) == vertices.begin() + nVertices) {
        if (nVertices == 8) return std::nullopt;
        vertices[nVertices++] = v;
      }
      const Label w = face[(i + 1) % 4];
      edges.emplace_back(std::min(v, w), std::max(v, w));
    }
  }
  if (nVertices != 8) return std::nullopt;

  const std::array<Label, 4> bottom = inwardQuad(mesh, cellFaces[0], cell);
  auto inBottom = [&](Label v) { return std::find(bottom.begin(), bottom.end(), v) != bottom.end(); };
  std::array<Label, 8> hex{};
  for (int i = 0; i < 4; ++i) {
    hex[i] = bottom[i];
    // The one edge from a bottom vertex that leaves the bottom face.
    Label up = -1;
    for (const auto& [a, b] : edges) {
      Label other = -1;
      if (a == bottom[i]) other = b;
      else if (b == bottom[i]) other = a;
      if (other < 0 || inBottom(other) || other == up) continue;
      if (up >= 0) return std::nullopt;  // two different edges leave the face: not a hexahedron
      up = other;
    }
    if (up < 0) return std::nullopt;
    hex[4 + i] = up;
  }

  // The six faces must be exactly the hexahedron's: bottom, top and four sides.
  std::vector<std::array<Label, 4>> expected{sorted({hex[0], hex[1], hex[2], hex[3]}),
                                             sorted({hex[4], hex[5], hex[6], hex[7]})};
  for (int i = 0; i < 4; ++i) {
    const int j = (i + 1) % 4;
    expected.push_back(sorted({hex[i], hex[j], hex[4 + j], hex[4 + i]}));
  }
  std::vector<std::array<Label, 4>> actual;
  for (Label f : cellFaces) {
    const auto face = mesh.faces()[f];
    actual.push_back(sorted({face[0], face[1], face[2], face[3]}));
  }
  std::sort(expected.begin(), expected.end());
  std::sort(actual.begin(), actual.end());
  if (expected != actual) return std::nullopt;
  return hex;
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
  std::vector<Label> cellPoints;
  for (Label c = 0; c < nCells; ++c) {
    const auto faces = cellFaces[c];
    if (const auto hex = hexahedronVertices(mesh, faces, c)) {
      out.connectivity.insert(out.connectivity.end(), hex->begin(), hex->end());
      out.types.push_back(vtkHexahedron);
    } else {
      anyPolyhedron = true;
      // Connectivity: the cell's distinct points in order of first appearance.
      cellPoints.clear();
      for (Label f : faces)
        for (Label v : mesh.faces()[f])
          if (std::find(cellPoints.begin(), cellPoints.end(), v) == cellPoints.end()) cellPoints.push_back(v);
      out.connectivity.insert(out.connectivity.end(), cellPoints.begin(), cellPoints.end());
      out.types.push_back(vtkPolyhedron);
      // Faces oriented out of the cell: as stored for the owner, reversed (keeping vertex 0) for the neighbour.
      out.faces.push_back(static_cast<std::int64_t>(faces.size()));
      for (Label f : faces) {
        const auto face = mesh.faces()[f];
        out.faces.push_back(static_cast<std::int64_t>(face.size()));
        const bool outward = mesh.owner()[f] == c;
        out.faces.push_back(face[0]);
        for (std::size_t i = 1; i < face.size(); ++i) out.faces.push_back(outward ? face[i] : face[face.size() - i]);
      }
      faceOffsets[c] = static_cast<std::int64_t>(out.faces.size());
    }
    out.offsets.push_back(static_cast<std::int64_t>(out.connectivity.size()));
  }
  if (anyPolyhedron) out.faceOffsets = std::move(faceOffsets);
  return out;
}

}  // namespace sluice::output
