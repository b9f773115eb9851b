#include "sluice/output/point_sampler.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "sluice/core/error.hpp"

namespace sluice::output {

const char* schemeName(InterpolationScheme scheme) {
  switch (scheme) {
    case InterpolationScheme::cell: return "cell";
    case InterpolationScheme::cellPoint: return "cellPoint";
    case InterpolationScheme::cellPointFace: return "cellPointFace";
  }
  return "?";
}

namespace {

/// Patches whose face values define point values (OpenFOAM: not empty, not coupled, not wedge).
bool isValuePatch(const mesh::Patch& p) {
  return p.type != "empty" && p.type != "processor" && p.type != "processorCyclic" && p.type != "cyclic" &&
         p.type != "cyclicAMI" && p.type != "cyclicACMI" && p.type != "cyclicSlip" && p.type != "wedge";
}

struct Tet {
  std::array<Label, 3> points{};   // mesh points
  std::array<Scalar, 4> weights{}; // barycentric: cell centre, points
  Scalar quality = -std::numeric_limits<Scalar>::max();  // smallest barycentric coordinate
};

/// The tetrahedron (cell centre, face point 0, face points i, i+1) of `cell`
/// that contains `p` best (largest smallest barycentric coordinate).
Tet findTet(const SamplingMesh& sm, Label cell, const Vec3& p) {
  const auto& mesh = sm.mesh();
  const Vec3& c = sm.geometry().cellCentres[cell];
  Tet best;
  for (Label f : sm.cellFaces()[cell]) {
    const auto face = mesh.faces()[f];
    for (std::size_t i = 1; i + 1 < face.size(); ++i) {
      const Vec3 a = mesh.points()[face[0]] - c;
      const Vec3 b = mesh.points()[face[i]] - c;
      const Vec3 d = mesh.points()[face[i + 1]] - c;
      const Vec3 r = p - c;
      const Scalar det = dot(a, cross(b, d));
      if (std::abs(det) <= 1e-14 * mag(a) * mag(b) * mag(d)) continue;  // flat tetrahedron
      const Scalar la = dot(r, cross(b, d)) / det;
      const Scalar lb = dot(a, cross(r, d)) / det;
      const Scalar ld = dot(a, cross(b, r)) / det;
      const Scalar lc = 1 - la - lb - ld;
      const Scalar quality = std::min({la, lb, ld, lc});
      if (quality > best.quality) {
        best.points = {face[0], face[i], face[i + 1]};
        best.weights = {lc, la, lb, ld};
        best.quality = quality;
      }
    }
  }
  return best;
}

// OpenFOAM's constants (double precision), used where its algorithms are reproduced.
constexpr Scalar kSmall = 1e-15;
constexpr Scalar kVSmall = 1e-300;
constexpr Scalar kGreat = 1e15;

/// For each of `globalIds` (in order), the local index i in [0, count) with
/// globalOf(i) equal to it, or -1.
template <class GlobalOf>
std::vector<Label> localIndices(const std::vector<GlobalLabel>& globalIds, Label count, GlobalOf&& globalOf) {
  std::vector<GlobalLabel> sorted = globalIds;
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  std::vector<Label> localOfSorted(sorted.size(), -1);
  if (!sorted.empty())
    for (Label i = 0; i < count; ++i) {
      const GlobalLabel g = globalOf(i);
      const auto it = std::lower_bound(sorted.begin(), sorted.end(), g);
      if (it != sorted.end() && *it == g && localOfSorted[it - sorted.begin()] < 0)
        localOfSorted[it - sorted.begin()] = i;
    }
  std::vector<Label> result;
  result.reserve(globalIds.size());
  for (GlobalLabel g : globalIds)
    result.push_back(localOfSorted[std::lower_bound(sorted.begin(), sorted.end(), g) - sorted.begin()]);
  return result;
}

/// |Sf . (Cf - C)|: OpenFOAM's distance of a cell centre from a face for linear weights.
Scalar ownerDistance(const mesh::MeshGeometry& geo, Label face, Label cell) {
  return std::abs(dot(geo.faceAreas[face], geo.faceCentres[face] - geo.cellCentres[cell]));
}

/// interpolationCellPointFace's search state (findCellPointFaceTet.H).
struct CellPointFaceSearch {
  Label closestFace = -1;
  Scalar minDistance = kGreat;
  std::array<Label, 2> points{-1, -1};
  std::array<Scalar, 4> phi{};
  std::array<Label, 2> candidatePoints{-1, -1};
  std::array<Scalar, 4> candidatePhi{};
};

/// Tries the tetrahedra (face points i and i+1, face centre, cell centre) of
/// `face` in order; the first containing `position` (1e-15 tolerance) wins.
/// Records the one whose barycentric weights sum closest to 1 as candidate otherwise.
bool findFaceTet(const SamplingMesh& sm, Label face, const Vec3& position, const Vec3& cellCentre,
                 CellPointFaceSearch& s) {
  const auto& mesh = sm.mesh();
  const auto verts = mesh.faces()[face];
  std::array<Vec3, 4> tp;
  tp[2] = sm.geometry().faceCentres[face];
  tp[3] = cellCentre;
  bool found = false;
  for (std::size_t i = 0; i < verts.size() && !found; ++i) {
    const std::array<Label, 2> labels{verts[i], verts[(i + 1) % verts.size()]};
    tp[0] = mesh.points()[labels[0]];
    tp[1] = mesh.points()[labels[1]];
    bool inside = true;
    Scalar sum = 0;
    std::array<Scalar, 4> phi{};
    for (int n = 0; n < 4; ++n) {
      const Vec3& ref = tp[(n + 1) % 4];
      Vec3 normal = cross(tp[(n + 3) % 4] - ref, tp[(n + 2) % 4] - ref);
      normal /= mag(normal);
      if (dot(tp[n] - ref, normal) < 0) normal = -normal;  // into the tetrahedron
      inside = inside && dot(position - ref + kSmall * normal, normal) >= 0;
      phi[n] = dot(position - ref, normal) / std::max(kVSmall, dot(tp[n] - ref, normal));
      sum += phi[n];
    }
    if (!inside && std::abs(sum - 1) < s.minDistance) {
      s.minDistance = std::abs(sum - 1);
      s.closestFace = face;
      s.candidatePhi = phi;
      s.candidatePoints = labels;
    }
    s.phi = phi;
    s.points = labels;
    found = inside;
  }
  if (found) s.closestFace = face;
  return found;
}

struct CellPointFaceWeights {
  bool inTet = false;            ///< false: the value of `face` alone (or of the cell if face < 0)
  Label face = -1;
  std::array<Label, 2> points{};
  std::array<Scalar, 4> phi{};   ///< points 0 and 1, face, cell
};

/// interpolationCellPointFace::interpolate for a point inside `cell` (no face given).
CellPointFaceWeights cellPointFaceWeights(const SamplingMesh& sm, Label cell, const Vec3& position) {
  const auto& geo = sm.geometry();
  const Vec3& cc = geo.cellCentres[cell];
  const Vec3 projection = position - cc;
  // The face whose plane the ray from the cell centre through the point meets closest to the point.
  CellPointFaceSearch s;
  Scalar minDistance = kGreat;
  for (Label f : sm.cellFaces()[cell]) {
    const Scalar areaMag = mag(geo.faceAreas[f]);
    const Vec3 normal = areaMag > kVSmall ? geo.faceAreas[f] / areaMag : Vec3{};
    const Scalar numerator = dot(geo.faceCentres[f] - cc, normal);
    const Scalar denominator = dot(projection, normal);
    if (std::abs(denominator) > kSmall) {
      const Scalar distance = mag(position - (cc + (numerator / denominator) * projection));
      if (distance < minDistance) {
        s.closestFace = f;
        minDistance = distance;
      }
    }
  }
  bool found = false;
  auto useCandidate = [&](Scalar limit) {
    if (found || !(s.minDistance < limit)) return;
    found = true;
    s.phi = s.candidatePhi;
    s.points = s.candidatePoints;
  };
  if (s.closestFace >= 0) found = findFaceTet(sm, s.closestFace, position, cc, s);
  useCandidate(1e-5);
  if (!found) {
    s.minDistance = kGreat;
    for (Label f : sm.cellFaces()[cell]) {
      if (found) break;
      found = findFaceTet(sm, f, position, cc, s);
    }
  }
  useCandidate(1e-3);
  CellPointFaceWeights w;
  w.inTet = found;
  w.face = s.closestFace;
  w.points = s.points;
  for (int k = 0; k < 4; ++k) w.phi[k] = std::min<Scalar>(1, std::max<Scalar>(0, s.phi[k]));
  return w;
}

/// interpolationCellPointFace's findTriangle (findCellPointFaceTriangle.H) for
/// a point on `face`: the first triangle (face points i and i+1, face centre)
/// passing OpenFOAM's test, and the point's barycentric weights in it.
bool findFaceTriangle(const SamplingMesh& sm, Label face, const Vec3& position, std::array<Label, 2>& points,
                      std::array<Scalar, 3>& phi) {
  const auto& mesh = sm.mesh();
  const auto verts = mesh.faces()[face];
  std::array<Vec3, 3> tp;
  tp[2] = sm.geometry().faceCentres[face];
  for (std::size_t i = 0; i < verts.size(); ++i) {
    points = {verts[i], verts[(i + 1) % verts.size()]};
    tp[0] = mesh.points()[points[0]];
    tp[1] = mesh.points()[points[1]];
    const Vec3 centroid = (tp[0] + tp[1] + tp[2]) / 3.0;
    const Vec3 nudged = position + kSmall * (centroid - position);
    std::array<Vec3, 3> edge, normal;
    for (int k = 0; k < 3; ++k) edge[k] = tp[(k + 2) % 3] - tp[(k + 1) % 3];  // opposite node k
    const Vec3 triangleNormal = cross(edge[1], edge[2]);
    for (int k = 0; k < 3; ++k) {
      normal[k] = cross(triangleNormal, edge[k]);
      normal[k] /= mag(normal[k]) + kVSmall;  // in the plane, towards node k
    }
    // OpenFOAM's test: along each edge, the point lies ahead of the edge's start.
    bool inside = true;
    for (int k = 0; k < 3; ++k) inside = inside && dot(nudged - tp[(k + 1) % 3], edge[k]) >= 0;
    if (!inside) continue;
    for (int k = 0; k < 3; ++k) {
      const int kp = (k + 1) % 3;
      phi[k] = dot(position - tp[kp], normal[k]) / std::max(kVSmall, dot(normal[k], edge[kp]));
    }
    return true;
  }
  return false;
}

}  // namespace

PointSampler::PointSampler(const SamplingMesh& mesh, std::vector<Vec3> points, InterpolationScheme scheme,
                           const parallel::Communicator& comm)
    : PointSampler(mesh, std::move(points), {}, scheme, comm) {}

PointSampler::PointSampler(const SamplingMesh& mesh, std::vector<Vec3> points, std::vector<SampleFace> faces,
                           InterpolationScheme scheme, const parallel::Communicator& comm)
    : mesh_(mesh), comm_(comm), points_(std::move(points)), scheme_(scheme) {
  const std::size_t n = points_.size();
  if (!faces.empty() && faces.size() != n)
    throw Error(fmt::format("PointSampler: {} faces for {} points", faces.size(), n));  // same on every rank
  auto onFace = [&](std::size_t i) { return !faces.empty() && faces[i].face >= 0; };
  const auto& poly = mesh.mesh();

  // Owned cells of the points given on faces.
  std::vector<GlobalLabel> givenCells;
  for (std::size_t i = 0; i < n; ++i)
    if (onFace(i)) givenCells.push_back(faces[i].cell);
  const std::vector<Label> givenCellLocal = localIndices(
      givenCells, poly.nCells(), [&](Label c) { return mesh.globalCell(c); });

  constexpr long long none = std::numeric_limits<long long>::max();
  std::vector<Label> local(n, -1);
  std::vector<long long> best(n, none);
  for (std::size_t i = 0, g = 0; i < n; ++i) {
    local[i] = onFace(i) ? givenCellLocal[g++] : mesh.locator().findCell(points_[i]);
    if (local[i] >= 0) best[i] = mesh.globalCell(local[i]);
  }
  comm.minInPlace(std::span<long long>(best));
  cellIds_.assign(n, -1);
  std::vector<PointRequest> pointRequests;
  std::vector<FaceRequest> processorRequests;
  for (std::size_t i = 0; i < n; ++i) {
    if (best[i] == none) continue;
    cellIds_[i] = best[i];
    if (local[i] < 0 || mesh.globalCell(local[i]) != best[i]) continue;
    const Label cell = local[i];
    switch (scheme_) {
      case InterpolationScheme::cell:
        cellTerms_.push_back({i, cell, 1});
        break;
      case InterpolationScheme::cellPoint: {
        Tet tet = findTet(mesh, cell, points_[i]);
        if (tet.quality == -std::numeric_limits<Scalar>::max()) {
          // Only flat tetrahedra (a degenerate cell): use the cell value. No throw here,
          // the other ranks are about to enter a collective.
          cellTerms_.push_back({i, cell, 1});
          break;
        }
        cellTerms_.push_back({i, cell, tet.weights[0]});
        for (int k = 0; k < 3; ++k)
          pointRequests.push_back({i, k, mesh.globalPoint(tet.points[k]), tet.weights[k + 1]});
        break;
      }
      case InterpolationScheme::cellPointFace: {
        if (onFace(i)) break;  // below, on the rank holding the face's global orientation
        const CellPointFaceWeights w = cellPointFaceWeights(mesh, cell, points_[i]);
        if (w.inTet) {
          for (int k = 0; k < 2; ++k) pointRequests.push_back({i, k, mesh.globalPoint(w.points[k]), w.phi[k]});
          addFaceValue({i, w.face, cell, w.phi[2]}, processorRequests);
          cellTerms_.push_back({i, cell, w.phi[3]});
        } else if (w.face >= 0) {
          addFaceValue({i, w.face, cell, 1}, processorRequests);
        } else {
          cellTerms_.push_back({i, cell, 1});
        }
        break;
      }
    }
  }

  if (scheme_ == InterpolationScheme::cellPointFace && !faces.empty()) {
    // A point on a face: computed by the rank holding the face with the lower
    // global cell id as owner, i.e. in the undecomposed mesh's orientation and
    // vertex order (OpenFOAM's triangle test depends on them).
    std::vector<GlobalLabel> givenFaces;
    for (std::size_t i = 0; i < n; ++i)
      if (onFace(i) && cellIds_[i] >= 0) givenFaces.push_back(faces[i].face);
    const std::vector<Label> givenFaceLocal =
        localIndices(givenFaces, poly.nFaces(), [&](Label f) { return mesh.globalFace(f); });
    std::vector<Label> localFace(n, -1);
    std::vector<long long> side(n, none);
    for (std::size_t i = 0, g = 0; i < n; ++i) {
      if (!onFace(i) || cellIds_[i] < 0) continue;
      localFace[i] = givenFaceLocal[g++];
      if (localFace[i] >= 0) side[i] = mesh.globalCell(poly.owner()[localFace[i]]);
    }
    comm.minInPlace(std::span<long long>(side));
    for (std::size_t i = 0; i < n; ++i) {
      const Label f = localFace[i];
      if (f < 0 || side[i] == none || mesh.globalCell(poly.owner()[f]) != side[i]) continue;
      std::array<Label, 2> pts{};
      std::array<Scalar, 3> phi{};
      if (findFaceTriangle(mesh, f, points_[i], pts, phi)) {
        for (int k = 0; k < 2; ++k) pointRequests.push_back({i, k, mesh.globalPoint(pts[k]), phi[k]});
        addFaceValue({i, f, poly.owner()[f], phi[2]}, processorRequests);
      } else {
        addFaceValue({i, f, poly.owner()[f], 1}, processorRequests);
      }
    }
  }
  if (scheme_ == InterpolationScheme::cellPointFace) resolveProcessorFaces(processorRequests);
  if (scheme_ != InterpolationScheme::cell) setUpPointInterpolation(pointRequests);
}

void PointSampler::addFaceValue(const FaceRequest& r, std::vector<FaceRequest>& processorRequests) {
  const auto& poly = mesh_.mesh();
  const auto& geo = mesh_.geometry();
  const Label f = r.face;
  if (f < poly.nInternalFaces()) {
    const Label own = poly.owner()[f], nei = poly.neighbour()[f];
    const Scalar dOwn = ownerDistance(geo, f, own), dNei = ownerDistance(geo, f, nei);
    const Scalar w = dOwn + dNei > 0 ? dNei / (dOwn + dNei) : 0.5;
    cellTerms_.push_back({r.index, own, r.weight * w});
    cellTerms_.push_back({r.index, nei, r.weight * (1 - w)});
  } else if (mesh_.isProcessorFace(f)) {
    processorRequests.push_back(r);
  } else if (const Label p = mesh_.patchOf(f); p >= 0 && poly.patches()[p].type == "empty") {
    cellTerms_.push_back({r.index, r.cell, r.weight});  // OpenFOAM: empty patches hold no values
  } else {
    boundaryTerms_.push_back({r.index, f, r.weight});
  }
}

void PointSampler::resolveProcessorFaces(const std::vector<FaceRequest>& requests) {
  // Collective. A processor face's value w P + (1 - w) N: the requesting rank
  // adds its cell's share, the rank across the face the other cell's.
  const auto& poly = mesh_.mesh();
  const auto& geo = mesh_.geometry();
  const std::size_t n = points_.size();
  std::vector<long long> face(n, -1);
  std::vector<char> requested(n, 0);
  for (const FaceRequest& r : requests) {
    face[r.index] = mesh_.globalFace(r.face);
    requested[r.index] = 1;
  }
  comm_.maxInPlace(std::span<long long>(face));
  std::vector<GlobalLabel> asked;
  std::vector<std::size_t> askedIndex;
  for (std::size_t i = 0; i < n; ++i)
    if (face[i] >= 0 && !requested[i]) {
      asked.push_back(face[i]);
      askedIndex.push_back(i);
    }
  const std::vector<Label> askedLocal = localIndices(asked, poly.nFaces(), [&](Label f) {
    return mesh_.isProcessorFace(f) ? mesh_.globalFace(f) : GlobalLabel{-1};
  });
  // Per point: requester's distance and weight, the other side's distance and presence.
  std::vector<double> data(4 * n, 0.0);
  for (const FaceRequest& r : requests) {
    data[4 * r.index] = ownerDistance(geo, r.face, poly.owner()[r.face]);
    data[4 * r.index + 1] = r.weight;
  }
  for (std::size_t a = 0; a < asked.size(); ++a)
    if (const Label f = askedLocal[a]; f >= 0) {
      data[4 * askedIndex[a] + 2] = ownerDistance(geo, f, poly.owner()[f]);
      data[4 * askedIndex[a] + 3] = 1;
    }
  comm_.sumInPlace(std::span<double>(data));
  for (const FaceRequest& r : requests) {
    const double dMine = data[4 * r.index], dOther = data[4 * r.index + 2];
    const bool other = data[4 * r.index + 3] > 0 && dMine + dOther > 0;
    cellTerms_.push_back({r.index, poly.owner()[r.face], r.weight * (other ? dOther / (dMine + dOther) : 1.0)});
  }
  for (std::size_t a = 0; a < asked.size(); ++a) {
    const Label f = askedLocal[a];
    if (f < 0) continue;
    const std::size_t i = askedIndex[a];
    const double dRequester = data[4 * i], dMine = data[4 * i + 2];
    if (dRequester + dMine > 0)
      cellTerms_.push_back({i, poly.owner()[f], data[4 * i + 1] * dRequester / (dRequester + dMine)});
  }
}

void PointSampler::setUpPointInterpolation(const std::vector<PointRequest>& requests) {
  const auto& mesh = mesh_.mesh();
  const std::size_t n = points_.size();
  // Every rank learns which mesh points the owners need (-1 where this rank owns nothing).
  std::vector<long long> wanted(3 * n, -1);
  for (const PointRequest& r : requests) wanted[3 * r.index + r.slot] = r.point;
  comm_.maxInPlace(std::span<long long>(wanted));
  for (long long g : wanted)
    if (g >= 0) needed_.push_back(g);
  std::sort(needed_.begin(), needed_.end());
  needed_.erase(std::unique(needed_.begin(), needed_.end()), needed_.end());
  auto neededIndex = [&](GlobalLabel g) {
    const auto it = std::lower_bound(needed_.begin(), needed_.end(), g);
    return (it != needed_.end() && *it == g) ? static_cast<Label>(it - needed_.begin()) : Label{-1};
  };
  for (const PointRequest& r : requests) pointTerms_.push_back({r.index, neededIndex(r.point), r.weight});

  // This rank's share of each needed point: the owned cells and value-patch faces around it.
  const std::size_t m = needed_.size();
  neededLocal_.assign(m, -1);
  std::vector<Label> pointToNeeded(mesh.nPoints(), -1);
  for (Label p = 0; p < mesh.nPoints(); ++p)
    if (const Label j = neededIndex(mesh_.globalPoint(p)); j >= 0) {
      pointToNeeded[p] = j;
      neededLocal_[j] = p;
    }
  pointCells_.assign(m, {});
  pointFaces_.assign(m, {});
  std::vector<char> valueFace(mesh.nFaces() - mesh.nInternalFaces(), 0);
  for (const mesh::Patch& patch : mesh.patches())
    if (isValuePatch(patch))
      for (Label f = patch.start; f < patch.start + patch.size; ++f) valueFace[f - mesh.nInternalFaces()] = 1;
  const auto& centres = mesh_.geometry().cellCentres;
  const auto& faceCentres = mesh_.geometry().faceCentres;
  auto addCell = [&](Label j, Label cell) {
    auto& list = pointCells_[j];
    for (const Weighted& w : list)
      if (w.index == cell) return;
    list.push_back({cell, 1.0 / mag(mesh.points()[neededLocal_[j]] - centres[cell])});
  };
  for (Label f = 0; f < mesh.nFaces(); ++f)
    for (Label v : mesh.faces()[f]) {
      const Label j = pointToNeeded[v];
      if (j < 0) continue;
      addCell(j, mesh.owner()[f]);
      if (f < mesh.nInternalFaces()) {
        addCell(j, mesh.neighbour()[f]);
      } else if (valueFace[f - mesh.nInternalFaces()]) {
        pointFaces_[j].push_back({f, 1.0 / mag(mesh.points()[v] - faceCentres[f])});
      }
    }
  // Weight sums over all ranks: [cells of point 0, faces of point 0, cells of point 1, ...].
  std::vector<double> sums(2 * m, 0.0);
  for (std::size_t j = 0; j < m; ++j) {
    for (const Weighted& w : pointCells_[j]) sums[2 * j] += w.weight;
    for (const Weighted& w : pointFaces_[j]) sums[2 * j + 1] += w.weight;
  }
  comm_.sumInPlace(std::span<double>(sums));
  cellWeightSum_.resize(m);
  faceWeightSum_.resize(m);
  for (std::size_t j = 0; j < m; ++j) {
    cellWeightSum_[j] = sums[2 * j];
    faceWeightSum_[j] = sums[2 * j + 1];
  }
}

std::vector<double> PointSampler::pointValues(std::span<const SampledField> fields, int totalComponents) const {
  const auto& mesh = mesh_.mesh();
  const std::size_t m = needed_.size();
  const std::size_t stride = 2 * static_cast<std::size_t>(totalComponents);
  std::vector<double> sums(m * stride, 0.0);
  for (std::size_t j = 0; j < m; ++j) {
    if (neededLocal_[j] < 0) continue;
    int offset = 0;
    for (const SampledField& field : fields) {
      const int nc = field.components;
      double* cellSum = &sums[j * stride + 2 * offset];
      double* faceSum = cellSum + nc;
      for (const Weighted& w : pointCells_[j])
        for (int k = 0; k < nc; ++k) cellSum[k] += w.weight * field.cells[w.index * nc + k];
      for (const Weighted& w : pointFaces_[j]) {
        const std::size_t b = static_cast<std::size_t>(w.index - mesh.nInternalFaces());
        for (int k = 0; k < nc; ++k) {
          const double v = field.boundaryFaces.empty() ? field.cells[mesh.owner()[w.index] * nc + k]
                                                       : field.boundaryFaces[b * nc + k];
          faceSum[k] += w.weight * v;
        }
      }
      offset += nc;
    }
  }
  comm_.sumInPlace(std::span<double>(sums));
  // Point values: boundary-face average on value patches, cell average elsewhere.
  std::vector<double> values(m * totalComponents);
  for (std::size_t j = 0; j < m; ++j) {
    int offset = 0;
    for (const SampledField& field : fields) {
      const int nc = field.components;
      const double* cellSum = &sums[j * stride + 2 * offset];
      const double* faceSum = cellSum + nc;
      for (int k = 0; k < nc; ++k)
        values[j * totalComponents + offset + k] =
            faceWeightSum_[j] > 0 ? faceSum[k] / faceWeightSum_[j] : cellSum[k] / cellWeightSum_[j];
      offset += nc;
    }
  }
  return values;
}

std::vector<std::vector<double>> PointSampler::sample(std::span<const SampledField> fields) const {
  const auto& mesh = mesh_.mesh();
  // Boundary values are read on value-patch faces only, so they may stop
  // before the faces of empty patches (an FvMesh puts those last).
  Label nBoundaryRead = 0;
  for (const Term& t : boundaryTerms_) nBoundaryRead = std::max(nBoundaryRead, t.source + 1 - mesh.nInternalFaces());
  for (const auto& list : pointFaces_)
    for (const Weighted& w : list) nBoundaryRead = std::max(nBoundaryRead, w.index + 1 - mesh.nInternalFaces());
  int total = 0;
  for (const SampledField& field : fields) {
    if (field.components < 1) throw Error("PointSampler: field with no components");
    if (field.cells.size() < static_cast<std::size_t>(mesh.nCells()) * field.components)
      throw Error(fmt::format("PointSampler: {} cell values for {} cells", field.cells.size(), mesh.nCells()));
    if (!field.boundaryFaces.empty() &&
        field.boundaryFaces.size() < static_cast<std::size_t>(nBoundaryRead) * field.components)
      throw Error(fmt::format("PointSampler: {} boundary values; boundary face {} is sampled",
                              field.boundaryFaces.size() / field.components, nBoundaryRead - 1));
    total += field.components;
  }
  std::vector<double> pointVals;
  if (scheme_ != InterpolationScheme::cell) pointVals = pointValues(fields, total);

  const std::size_t n = points_.size();
  std::vector<double> buffer(n * total, 0.0);
  // Per point and component the terms add in order: cells, boundary faces, mesh points.
  const Label nInternal = mesh.nInternalFaces();
  int offset = 0;
  for (const SampledField& field : fields) {
    const int nc = field.components;
    auto at = [&](std::size_t index, int k) -> double& { return buffer[index * total + offset + k]; };
    auto cellValue = [&](Label cell, int k) { return field.cells[static_cast<std::size_t>(cell) * nc + k]; };
    for (const Term& t : cellTerms_)
      for (int k = 0; k < nc; ++k) at(t.index, k) += t.weight * cellValue(t.source, k);
    for (const Term& t : boundaryTerms_)
      for (int k = 0; k < nc; ++k)
        at(t.index, k) += t.weight * (field.boundaryFaces.empty()
                                          ? cellValue(mesh.owner()[t.source], k)
                                          : field.boundaryFaces[static_cast<std::size_t>(t.source - nInternal) * nc + k]);
    for (const Term& t : pointTerms_)
      for (int k = 0; k < nc; ++k)
        at(t.index, k) += t.weight * pointVals[static_cast<std::size_t>(t.source) * total + offset + k];
    offset += nc;
  }
  comm_.sumInPlace(std::span<double>(buffer));

  std::vector<std::vector<double>> result;
  offset = 0;
  for (const SampledField& field : fields) {
    const int nc = field.components;
    std::vector<double> values(n * nc);
    for (std::size_t i = 0; i < n; ++i)
      for (int k = 0; k < nc; ++k)
        values[i * nc + k] = found(i) ? buffer[i * total + offset + k] : std::numeric_limits<double>::quiet_NaN();
    result.push_back(std::move(values));
    offset += nc;
  }
  return result;
}

}  // namespace sluice::output
