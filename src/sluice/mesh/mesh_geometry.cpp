#include "sluice/mesh/mesh_geometry.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace sluice::mesh {

namespace {

constexpr Scalar kTiny = MeshGeometry::kTinyLength;

/// Centre and area vector of one face. Triangles are exact; larger polygons
/// are split into a fan of triangles about the average of their points. Each
/// triangle's area is its normal projected on the face's mean normal (signed),
/// so the centre of a planar polygon, convex or not, is its exact area centroid.
void faceCentreAndArea(const std::vector<Vec3>& pts, std::span<const Label> face, Vec3& centre, Vec3& area) {
  const std::size_t n = face.size();
  if (n == 3) {
    const Vec3& a = pts[face[0]];
    const Vec3& b = pts[face[1]];
    const Vec3& c = pts[face[2]];
    centre = (a + b + c) / 3.0;
    area = 0.5 * cross(b - a, c - a);
    return;
  }
  Vec3 average;
  for (Label v : face) average += pts[v];
  average /= static_cast<Scalar>(n);

  Vec3 sumN;
  for (std::size_t i = 0; i < n; ++i) {
    const Vec3& p = pts[face[i]];
    const Vec3& q = pts[face[(i + 1) % n]];
    sumN += cross(q - p, average - p);
  }
  const Scalar magSumN = mag(sumN);
  area = 0.5 * sumN;
  if (magSumN < kTiny) {  // degenerate (zero-area) face: fall back to the point average
    centre = average;
    return;
  }
  const Vec3 unit = sumN / magSumN;
  Scalar sumA = 0;
  Vec3 sumAc;
  for (std::size_t i = 0; i < n; ++i) {
    const Vec3& p = pts[face[i]];
    const Vec3& q = pts[face[(i + 1) % n]];
    const Scalar a = dot(cross(q - p, average - p), unit);
    sumA += a;
    sumAc += a * (p + q + average);
  }
  centre = std::abs(sumA) > kTiny ? sumAc / (3.0 * sumA) : average;
}

}  // namespace

Vec3 faceAreaVector(const std::vector<Vec3>& points, std::span<const Label> face) {
  Vec3 centre, area;
  faceCentreAndArea(points, face, centre, area);
  return area;
}

Vec3 faceCentre(const std::vector<Vec3>& points, std::span<const Label> face) {
  Vec3 centre, area;
  faceCentreAndArea(points, face, centre, area);
  return centre;
}

void MeshGeometry::keepBoundaryFaceCentresOnly(Label nInternalFaces) {
  if (faceCentres.empty()) return;
  boundaryFaceCentres_.assign(faceCentres.begin() + nInternalFaces, faceCentres.end());
  firstBoundaryFace_ = nInternalFaces;
  std::vector<Vec3>().swap(faceCentres);
}

MeshGeometry MeshGeometry::compute(const PolyMesh& mesh, Label nFaces) {
  MeshGeometry g = computeCells(mesh);
  const Label nInternal = mesh.nInternalFaces();
  nFaces = std::clamp(nFaces, nInternal, mesh.nFaces());
  // Faces not kept are dropped before the per-face arrays below are made.
  const auto cut = [nFaces](auto& v) {
    if (static_cast<Label>(v.size()) > nFaces) {
      v.resize(static_cast<std::size_t>(nFaces));
      v.shrink_to_fit();
    }
  };
  cut(g.faceCentres);
  cut(g.faceAreas);
  const auto& own = mesh.owner();
  const auto& nei = mesh.neighbour();

  // Interpolation weights, delta coefficients and orthogonality.
  g.weights.assign(nFaces, 1.0);
  g.deltaCoeffs_.resize(nFaces);
  g.nonOrthogonality.resize(nInternal);
  for (Label f = 0; f < nFaces; ++f) {
    const Vec3& sf = g.faceAreas[f];
    const Vec3& cf = g.faceCentres[f];
    const Vec3& cp = g.cellCentres[own[f]];
    Vec3 d;
    if (f < nInternal) {
      const Vec3& cn = g.cellCentres[nei[f]];
      const Scalar dOwn = std::abs(dot(sf, cf - cp));
      const Scalar dNei = std::abs(dot(sf, cn - cf));
      g.weights[f] = dOwn + dNei > kTiny ? dNei / (dOwn + dNei) : 0.5;
      d = cn - cp;
    } else {
      d = cf - cp;
    }
    const Scalar magD = mag(d);
    const Scalar magS = g.faceAreaMag(f);
    g.setDeltaCoeffs(f, deltaCoeffOf(d), nonOrthDeltaCoeffOf(sf, d));
    if (f < nInternal) {
      // atan2 of |S x d| and S.d: exact near 0 degrees, where acos of a
      // rounded cosine would report ~1e-6 degrees on a Cartesian mesh.
      g.nonOrthogonality[f] = magD > kTiny && magS > kTiny
                                  ? std::atan2(mag(cross(sf, d)), dot(sf, d)) * 180.0 / std::numbers::pi
                                  : 90.0;
    }
  }
  return g;
}

void MeshGeometry::setDeltaCoeffs(Label face, Scalar delta, Scalar nonOrthDelta) {
  const auto i = static_cast<std::size_t>(face - firstStoredDelta_);
  deltaCoeffs_[i] = delta;
  if (nonOrthDeltaCoeffs_.empty()) {
    if (nonOrthDelta == delta) return;
    nonOrthDeltaCoeffs_ = deltaCoeffs_;  // every other face: equal so far (those not yet set are set later)
  }
  nonOrthDeltaCoeffs_[i] = nonOrthDelta;
}

void MeshGeometry::computeInternalDeltaCoeffs(Label nInternalFaces, std::span<const Label> owner,
                                              std::span<const Label> neighbour) {
  if (firstStoredDelta_ > 0) return;
  owner_ = owner;
  neighbour_ = neighbour;
  const auto cut = static_cast<std::ptrdiff_t>(nInternalFaces);
  deltaCoeffs_.erase(deltaCoeffs_.begin(), deltaCoeffs_.begin() + cut);
  deltaCoeffs_.shrink_to_fit();
  if (!nonOrthDeltaCoeffs_.empty()) {
    nonOrthDeltaCoeffs_.erase(nonOrthDeltaCoeffs_.begin(), nonOrthDeltaCoeffs_.begin() + cut);
    nonOrthDeltaCoeffs_.shrink_to_fit();
  }
  firstStoredDelta_ = nInternalFaces;
}

namespace {

// Cell centres and volumes from the faces' centres and area vectors, given
// per face by centreOf(f) and areaOf(f): pyramids from each face to the
// average of the cell's face centres, every sum in face order (owners, then
// the neighbours of internal faces), so the bits do not depend on where the
// face values come from.
template <class CentreOf, class AreaOf>
void cellsFromFaces(const PolyMesh& mesh, CentreOf&& centreOf, AreaOf&& areaOf, std::vector<Vec3>& cellCentres,
                    std::vector<Scalar>& cellVolumes) {
  const Label nFaces = mesh.nFaces();
  const Label nInternal = mesh.nInternalFaces();
  const Label nCells = mesh.nCells();
  const auto& own = mesh.owner();
  const auto& nei = mesh.neighbour();

  std::vector<Vec3> estimate(nCells);
  std::vector<Label> nCellFaces(nCells, 0);
  for (Label f = 0; f < nFaces; ++f) {
    estimate[own[f]] += centreOf(f);
    ++nCellFaces[own[f]];
  }
  for (Label f = 0; f < nInternal; ++f) {
    estimate[nei[f]] += centreOf(f);
    ++nCellFaces[nei[f]];
  }
  for (Label c = 0; c < nCells; ++c)
    if (nCellFaces[c] > 0) estimate[c] /= static_cast<Scalar>(nCellFaces[c]);

  // Signed pyramid volumes (times 3) and their magnitudes, and the signed
  // volume-weighted centroid sum. Signed weighting gives the exact centroid of
  // non-convex cells as well, and keeps inverted cells' volumes negative.
  std::vector<Scalar> vol3(nCells, 0), absVol3(nCells, 0);
  std::vector<Vec3> moment(nCells);
  auto addPyramid = [&](Label cell, Label f, Scalar sign) {
    const Vec3 centre = centreOf(f);
    const Scalar v3 = sign * dot(areaOf(f), centre - estimate[cell]);
    vol3[cell] += v3;
    absVol3[cell] += std::abs(v3);
    moment[cell] += v3 * (0.75 * centre + 0.25 * estimate[cell]);
  };
  for (Label f = 0; f < nFaces; ++f) addPyramid(own[f], f, 1.0);
  for (Label f = 0; f < nInternal; ++f) addPyramid(nei[f], f, -1.0);

  cellCentres.resize(nCells);
  cellVolumes.resize(nCells);
  for (Label c = 0; c < nCells; ++c) {
    const bool degenerate = std::abs(vol3[c]) <= 1e-14 * absVol3[c] || std::abs(vol3[c]) < kTiny;
    cellCentres[c] = degenerate ? estimate[c] : moment[c] / vol3[c];
    cellVolumes[c] = vol3[c] / 3.0;
  }
}

}  // namespace

MeshGeometry MeshGeometry::computeCells(const PolyMesh& mesh) {
  MeshGeometry g;
  const Label nFaces = mesh.nFaces();
  const auto& pts = mesh.points();
  const auto& faces = mesh.faces();
  g.faceCentres.resize(nFaces);
  g.faceAreas.resize(nFaces);
  for (Label f = 0; f < nFaces; ++f) faceCentreAndArea(pts, faces[f], g.faceCentres[f], g.faceAreas[f]);
  cellsFromFaces(
      mesh, [&](Label f) -> const Vec3& { return g.faceCentres[f]; },
      [&](Label f) -> const Vec3& { return g.faceAreas[f]; }, g.cellCentres, g.cellVolumes);
  return g;
}

std::vector<Vec3> MeshGeometry::computeCellCentres(const PolyMesh& mesh) {
  const auto& pts = mesh.points();
  const auto& faces = mesh.faces();
  std::vector<Vec3> centres;
  std::vector<Scalar> volumes;
  cellsFromFaces(
      mesh, [&](Label f) { return faceCentre(pts, faces[f]); },
      [&](Label f) { return faceAreaVector(pts, faces[f]); }, centres, volumes);
  return centres;
}

}  // namespace sluice::mesh
