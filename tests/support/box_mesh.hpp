#pragma once
// Test helper: an nx*ny*nz structured hexahedral box as a PolyMesh, built
// directly (no blockMesh). Points, patch names/types and the mesh name are
// options, so each test suite gets the box its assertions are written for.
//
//   mesh::PolyMesh m = test::boxMesh(12, 9, 1);                   // unit cube; xMin ... zMax
//   mesh::PolyMesh w = test::boxMesh(4, 4, 1, distort);           // unit-cube points moved by distort(p)
//   test::BoxOptions o;
//   o.point = [](int i, int j, int k) { return Vec3{0.1 * i, 0.2 * j, 0.3 * k}; };
//   o.sides[4] = o.sides[5] = test::boxSide("frontAndBack", "empty");   // one patch for both z sides
//   mesh::PolyMesh g = test::boxMesh(3, 2, 1, o);
//
// Numbering: point (i, j, k) is i + (nx+1)*(j + (ny+1)*k), cell (i, j, k) is
// i + nx*(j + ny*k); internal faces in upper-triangular order (by owner, then
// +x, +y, +z neighbour); face normals out of the owner; boundary faces side by
// side in the order xMin, xMax, yMin, yMax, zMin, zMax, each side's faces in
// cell order.
#include <algorithm>
#include <array>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/mesh/poly_mesh.hpp"

namespace sluice::test {

/// Position of lattice point (i, j, k), 0 <= i <= nx, 0 <= j <= ny, 0 <= k <= nz.
using LatticeMap = std::function<Vec3(int i, int j, int k)>;

/// Maps unit-cube coordinates to the mesh's points.
using PointMap = std::function<Vec3(const Vec3&)>;

/// The patch for one side of a box (start and size are filled in by boxMesh).
inline mesh::Patch boxSide(std::string name, std::string type, std::vector<std::string> inGroups = {},
                           std::string neighbourPatch = {}) {
  mesh::Patch p;
  p.name = std::move(name);
  p.type = std::move(type);
  p.inGroups = std::move(inGroups);
  p.neighbourPatch = std::move(neighbourPatch);
  return p;
}

struct BoxOptions {
  /// Lattice point positions; empty: the unit cube, (i/nx, j/ny, k/nz).
  LatticeMap point;
  /// Patches on the sides xMin, xMax, yMin, yMax, zMin, zMax, in that order.
  /// Consecutive sides with the same name form one patch (the first side's
  /// type, groups and neighbourPatch).
  std::array<mesh::Patch, 6> sides = {boxSide("xMin", "patch"), boxSide("xMax", "patch"),
                                      boxSide("yMin", "wall"),  boxSide("yMax", "wall"),
                                      boxSide("zMin", "empty"), boxSide("zMax", "empty")};
  std::string name = "box";
};

/// The box described at the top of this file.
inline mesh::PolyMesh boxMesh(int nx, int ny, int nz, const BoxOptions& options = {}) {
  auto pid = [&](int i, int j, int k) { return static_cast<Label>(i + (nx + 1) * (j + (ny + 1) * k)); };
  auto cid = [&](int i, int j, int k) { return static_cast<Label>(i + nx * (j + ny * k)); };
  std::vector<Vec3> points;
  for (int k = 0; k <= nz; ++k)
    for (int j = 0; j <= ny; ++j)
      for (int i = 0; i <= nx; ++i)
        points.push_back(options.point ? options.point(i, j, k)
                                       : Vec3{static_cast<Scalar>(i) / nx, static_cast<Scalar>(j) / ny,
                                              static_cast<Scalar>(k) / nz});
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
  auto side = [&](int s, auto&& addFaces) {
    const mesh::Patch& spec = options.sides[static_cast<std::size_t>(s)];
    if (patches.empty() || patches.back().name != spec.name) {
      patches.push_back(spec);
      patches.back().start = faces.size();
    }
    addFaces();
    patches.back().size = faces.size() - patches.back().start;
  };
  auto boundary = [&](std::vector<Label> f, Label cell) {
    faces.add(f);
    owner.push_back(cell);
  };
  side(0, [&] {
    for (int k = 0; k < nz; ++k)
      for (int j = 0; j < ny; ++j) boundary(flipped(xFace(0, j, k)), cid(0, j, k));
  });
  side(1, [&] {
    for (int k = 0; k < nz; ++k)
      for (int j = 0; j < ny; ++j) boundary(xFace(nx, j, k), cid(nx - 1, j, k));
  });
  side(2, [&] {
    for (int k = 0; k < nz; ++k)
      for (int i = 0; i < nx; ++i) boundary(flipped(yFace(i, 0, k)), cid(i, 0, k));
  });
  side(3, [&] {
    for (int k = 0; k < nz; ++k)
      for (int i = 0; i < nx; ++i) boundary(yFace(i, ny, k), cid(i, ny - 1, k));
  });
  side(4, [&] {
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) boundary(flipped(zFace(i, j, 0)), cid(i, j, 0));
  });
  side(5, [&] {
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) boundary(zFace(i, j, nz), cid(i, j, nz - 1));
  });
  return mesh::PolyMesh(std::move(points), std::move(faces), std::move(owner), std::move(neighbour),
                        std::move(patches), options.name);
}

/// boxMesh with the default patches, its unit-cube points moved by `map`
/// (unmoved when `map` is empty).
inline mesh::PolyMesh boxMesh(int nx, int ny, int nz, const PointMap& map) {
  BoxOptions options;
  if (map)
    options.point = [&](int i, int j, int k) {
      return map(Vec3{static_cast<Scalar>(i) / nx, static_cast<Scalar>(j) / ny, static_cast<Scalar>(k) / nz});
    };
  return boxMesh(nx, ny, nz, options);
}

}  // namespace sluice::test
