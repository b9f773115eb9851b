#pragma once
// Small hand-made PolyMeshes for geometry, check and renumbering tests.
//
//   PolyMesh box = handmade::box(4, 3, 2);                 // unit cube, 24 cells, 6 patches
//   PolyMesh graded = handmade::box(2, 1, 1, [](int i, int j, int k) { ... return Vec3{...}; });
//   PolyMesh tet = handmade::tetrahedron();
#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "sluice/mesh/poly_mesh.hpp"
#include "support/box_mesh.hpp"

namespace sluice::mesh::handmade {

/// A plain patch (no cyclic partner, groups or rank).
inline Patch makePatch(std::string name, std::string type, Label start, Label size) {
  Patch p;
  p.name = std::move(name);
  p.type = std::move(type);
  p.start = start;
  p.size = size;
  return p;
}

/// nx*ny*nz hexahedra (test::boxMesh numbering) with patches xmin, xmax, ymin,
/// ymax, zmin, zmax, all of type "patch". `at` places lattice point (i, j, k);
/// default: the unit cube.
inline PolyMesh box(int nx, int ny, int nz, const test::LatticeMap& at = {}) {
  test::BoxOptions options;
  options.point = at;
  options.sides = {test::boxSide("xmin", "patch"), test::boxSide("xmax", "patch"), test::boxSide("ymin", "patch"),
                   test::boxSide("ymax", "patch"), test::boxSide("zmin", "patch"), test::boxSide("zmax", "patch")};
  return test::boxMesh(nx, ny, nz, options);
}

/// Box with cell widths dx[i], dy[j], dz[k] (points at their partial sums).
inline PolyMesh gradedBox(const std::vector<Scalar>& dx, const std::vector<Scalar>& dy, const std::vector<Scalar>& dz) {
  auto sums = [](const std::vector<Scalar>& d) {
    std::vector<Scalar> s{0};
    for (Scalar v : d) s.push_back(s.back() + v);
    return s;
  };
  const auto x = sums(dx), y = sums(dy), z = sums(dz);
  return box(static_cast<int>(dx.size()), static_cast<int>(dy.size()), static_cast<int>(dz.size()),
             [&](int i, int j, int k) { return Vec3{x[i], y[j], z[k]}; });
}

/// Unit-spaced box sheared in x by `angleDegrees` with height: x += tan(angle) * y.
inline PolyMesh shearedBox(int nx, int ny, int nz, Scalar angleDegrees) {
  const Scalar t = std::tan(angleDegrees * std::acos(-1.0) / 180.0);
  return box(nx, ny, nz, [&](int i, int j, int k) { return Vec3{i + t * j, Scalar(j), Scalar(k)}; });
}

/// The tetrahedron (0,0,0) (1,0,0) (0,1,0) (0,0,1): one cell, patch "walls".
inline PolyMesh tetrahedron() {
  std::vector<Vec3> points{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  FaceList faces;
  faces.add({0, 2, 1});  // z = 0, normal -z
  faces.add({0, 1, 3});  // y = 0, normal -y
  faces.add({0, 3, 2});  // x = 0, normal -x
  faces.add({1, 2, 3});  // slanted, normal (1,1,1)
  return PolyMesh(std::move(points), std::move(faces), {0, 0, 0, 0}, {}, {makePatch("walls", "wall", 0, 4)}, "tet");
}

/// Triangle (0,0,0) (1,0,0) (0,1,0) extruded to z = 1: one cell, patch "walls".
inline PolyMesh prism() {
  std::vector<Vec3> points{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {0, 1, 1}};
  FaceList faces;
  faces.add({0, 2, 1});     // bottom, -z
  faces.add({3, 4, 5});     // top, +z
  faces.add({0, 1, 4, 3});  // y = 0, -y
  faces.add({0, 3, 5, 2});  // x = 0, -x
  faces.add({1, 2, 5, 4});  // slanted, (1,1,0)
  return PolyMesh(std::move(points), std::move(faces), {0, 0, 0, 0, 0}, {}, {makePatch("walls", "wall", 0, 5)}, "prism");
}

/// `mesh` with the patches named in `names` given type `type` (e.g. "empty").
inline PolyMesh withPatchType(const PolyMesh& mesh, const std::vector<std::string>& names, const std::string& type) {
  std::vector<Patch> patches = mesh.patches();
  for (Patch& p : patches)
    if (std::find(names.begin(), names.end(), p.name) != names.end()) p.type = type;
  return PolyMesh(mesh.points(), mesh.faces(), mesh.owner(), mesh.neighbour(), std::move(patches), mesh.name());
}

/// `mesh` without boundary face `face` (patch ranges shifted accordingly).
inline PolyMesh withoutBoundaryFace(const PolyMesh& mesh, Label face) {
  FaceList faces;
  std::vector<Label> owner;
  for (Label f = 0; f < mesh.nFaces(); ++f)
    if (f != face) {
      faces.add(mesh.faces()[f]);
      owner.push_back(mesh.owner()[f]);
    }
  std::vector<Patch> patches = mesh.patches();
  for (Patch& p : patches) {
    if (face >= p.start && face < p.start + p.size) --p.size;
    else if (p.start > face) --p.start;
  }
  return PolyMesh(mesh.points(), std::move(faces), std::move(owner), mesh.neighbour(), std::move(patches), mesh.name());
}

/// `mesh` with `extra` points appended that no face uses.
inline PolyMesh withExtraPoints(const PolyMesh& mesh, int extra) {
  std::vector<Vec3> points = mesh.points();
  for (int i = 0; i < extra; ++i) points.push_back({5.0 + i, 5.0, 5.0});
  return PolyMesh(std::move(points), mesh.faces(), mesh.owner(), mesh.neighbour(), mesh.patches(), mesh.name());
}

/// `mesh` with the internal faces for which `cut(face)` is true turned into
/// pairs of boundary faces (one per side) in a new last patch "cut"; cells stay
/// closed but are no longer connected through those faces.
inline PolyMesh withInternalFacesCut(const PolyMesh& mesh, const std::function<bool(Label)>& cut) {
  FaceList faces;
  std::vector<Label> owner, neighbour;
  for (Label f = 0; f < mesh.nInternalFaces(); ++f)
    if (!cut(f)) {
      faces.add(mesh.faces()[f]);
      owner.push_back(mesh.owner()[f]);
      neighbour.push_back(mesh.neighbour()[f]);
    }
  std::vector<Patch> patches;
  for (const Patch& p : mesh.patches()) {
    patches.push_back(makePatch(p.name, p.type, faces.size(), p.size));
    for (Label f = p.start; f < p.start + p.size; ++f) {
      faces.add(mesh.faces()[f]);
      owner.push_back(mesh.owner()[f]);
    }
  }
  const Label start = faces.size();
  for (Label f = 0; f < mesh.nInternalFaces(); ++f)
    if (cut(f)) {
      std::vector<Label> face(mesh.faces()[f].begin(), mesh.faces()[f].end());
      faces.add(face);
      owner.push_back(mesh.owner()[f]);
      std::reverse(face.begin() + 1, face.end());
      faces.add(face);
      owner.push_back(mesh.neighbour()[f]);
    }
  patches.push_back(makePatch("cut", "wall", start, faces.size() - start));
  return PolyMesh(mesh.points(), std::move(faces), std::move(owner), std::move(neighbour), std::move(patches),
                  mesh.name());
}

/// Two meshes side by side as one (cells of `b` numbered after those of `a`);
/// both must have the same patch names in the same order.
inline PolyMesh combined(const PolyMesh& a, const PolyMesh& b) {
  std::vector<Vec3> points = a.points();
  points.insert(points.end(), b.points().begin(), b.points().end());
  const Label pointShift = a.nPoints(), cellShift = a.nCells();
  FaceList faces;
  std::vector<Label> owner, neighbour;
  auto addFace = [&](const PolyMesh& m, Label f, Label ps, Label cs) {
    std::vector<Label> face(m.faces()[f].begin(), m.faces()[f].end());
    for (Label& v : face) v += ps;
    faces.add(face);
    owner.push_back(m.owner()[f] + cs);
    if (f < m.nInternalFaces()) neighbour.push_back(m.neighbour()[f] + cs);
  };
  for (Label f = 0; f < a.nInternalFaces(); ++f) addFace(a, f, 0, 0);
  for (Label f = 0; f < b.nInternalFaces(); ++f) addFace(b, f, pointShift, cellShift);
  std::vector<Patch> patches;
  for (std::size_t i = 0; i < a.patches().size(); ++i) {
    const Patch& pa = a.patches()[i];
    const Patch& pb = b.patches()[i];
    const Label start = faces.size();
    for (Label f = pa.start; f < pa.start + pa.size; ++f) addFace(a, f, 0, 0);
    for (Label f = pb.start; f < pb.start + pb.size; ++f) addFace(b, f, pointShift, cellShift);
    patches.push_back(makePatch(pa.name, pa.type, start, faces.size() - start));
  }
  return PolyMesh(std::move(points), std::move(faces), std::move(owner), std::move(neighbour), std::move(patches),
                  "combined");
}

}  // namespace sluice::mesh::handmade
