#include "sluice/output/cell_locator.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sluice::output {

namespace {
constexpr Scalar relativeTolerance = 1e-8;
}

CellLocator::CellLocator(const mesh::PolyMesh& mesh, const mesh::MeshGeometry& geometry,
                         std::span<const GlobalLabel> globalCellIds)
    : mesh_(mesh), geometry_(geometry), globalCellIds_(globalCellIds), cellFaces_(mesh.cellFaces()) {
  const Label nCells = mesh.nCells();
  constexpr Scalar big = std::numeric_limits<Scalar>::max();
  std::vector<Vec3> cellLo(nCells, Vec3{big, big, big}), cellHi(nCells, Vec3{-big, -big, -big});
  for (Label c = 0; c < nCells; ++c)
    for (Label f : cellFaces_[c])
      for (Label v : mesh.faces()[f]) {
        const Vec3& p = mesh.points()[v];
        for (int d = 0; d < 3; ++d) {
          cellLo[c][d] = std::min(cellLo[c][d], p[d]);
          cellHi[c][d] = std::max(cellHi[c][d], p[d]);
        }
      }
  tolerance_.resize(nCells);
  lo_ = Vec3{big, big, big};
  hi_ = Vec3{-big, -big, -big};
  for (Label c = 0; c < nCells; ++c) {
    tolerance_[c] = relativeTolerance * mag(cellHi[c] - cellLo[c]);
    for (int d = 0; d < 3; ++d) {
      cellLo[c][d] -= tolerance_[c];
      cellHi[c][d] += tolerance_[c];
      lo_[d] = std::min(lo_[d], cellLo[c][d]);
      hi_[d] = std::max(hi_[d], cellHi[c][d]);
    }
  }
  if (nCells == 0) {
    lo_ = hi_ = Vec3{};
  }

  // About one bucket per cell, shaped like the bounding box.
  const Vec3 extent = hi_ - lo_;
  const Scalar maxExtent = std::max({extent.x, extent.y, extent.z, std::numeric_limits<Scalar>::min()});
  Scalar volumeFraction = 1;
  for (int d = 0; d < 3; ++d) volumeFraction *= std::max(extent[d] / maxExtent, 1e-3);
  const Scalar perUnit = std::cbrt(std::max<Scalar>(nCells, 1) / volumeFraction);
  for (int d = 0; d < 3; ++d) {
    n_[d] = std::clamp(static_cast<int>(std::ceil(perUnit * extent[d] / maxExtent)), 1, 1024);
    inverseWidth_[d] = extent[d] > 0 ? n_[d] / extent[d] : 0;
  }
  const int nBuckets = n_[0] * n_[1] * n_[2];
  std::vector<Label> count(nBuckets + 1, 0);
  auto forBuckets = [&](Label c, auto&& body) {
    const int i0 = clampedBucket(cellLo[c].x, 0), i1 = clampedBucket(cellHi[c].x, 0);
    const int j0 = clampedBucket(cellLo[c].y, 1), j1 = clampedBucket(cellHi[c].y, 1);
    const int k0 = clampedBucket(cellLo[c].z, 2), k1 = clampedBucket(cellHi[c].z, 2);
    for (int k = k0; k <= k1; ++k)
      for (int j = j0; j <= j1; ++j)
        for (int i = i0; i <= i1; ++i) body(bucketIndex(i, j, k));
  };
  for (Label c = 0; c < nCells; ++c) forBuckets(c, [&](int b) { ++count[b + 1]; });
  for (int b = 0; b < nBuckets; ++b) count[b + 1] += count[b];
  bucketStart_ = count;
  bucketCells_.resize(count[nBuckets]);
  for (Label c = 0; c < nCells; ++c) forBuckets(c, [&](int b) { bucketCells_[count[b]++] = c; });
}

int CellLocator::clampedBucket(Scalar x, int d) const {
  const Scalar t = (x - lo_[d]) * inverseWidth_[d];
  if (!(t > 0)) return 0;
  return std::min(static_cast<int>(t), n_[d] - 1);
}

bool CellLocator::contains(Label cell, const Vec3& p) const {
  for (Label f : cellFaces_[cell]) {
    const Vec3& s = geometry_.faceAreas[f];
    const Scalar sMag = geometry_.faceAreaMag(f);
    if (sMag <= 0) continue;
    Scalar distance = dot(p - geometry_.faceCentres[f], s) / sMag;  // along the owner's outward normal
    if (mesh_.owner()[f] != cell) distance = -distance;
    if (distance > tolerance_[cell]) return false;
  }
  return true;
}

Label CellLocator::findCell(const Vec3& p) const {
  if (bucketCells_.empty()) return -1;
  for (int d = 0; d < 3; ++d)
    if (p[d] < lo_[d] || p[d] > hi_[d]) return -1;
  const int b = bucketIndex(clampedBucket(p.x, 0), clampedBucket(p.y, 1), clampedBucket(p.z, 2));
  Label best = -1;
  for (Label i = bucketStart_[b]; i < bucketStart_[b + 1]; ++i) {
    const Label c = bucketCells_[i];
    if (best >= 0 && globalCellIds_[c] >= globalCellIds_[best]) continue;
    if (contains(c, p)) best = c;
  }
  return best;
}

}  // namespace sluice::output
