#pragma once
// Test support: the MeshShare a rank would hold of a mesh every rank has
// (rank r of P: faces [F r/P, F (r+1)/P) and points [N r/P, N (r+1)/P)),
// so the start-up's partitioning and migration can be tested without the
// parallel readers.
//
//   const mesh::PolyMesh global = test::boxMesh(12, 9, 1);
//   parallel::MeshShare share = test::sliceMesh(global, rank, size);
#include "sluice/mesh/poly_mesh.hpp"
#include "sluice/parallel/mesh_share.hpp"

namespace sluice::test {

inline parallel::MeshShare sliceMesh(const mesh::PolyMesh& m, int rank, int size) {
  parallel::MeshShare s;
  s.name = m.name();
  s.nGlobalCells = m.nCells();
  s.nGlobalFaces = m.nFaces();
  s.nGlobalInternalFaces = m.nInternalFaces();
  s.nGlobalPoints = m.nPoints();
  s.patches = m.patches();
  const GlobalLabel f0 = s.nGlobalFaces * rank / size, f1 = s.nGlobalFaces * (rank + 1) / size;
  for (GlobalLabel f = f0; f < f1; ++f) {
    const auto face = static_cast<Label>(f);
    s.faceIds.push_back(f);
    s.owner.push_back(m.owner()[face]);
    s.neighbour.push_back(face < m.nInternalFaces() ? m.neighbour()[face] : -1);
    s.faces.add(m.faces()[face]);
  }
  s.firstPoint = s.nGlobalPoints * rank / size;
  const GlobalLabel p1 = s.nGlobalPoints * (rank + 1) / size;
  s.points.assign(m.points().begin() + s.firstPoint, m.points().begin() + p1);
  return s;
}

}  // namespace sluice::test
