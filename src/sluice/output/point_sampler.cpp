#include "sluice/output/point_sampler.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "sluice/core/error.hpp"

namespace sluice::output {

const char* schemeName(InterpolationScheme scheme) {
  return scheme == InterpolationScheme::cell ? "cell" : "cellPoint";
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

}  // namespace

PointSampler::PointSampler(const SamplingMesh& mesh, std::vector<Vec3> points, InterpolationScheme scheme,
                           const parallel::Communicator& comm)
    : mesh_(mesh), comm_(comm), points_(std::move(points)), scheme_(scheme) {
  const std::size_t n = points_.size();
  constexpr long long none = std::numeric_limits<long long>::max();
  std::vector<Label> local(n, -1);
  std::vector<long long> best(n, none);
  for (std::size_t i = 0; i < n; ++i) {
    local[i] = mesh.locator().findCell(points_[i]);
    if (local[i] >= 0) best[i] = mesh.globalCell(local[i]);
  }
  comm.minInPlace(std::span<long long>(best));
  cellIds_.assign(n, -1);
  std::vector<std::array<GlobalLabel, 3>> tetGlobalPoints;
  for (std::size_t i = 0; i < n; ++i) {
    if (best[i] == none) continue;
    cellIds_[i] = best[i];
    if (local[i] < 0 || mesh.globalCell(local[i]) != best[i]) continue;
    Owned o{i, local[i]};
    if (scheme_ == InterpolationScheme::cellPoint) {
      Tet tet = findTet(mesh, local[i], points_[i]);
      if (tet.quality == -std::numeric_limits<Scalar>::max()) {
        // Only flat tetrahedra (a degenerate cell): use the cell value. No throw here,
        // the other ranks are about to enter a collective.
        const auto face = mesh.mesh().faces()[mesh.cellFaces()[local[i]][0]];
        tet.points = {face[0], face[1], face[2]};
        tet.weights = {1, 0, 0, 0};
      }
      std::array<GlobalLabel, 3> g{};
      for (int k = 0; k < 3; ++k) {
        g[k] = mesh.globalPoint(tet.points[k]);
        o.weights[k + 1] = tet.weights[k + 1];
      }
      o.weights[0] = tet.weights[0];
      tetGlobalPoints.push_back(g);
    }
    owned_.push_back(o);
  }
  if (scheme_ == InterpolationScheme::cellPoint) setUpPointInterpolation(tetGlobalPoints);
}

void PointSampler::setUpPointInterpolation(const std::vector<std::array<GlobalLabel, 3>>& tetGlobalPoints) {
  const auto& mesh = mesh_.mesh();
  const std::size_t n = points_.size();
  // Every rank learns which mesh points the owners need (-1 where this rank owns nothing).
  std::vector<long long> wanted(3 * n, -1);
  for (std::size_t o = 0; o < owned_.size(); ++o)
    for (int k = 0; k < 3; ++k) wanted[3 * owned_[o].index + k] = tetGlobalPoints[o][k];
  comm_.maxInPlace(std::span<long long>(wanted));
  for (long long g : wanted)
    if (g >= 0) needed_.push_back(g);
  std::sort(needed_.begin(), needed_.end());
  needed_.erase(std::unique(needed_.begin(), needed_.end()), needed_.end());
  auto neededIndex = [&](GlobalLabel g) {
    const auto it = std::lower_bound(needed_.begin(), needed_.end(), g);
    return (it != needed_.end() && *it == g) ? static_cast<Label>(it - needed_.begin()) : Label{-1};
  };
  for (std::size_t o = 0; o < owned_.size(); ++o)
    for (int k = 0; k < 3; ++k) owned_[o].tetPoints[k] = neededIndex(tetGlobalPoints[o][k]);

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
  int total = 0;
  for (const SampledField& field : fields) {
    if (field.components < 1) throw Error("PointSampler: field with no components");
    if (field.cells.size() < static_cast<std::size_t>(mesh.nCells()) * field.components)
      throw Error(fmt::format("PointSampler: {} cell values for {} cells", field.cells.size(), mesh.nCells()));
    if (!field.boundaryFaces.empty() &&
        field.boundaryFaces.size() < static_cast<std::size_t>(mesh.nFaces() - mesh.nInternalFaces()) * field.components)
      throw Error(fmt::format("PointSampler: {} boundary values for {} boundary faces", field.boundaryFaces.size(),
                              mesh.nFaces() - mesh.nInternalFaces()));
    total += field.components;
  }
  std::vector<double> pointVals;
  if (scheme_ == InterpolationScheme::cellPoint) pointVals = pointValues(fields, total);

  const std::size_t n = points_.size();
  std::vector<double> buffer(n * total, 0.0);
  for (const Owned& o : owned_) {
    int offset = 0;
    for (const SampledField& field : fields) {
      const int nc = field.components;
      for (int k = 0; k < nc; ++k) {
        double v = o.weights[0] * field.cells[static_cast<std::size_t>(o.cell) * nc + k];
        if (scheme_ == InterpolationScheme::cellPoint)
          for (int t = 0; t < 3; ++t) v += o.weights[t + 1] * pointVals[o.tetPoints[t] * total + offset + k];
        buffer[o.index * total + offset + k] = v + 0.0;  // -0 as +0, as the sum over ranks would give
      }
      offset += nc;
    }
  }
  comm_.sumInPlace(std::span<double>(buffer));

  std::vector<std::vector<double>> result;
  int offset = 0;
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
