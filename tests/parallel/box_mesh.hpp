#pragma once
// Test helpers: an nx*ny*nz hexahedral box PolyMesh built directly (no
// blockMesh), its cell centres (average of the 8 corners) and cell volumes
// (divergence theorem over the faces, so they also work on a rank's part).
//
//   mesh::PolyMesh m = test::boxMesh(12, 9, 1);                  // unit cube, 6 patches
//   mesh::PolyMesh w = test::boxMesh(4, 4, 1, test::wavyMap);    // distorted points
//   std::vector<Vec3> c = test::cellCentres(m);
//   std::vector<Scalar> v = test::cellVolumes(m);
#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "sluice/core/vec3.hpp"
#include "sluice/mesh/poly_mesh.hpp"

namespace sluice::test {

/// Maps unit-cube coordinates to the mesh's points.
using PointMap = std::function<Vec3(const Vec3&)>;

/// A smooth, non-affine map of the unit cube (cells of different volumes,
/// faces still planar in z so a one-cell-thick mesh stays two-dimensional).
inline Vec3 wavyMap(const Vec3& p) {
  return {p.x + 0.05 * std::sin(3.0 * p.y) + 0.3 * p.x * p.x, p.y + 0.04 * std::sin(5.0 * p.x) + 0.2 * p.x * p.y,
          p.z * 0.1};
}

/// Box of nx*ny*nz hexahedra over the unit cube (mapped by `map`). Cell
/// (i, j, k) is i + nx*(j + ny*k); internal faces upper-triangular; patches
/// xMin, xMax (patch), yMin, yMax (wall), zMin, zMax (empty), in that order.
inline mesh::PolyMesh boxMesh(int nx, int ny, int nz, const PointMap& map = {}) {
  auto pid = [&](int i, int j, int k) { return static_cast<Label>(i + (nx + 1) * (j + (ny + 1) * k)); };
  auto cid = [&](int i, int j, int k) { return static_cast<Label>(i + nx * (j + ny * k)); };
  std::vector<Vec3> points;
  for (int k = 0; k <= nz; ++k)
    for (int j = 0; j <= ny; ++j)
      for (int i = 0; i <= nx; ++i) {
        const Vec3 p{static_cast<Scalar>(i) / nx, static_cast<Scalar>(j) / ny, static_cast<Scalar>(k) / nz};
        points.push_back(map ? map(p) : p);
      }
  // Faces with normal +x, +y, +z at the low corner (i, j, k) of the face.
  auto xFace = [&](int i, int j, int k) {
    return std::vector<Label>{pid(i, j, k), pid(i, j + 1, k), pid(i, j + 1, k + 1), pid(i, j, k + 1)};
  };
  auto yFace = [&](int i, int j, int k) {
    return std::vector<Label>{pid(i, j, k), pid(i, j, k + 1), pid(i + 1, j, k + 1), pid(i + 1, j, k)};
  };
  auto zFace = [&](int i, int j, int k) {
    return std::vector<Label>{pid(i, j, k), pid(i + 1, j, k), pid(i + 1, j + 1, k), pid(i, j + 1, k)};
  };
  auto flipped = [](std::vector<Label> f) {
    std::reverse(f.begin() + 1, f.end());
    return f;
  };

  mesh::FaceList faces;
  std::vector<Label> owner, neighbour;
  for (int k = 0; k < nz; ++k)
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) {
        const Label c = cid(i, j, k);
        if (i + 1 < nx) { faces.add(xFace(i + 1, j, k)); owner.push_back(c); neighbour.push_back(cid(i + 1, j, k)); }
        if (j + 1 < ny) { faces.add(yFace(i, j + 1, k)); owner.push_back(c); neighbour.push_back(cid(i, j + 1, k)); }
        if (k + 1 < nz) { faces.add(zFace(i, j, k + 1)); owner.push_back(c); neighbour.push_back(cid(i, j, k + 1)); }
      }
  std::vector<mesh::Patch> patches;
  auto patch = [&](const char* name, const char* type, auto&& addFaces) {
    mesh::Patch p;
    p.name = name;
    p.type = type;
    p.start = faces.size();
    addFaces();
    p.size = faces.size() - p.start;
    patches.push_back(p);
  };
  patch("xMin", "patch", [&] {
    for (int k = 0; k < nz; ++k)
      for (int j = 0; j < ny; ++j) { faces.add(flipped(xFace(0, j, k))); owner.push_back(cid(0, j, k)); }
  });
  patch("xMax", "patch", [&] {
    for (int k = 0; k < nz; ++k)
      for (int j = 0; j < ny; ++j) { faces.add(xFace(nx, j, k)); owner.push_back(cid(nx - 1, j, k)); }
  });
  patch("yMin", "wall", [&] {
    for (int k = 0; k < nz; ++k)
      for (int i = 0; i < nx; ++i) { faces.add(flipped(yFace(i, 0, k))); owner.push_back(cid(i, 0, k)); }
  });
  patch("yMax", "wall", [&] {
    for (int k = 0; k < nz; ++k)
      for (int i = 0; i < nx; ++i) { faces.add(yFace(i, ny, k)); owner.push_back(cid(i, ny - 1, k)); }
  });
  patch("zMin", "empty", [&] {
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) { faces.add(flipped(zFace(i, j, 0))); owner.push_back(cid(i, j, 0)); }
  });
  patch("zMax", "empty", [&] {
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) { faces.add(zFace(i, j, nz)); owner.push_back(cid(i, j, nz - 1)); }
  });
  return mesh::PolyMesh(std::move(points), std::move(faces), std::move(owner), std::move(neighbour),
                        std::move(patches), "box");
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
