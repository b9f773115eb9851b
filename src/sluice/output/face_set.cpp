#include "sluice/output/face_set.hpp"

#include <algorithm>
#include <cmath>

namespace sluice::output {

namespace {

/// faceOnlySet's tolerance (OpenFOAM's ROOTSMALL), as a fraction of the line.
constexpr Scalar kTolerance = 3.1622776601683794e-8;
/// Barycentric slack of the triangle test, so that a line through an edge
/// crosses the faces on both sides (merged afterwards).
constexpr Scalar kEdgeSlack = 1e-10;

/// Where start + t d crosses `face` (its triangle fan from point 0), if it does.
bool crossing(const mesh::PolyMesh& mesh, Label face, const Vec3& start, const Vec3& d, Scalar& t) {
  const auto verts = mesh.faces()[face];
  const auto& pts = mesh.points();
  const Vec3& p0 = pts[verts[0]];
  for (std::size_t i = 1; i + 1 < verts.size(); ++i) {
    const Vec3 e1 = pts[verts[i]] - p0;
    const Vec3 e2 = pts[verts[i + 1]] - p0;
    const Vec3 h = cross(d, e2);
    const Scalar a = dot(e1, h);
    if (!(std::abs(a) > 1e-12 * mag(d) * mag(e1) * mag(e2))) continue;  // the line runs along the triangle
    const Vec3 s = start - p0;
    const Scalar u = dot(s, h) / a;
    if (u < -kEdgeSlack || u > 1 + kEdgeSlack) continue;
    const Vec3 q = cross(s, e1);
    const Scalar v = dot(d, q) / a;
    if (v < -kEdgeSlack || u + v > 1 + kEdgeSlack) continue;
    t = dot(e2, q) / a;
    return true;
  }
  return false;
}

struct Crossing {
  Scalar t = 0;
  GlobalLabel face = -1;
  GlobalLabel cell = -1;
};

}  // namespace

std::vector<FaceSetSample> faceSetSamples(const SamplingMesh& sm, const Vec3& start, const Vec3& end,
                                          const parallel::Communicator& comm) {
  const auto& mesh = sm.mesh();
  const auto& geo = sm.geometry();
  const Vec3 d = end - start;

  // This rank's crossings, for t up to 2 (the face past the end is at most one line length on).
  std::vector<Crossing> local;
  for (Label f = 0; f < mesh.nFaces(); ++f) {
    Scalar t = 0;
    if (!crossing(mesh, f, start, d, t) || t < -kTolerance || t > 2 + kTolerance) continue;
    const Label owner = mesh.owner()[f];
    const bool forward = dot(d, geo.faceAreas[f]) > 0;  // from the owner's side to the other
    GlobalLabel cell = sm.globalCell(owner);
    if (forward && f < mesh.nInternalFaces()) cell = sm.globalCell(mesh.neighbour()[f]);
    if (forward && sm.isProcessorFace(f)) cell = -1;  // the other rank knows it
    local.push_back({t, sm.globalFace(f), cell});
  }

  // Every rank's crossings on every rank: each rank fills its slice, the sums gather them.
  const long long count = static_cast<long long>(local.size());
  const long long first = comm.exclusiveSum(count);
  const long long total = comm.sum(count);
  std::vector<double> ts(static_cast<std::size_t>(total), 0.0);
  std::vector<long long> ids(2 * static_cast<std::size_t>(total), 0);
  for (std::size_t i = 0; i < local.size(); ++i) {
    const std::size_t k = static_cast<std::size_t>(first) + i;
    ts[k] = local[i].t;
    ids[2 * k] = local[i].face;
    ids[2 * k + 1] = local[i].cell;
  }
  comm.sumInPlace(std::span<double>(ts));
  comm.sumInPlace(std::span<long long>(ids));
  const bool endInside = comm.anyTrue(sm.locator().findCell(end) >= 0);

  // One entry per face (processor faces come from both sides; the entered cell from either).
  std::vector<Crossing> all(static_cast<std::size_t>(total));
  for (std::size_t k = 0; k < all.size(); ++k) all[k] = {ts[k], ids[2 * k], ids[2 * k + 1]};
  std::sort(all.begin(), all.end(), [](const Crossing& a, const Crossing& b) {
    return a.face != b.face ? a.face < b.face : (a.t != b.t ? a.t < b.t : a.cell > b.cell);
  });
  std::vector<Crossing> faces;
  for (const Crossing& c : all) {
    if (!faces.empty() && faces.back().face == c.face) {
      faces.back().cell = std::max(faces.back().cell, c.cell);
      continue;
    }
    faces.push_back(c);
  }
  std::sort(faces.begin(), faces.end(),
            [](const Crossing& a, const Crossing& b) { return a.t != b.t ? a.t < b.t : a.face < b.face; });
  // One crossing per place: of faces crossed within the tolerance (an edge or
  // a corner), the lowest global face id.
  std::vector<Crossing> places;
  for (std::size_t i = 0; i < faces.size();) {
    std::size_t j = i + 1;
    while (j < faces.size() && faces[j].t - faces[i].t <= kTolerance) ++j;
    places.push_back(*std::min_element(faces.begin() + static_cast<std::ptrdiff_t>(i),
                                       faces.begin() + static_cast<std::ptrdiff_t>(j),
                                       [](const Crossing& a, const Crossing& b) { return a.face < b.face; }));
    i = j;
  }

  // As OpenFOAM's tracking: from the start on; with the end inside the mesh,
  // up to the first face hit at or past the end (one line length at most
  // from the previous stop), else up to where the line leaves the mesh.
  std::vector<Crossing> kept;
  for (const Crossing& c : places) {
    if (c.t < -kTolerance) continue;
    if (c.t < 1 - kTolerance) {
      kept.push_back(c);
    } else if (endInside) {
      const Scalar previous = kept.empty() ? 0 : std::max<Scalar>(0, kept.back().t);
      if (c.t <= previous + 1 + kTolerance) kept.push_back(c);
      break;
    } else if (c.t <= 1 + kTolerance) {
      kept.push_back(c);
    } else {
      break;
    }
  }

  std::vector<FaceSetSample> samples;
  samples.reserve(kept.size());
  for (const Crossing& c : kept) {
    const Vec3 p = start + c.t * d;
    samples.push_back({p, mag(p - start), c.face, c.cell});
  }
  return samples;
}

}  // namespace sluice::output
