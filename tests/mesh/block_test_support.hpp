#pragma once
// Small helpers for the block mesher tests: the error a blockMeshDict text
// gives, and geometry independent of MeshGeometry (face area vectors by
// triangle fans about the face's average point, cell volumes by tetrahedra
// from an estimated cell centre).
#include <string>
#include <vector>

#include "sluice/core/error.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/mesh/block_mesh.hpp"
#include "sluice/mesh/poly_mesh.hpp"

namespace sluice::mesh::test_support {

/// The InputError message of meshing the blockMeshDict text `text` (named
/// system/blockMeshDict in messages); "(no error)" if it meshes.
inline std::string meshError(const std::string& text) {
  try {
    buildBlockMesh(io::Dictionary::parse(text, "system/blockMeshDict"));
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

inline Vec3 faceAverage(const PolyMesh& mesh, Label f) {
  Vec3 c{};
  for (Label v : mesh.faces()[f]) c += mesh.points()[v];
  return c / static_cast<Scalar>(mesh.faces()[f].size());
}

/// Area vector of face f (right-hand rule over its vertex order).
inline Vec3 faceArea(const PolyMesh& mesh, Label f) {
  const auto face = mesh.faces()[f];
  const Vec3 c = faceAverage(mesh, f);
  Vec3 s{};
  for (std::size_t i = 0; i < face.size(); ++i) {
    const Vec3& a = mesh.points()[face[i]];
    const Vec3& b = mesh.points()[face[(i + 1) % face.size()]];
    s += 0.5 * cross(a - c, b - c);
  }
  return s;
}

/// Signed cell volumes (positive when face normals point out of owners).
inline std::vector<Scalar> cellVolumes(const PolyMesh& mesh) {
  const Label nc = mesh.nCells();
  std::vector<Vec3> centre(nc);
  std::vector<Scalar> count(nc, 0);
  for (Label f = 0; f < mesh.nFaces(); ++f) {
    const Vec3 c = faceAverage(mesh, f);
    centre[mesh.owner()[f]] += c;
    count[mesh.owner()[f]] += 1;
    if (f < mesh.nInternalFaces()) {
      centre[mesh.neighbour()[f]] += c;
      count[mesh.neighbour()[f]] += 1;
    }
  }
  for (Label c = 0; c < nc; ++c) centre[c] /= count[c];
  std::vector<Scalar> vol(nc, 0);
  for (Label f = 0; f < mesh.nFaces(); ++f) {
    const auto face = mesh.faces()[f];
    const Vec3 fc = faceAverage(mesh, f);
    for (std::size_t i = 0; i < face.size(); ++i) {
      const Vec3& a = mesh.points()[face[i]];
      const Vec3& b = mesh.points()[face[(i + 1) % face.size()]];
      const Vec3 tri = 0.5 * cross(a - fc, b - fc);
      vol[mesh.owner()[f]] += dot(tri, fc - centre[mesh.owner()[f]]) / 3.0;
      if (f < mesh.nInternalFaces()) vol[mesh.neighbour()[f]] -= dot(tri, fc - centre[mesh.neighbour()[f]]) / 3.0;
    }
  }
  return vol;
}

inline Scalar totalVolume(const PolyMesh& mesh) {
  Scalar v = 0;
  for (Scalar c : cellVolumes(mesh)) v += c;
  return v;
}

/// Sum of |Sf| over a patch.
inline Scalar patchAreaMag(const PolyMesh& mesh, const std::string& name) {
  const Patch& p = mesh.patches().at(mesh.findPatch(name));
  Scalar s = 0;
  for (Label f = p.start; f < p.start + p.size; ++f) s += mag(faceArea(mesh, f));
  return s;
}

/// Sum of Sf over a patch.
inline Vec3 patchAreaVector(const PolyMesh& mesh, const std::string& name) {
  const Patch& p = mesh.patches().at(mesh.findPatch(name));
  Vec3 s{};
  for (Label f = p.start; f < p.start + p.size; ++f) s += faceArea(mesh, f);
  return s;
}

/// Largest |sum of outward Sf| over all cells (0 for closed cells).
inline Scalar maxCellOpenness(const PolyMesh& mesh) {
  std::vector<Vec3> sum(mesh.nCells());
  for (Label f = 0; f < mesh.nFaces(); ++f) {
    const Vec3 s = faceArea(mesh, f);
    sum[mesh.owner()[f]] += s;
    if (f < mesh.nInternalFaces()) sum[mesh.neighbour()[f]] -= s;
  }
  Scalar worst = 0;
  for (const Vec3& s : sum) worst = std::max(worst, mag(s));
  return worst;
}

/// Smallest distance between two distinct mesh points (O(n^2): small meshes only).
inline Scalar minPointDistance(const PolyMesh& mesh) {
  Scalar best = 1e300;
  const auto& p = mesh.points();
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::size_t j = i + 1; j < p.size(); ++j) best = std::min(best, mag(p[i] - p[j]));
  return best;
}

}  // namespace sluice::mesh::test_support
