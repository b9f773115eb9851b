#pragma once
// The last step of the distributed start-up: the faces of the MeshShares move
// to the ranks that own their cells, the points follow, and each rank builds
// its DistributedMesh with the layout of extractRankMesh (distribute.hpp), so
// both start-ups give every rank the same part for the same cell-to-rank map.
//
//   ShareMigration migration(world.get(), share, blocks, part, traffic);   // collective: parts of the faces' cells
//   std::vector<int> nbrs = migration.neighbourParts();                      // collective: parts sharing faces with mine
//   Communicator graph = world.distributedGraph(nbrs);                      // placement before anything moves
//   DistributedMesh mine = migration.build(world.translateRanks(all, graph)); // collective: faces and points move
//
// Parts are ranks of the communicator given to the constructor; build()
// names them in the numbering `rankOfPart` gives (a graph communicator's),
// which orders the processor patches and names them procBoundary<me>to<nbr>.
//
// A migration that is not the last (the cell blocks' own meshes, to compute
// cell centres before a geometric partitioning) keeps the share's faces and
// needs only the faces as the whole mesh has them, not a DistributedMesh:
//   mesh::PolyMesh block = ShareMigration(comm, share, blocks, ownBlock, traffic)
//                              .globalOrientationMesh(ShareFaces::keep);      // share still whole
//
// A rank's faces for its own part are read from its share; only the faces
// for other parts go through the all-to-all buffers.
#include <mpi.h>

#include <cstdint>
#include <span>
#include <vector>

#include "sluice/parallel/distributed_mesh.hpp"
#include "sluice/parallel/mesh_share.hpp"
#include "sluice/parallel/startup_exchange.hpp"

namespace sluice::parallel {

/// What build() does with the share's faces once they are sent.
enum class ShareFaces { release, keep };

class ShareMigration {
 public:
  /// Collective. `blockPart[i]` is the part of cell cellBlocks.first(rank) + i.
  ShareMigration(MPI_Comm comm, MeshShare& share, const IdRanges& cellBlocks, std::span<const int> blockPart,
                 StartupTraffic& traffic);

  /// Collective. The other parts that share a face with this rank's part, ascending.
  std::vector<int> neighbourParts();

  /// Collective. This rank's part of the mesh; `rankOfPart[p]` is the number
  /// of part p in the run's communicator (identity without placement). Once
  /// the faces are sent, the share's faces are released (its points stay),
  /// unless `faces` says keep.
  DistributedMesh build(std::span<const int> rankOfPart, ShareFaces faces = ShareFaces::release);

  /// Collective. The faces of this part's cells as the undecomposed mesh has
  /// them (its vertex order, owner and neighbour, increasing global face id:
  /// internal faces first, then one patch "boundary"), the cells numbered in
  /// increasing global id, then the other parts' cells in the order the faces
  /// meet them. For cell centres computed exactly as on the whole mesh.
  mesh::PolyMesh globalOrientationMesh(ShareFaces faces = ShareFaces::release);

 private:
  /// A face as it arrives: global ids, the parts of its cells, its vertices
  /// (global point ids) at [firstVertex(), firstVertex() + nVertices()) of
  /// the arrived vertex list. 40 bytes (the start-up's largest array holds
  /// one per face of the part): the vertex range in one word.
  struct ArrivedFace {
    GlobalLabel id = 0, owner = 0, neighbour = -1;
    int ownerPart = 0, neighbourPart = -1;
    std::uint64_t vertexRange = 0;  ///< see range()

    std::size_t firstVertex() const { return static_cast<std::size_t>(vertexRange >> kCountBits); }
    Label nVertices() const { return static_cast<Label>(vertexRange & ((std::uint64_t{1} << kCountBits) - 1)); }
    /// firstVertex in the high 40 bits, nVertices in the low 24 (InputError
    /// for a face of more vertices).
    static std::uint64_t range(std::size_t firstVertex, Label nVertices);
    static constexpr int kCountBits = 24;
  };
  struct Arrived {
    std::vector<ArrivedFace> faces;  ///< increasing global id
    std::vector<Label> vertices;
  };
  struct FetchedPoints {
    std::vector<GlobalLabel> globalIds;  ///< increasing
    std::vector<Vec3> coordinates;       ///< of globalIds
  };
  Arrived arrive(ShareFaces faces);  // collective: this part's faces, from the share and the other ranks
  std::vector<GlobalLabel> ownedCells(const std::vector<ArrivedFace>& arrived) const;
  FetchedPoints fetchPoints(mesh::FaceList& faces);  // collective

  MPI_Comm comm_;
  MeshShare& share_;
  StartupTraffic& traffic_;
  int rank_ = 0, size_ = 1;
  std::vector<int> ownerPart_, neighbourPart_;  ///< per face held: the parts of its cells (-1: no neighbour)
};

}  // namespace sluice::parallel
