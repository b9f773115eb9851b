#pragma once
// Fields to sample, for the output module's MPI tests: a function evaluated
// at the cell centres and boundary face centres of a (local or whole) mesh,
// as PointSampler takes it; the linear fields that cellPoint and
// cellPointFace reproduce exactly; uniformly spaced points on a line; the
// identity cell ids of an undecomposed mesh sampled serially.
//
//   const FieldData f = evaluate(sm, linear);            // scalar
//   const VectorData v = evaluateVector(sm, linearVector); // x, y, z per entry
//   const SampledField fields[2] = {f.view(), v.view()};
//   const std::vector<Vec3> pts = line(start, end, 33);    // start, ..., end
//   const std::vector<GlobalLabel> ids = identityIds(global.nCells());
//   const SamplingMesh serialMesh(global, ids);
#include <functional>
#include <vector>

#include "sluice/core/vec3.hpp"
#include "sluice/output/point_sampler.hpp"
#include "sluice/output/sampling_mesh.hpp"

namespace sluice::test {

using FieldFunction = std::function<double(const Vec3&)>;
using VectorFunction = std::function<Vec3(const Vec3&)>;

/// Cell values f(cell centre) and boundary values f(face centre) of a local mesh.
struct FieldData {
  std::vector<double> cells, boundary;
  output::SampledField view() const { return {1, cells, boundary}; }
};

inline FieldData evaluate(const output::SamplingMesh& sm, const FieldFunction& f) {
  FieldData d;
  for (Label c = 0; c < sm.mesh().nCells(); ++c) d.cells.push_back(f(sm.geometry().cellCentres[c]));
  for (Label face = sm.mesh().nInternalFaces(); face < sm.mesh().nFaces(); ++face)
    d.boundary.push_back(f(sm.geometry().faceCentres[face]));
  return d;
}

/// A vector field's cell and boundary values (x, y, z per entry).
struct VectorData {
  std::vector<double> cells, boundary;
  output::SampledField view() const { return {3, cells, boundary}; }
};

inline VectorData evaluateVector(const output::SamplingMesh& sm, const VectorFunction& f) {
  VectorData d;
  for (Label c = 0; c < sm.mesh().nCells(); ++c) {
    const Vec3 v = f(sm.geometry().cellCentres[c]);
    d.cells.insert(d.cells.end(), {v.x, v.y, v.z});
  }
  for (Label face = sm.mesh().nInternalFaces(); face < sm.mesh().nFaces(); ++face) {
    const Vec3 v = f(sm.geometry().faceCentres[face]);
    d.boundary.insert(d.boundary.end(), {v.x, v.y, v.z});
  }
  return d;
}

inline double linear(const Vec3& p) { return 1.0 + 2.0 * p.x - 3.0 * p.y + 0.5 * p.z; }
inline Vec3 linearVector(const Vec3& p) { return {p.y - 2 * p.z, 3 * p.x + 0.25, -p.x + p.y + 4 * p.z}; }

/// n >= 2 points evenly spaced from a to b, both included.
inline std::vector<Vec3> line(const Vec3& a, const Vec3& b, int n) {
  std::vector<Vec3> pts;
  for (int i = 0; i < n; ++i) pts.push_back(a + (b - a) * (static_cast<Scalar>(i) / (n - 1)));
  return pts;
}

/// 0, 1, ..., n - 1: the global cell ids of an undecomposed mesh.
inline std::vector<GlobalLabel> identityIds(Label n) {
  std::vector<GlobalLabel> ids(n);
  for (Label i = 0; i < n; ++i) ids[i] = i;
  return ids;
}

}  // namespace sluice::test
