#pragma once
// Test helpers for the parallel tests: a distorting map for test::boxMesh
// (support/box_mesh.hpp), cell centres (average of the 8 corners) and cell
// volumes (divergence theorem over the faces, so they also work on a rank's
// part), computed independently of mesh::MeshGeometry.
//
//   mesh::PolyMesh w = test::boxMesh(4, 4, 1, test::wavyMap);    // distorted points
//   std::vector<Vec3> c = test::cellCentres(w);
//   std::vector<Scalar> v = test::cellVolumes(w);
#include <algorithm>
#include <cmath>
#include <vector>

#include "sluice/core/vec3.hpp"
#include "sluice/mesh/poly_mesh.hpp"

namespace sluice::test {

/// A smooth, non-affine map of the unit cube (cells of different volumes,
/// faces still planar in z so a one-cell-thick mesh stays two-dimensional).
inline Vec3 wavyMap(const Vec3& p) {
  return {p.x + 0.05 * std::sin(3.0 * p.y) + 0.3 * p.x * p.x, p.y + 0.04 * std::sin(5.0 * p.x) + 0.2 * p.x * p.y,
          p.z * 0.1};
}

/// Average of each cell's distinct points (the 8 corners of a hexahedron).
inline std::vector<Vec3> cellCentres(const mesh::PolyMesh& m) {
  const mesh::FaceList cellFaces = m.cellFaces();
  std::vector<Vec3> centres(m.nCells());
  std::vector<Label> pts;
  for (Label c = 0; c < m.nCells(); ++c) {
    pts.clear();
    for (Label f : cellFaces[c])
      for (Label p : m.faces()[f]) pts.push_back(p);
    std::sort(pts.begin(), pts.end());
    pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
    Vec3 sum;
    for (Label p : pts) sum += m.points()[p];
    centres[c] = sum / static_cast<Scalar>(pts.size());
  }
  return centres;
}

/// Area vector of a polygon (fan of triangles about vertex 0).
inline Vec3 faceAreaVector(const mesh::PolyMesh& m, Label f) {
  const auto face = m.faces()[f];
  const Vec3& p0 = m.points()[face[0]];
  Vec3 s;
  for (std::size_t i = 1; i + 1 < face.size(); ++i)
    s += 0.5 * cross(m.points()[face[i]] - p0, m.points()[face[i + 1]] - p0);
  return s;
}

inline Vec3 faceCentre(const mesh::PolyMesh& m, Label f) {
  Vec3 sum;
  for (Label p : m.faces()[f]) sum += m.points()[p];
  return sum / static_cast<Scalar>(m.faces()[f].size());
}

/// Cell volumes by the divergence theorem, V = sum_f (x_f . S_f) / 3 with S_f
/// out of the cell; exact for cells with planar faces.
inline std::vector<Scalar> cellVolumes(const mesh::PolyMesh& m) {
  std::vector<Scalar> v(m.nCells(), 0.0);
  for (Label f = 0; f < m.nFaces(); ++f) {
    const Scalar flux = dot(faceCentre(m, f), faceAreaVector(m, f)) / 3.0;
    v[m.owner()[f]] += flux;
    if (f < m.nInternalFaces()) v[m.neighbour()[f]] -= flux;
  }
  return v;
}

}  // namespace sluice::test
