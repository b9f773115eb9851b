#pragma once
// Test support: every rank's MeshShare gathered on every rank and put
// together into the undecomposed PolyMesh, so a test can compare a parallel
// reader or mesher with the serial one (small meshes only: every rank holds
// the whole mesh here, which the start-up itself never does).
//
//   const MeshShare share = readPolyMeshShare(comm, dir);
//   const mesh::PolyMesh whole = test::assembleShares(share);
//   EXPECT_EQ(whole.faces(), mesh::readPolyMesh(dir).faces());
#include <mpi.h>

#include <numeric>
#include <stdexcept>
#include <vector>

#include "sluice/mesh/poly_mesh.hpp"
#include "sluice/parallel/mesh_share.hpp"

namespace sluice::test {

template <class T>
std::vector<T> allGatherv(const std::vector<T>& mine) {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int bytes = static_cast<int>(mine.size() * sizeof(T));
  std::vector<int> counts(size), displs(size, 0);
  MPI_Allgather(&bytes, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
  std::partial_sum(counts.begin(), counts.end() - 1, displs.begin() + 1);
  std::vector<T> all(static_cast<std::size_t>(displs.back() + counts.back()) / sizeof(T));
  MPI_Allgatherv(mine.data(), bytes, MPI_BYTE, all.data(), counts.data(), displs.data(), MPI_BYTE, MPI_COMM_WORLD);
  return all;
}

/// Collective over MPI_COMM_WORLD. Throws std::runtime_error if a face is
/// missing or held twice, or the point ranges do not tile the points.
inline mesh::PolyMesh assembleShares(const parallel::MeshShare& share) {
  const std::vector<GlobalLabel> ids = allGatherv(share.faceIds);
  const std::vector<GlobalLabel> owners = allGatherv(share.owner);
  const std::vector<GlobalLabel> neighbours = allGatherv(share.neighbour);
  std::vector<Label> sizes;
  for (Label f = 0; f < share.faces.size(); ++f) sizes.push_back(static_cast<Label>(share.faces[f].size()));
  const std::vector<Label> allSizes = allGatherv(sizes);
  const std::vector<Label> allVertices = allGatherv(share.faces.vertices());
  const std::vector<GlobalLabel> firstPoints = allGatherv(std::vector<GlobalLabel>{share.firstPoint});
  const std::vector<Vec3> points = allGatherv(share.points);

  if (static_cast<GlobalLabel>(ids.size()) != share.nGlobalFaces)
    throw std::runtime_error("assembleShares: faces held in all do not match nGlobalFaces");
  if (static_cast<GlobalLabel>(points.size()) != share.nGlobalPoints)
    throw std::runtime_error("assembleShares: points held in all do not match nGlobalPoints");
  GlobalLabel expectedFirst = 0;
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  std::vector<GlobalLabel> pointCounts = allGatherv(std::vector<GlobalLabel>{static_cast<GlobalLabel>(share.points.size())});
  for (int r = 0; r < size; ++r) {
    if (firstPoints[r] != expectedFirst) throw std::runtime_error("assembleShares: point ranges do not tile");
    expectedFirst += pointCounts[r];
  }

  const auto nFaces = static_cast<std::size_t>(share.nGlobalFaces);
  std::vector<std::size_t> slot(nFaces, nFaces), firstVertex(ids.size() + 1, 0);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] < 0 || static_cast<std::size_t>(ids[i]) >= nFaces || slot[ids[i]] != nFaces)
      throw std::runtime_error("assembleShares: a face id is out of range or held twice");
    slot[ids[i]] = i;
    firstVertex[i + 1] = firstVertex[i] + static_cast<std::size_t>(allSizes[i]);
  }
  mesh::FaceList faces;
  std::vector<Label> owner(nFaces), neighbour(static_cast<std::size_t>(share.nGlobalInternalFaces));
  for (std::size_t f = 0; f < nFaces; ++f) {
    const std::size_t i = slot[f];
    faces.add(std::span<const Label>(allVertices.data() + firstVertex[i], static_cast<std::size_t>(allSizes[i])));
    owner[f] = static_cast<Label>(owners[i]);
    if (f < neighbour.size()) {
      if (neighbours[i] < 0) throw std::runtime_error("assembleShares: an internal face has no neighbour");
      neighbour[f] = static_cast<Label>(neighbours[i]);
    } else if (neighbours[i] >= 0) {
      throw std::runtime_error("assembleShares: a boundary face has a neighbour");
    }
  }
  return mesh::PolyMesh(points, std::move(faces), std::move(owner), std::move(neighbour), share.patches, share.name);
}

}  // namespace sluice::test
