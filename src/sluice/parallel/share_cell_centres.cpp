// Cell centres of the cell blocks: the blocks' meshes by ShareMigration, then
// computeCells on each face in its global orientation and global order.
#include "sluice/parallel/share_cell_centres.hpp"

#include <algorithm>
#include <numeric>

#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/parallel/share_migration.hpp"

namespace sluice::parallel {

namespace {

// The block's faces as the whole mesh has them: each face in its global
// orientation (vertex order, owner and neighbour), in increasing global face
// id, the ghost cells as cells. computeCells then sums every owned cell's
// faces in the order and with the vertex order of the whole mesh, so its
// rounding is the same. (The migrated mesh turns processor faces round
// towards their local cell and orders faces differently.)
mesh::PolyMesh inGlobalOrientation(const DistributedMesh& d) {
  const mesh::PolyMesh& m = d.mesh;
  const Label nFaces = m.nFaces();
  const Label nInternal = m.nInternalFaces();
  struct OrientedFace {
    GlobalLabel id;
    Label face, owner, neighbour;  // owner/neighbour: local cells, ghosts after the owned cells; -1: boundary
    bool reversed;
  };
  std::vector<OrientedFace> oriented;
  oriented.reserve(static_cast<std::size_t>(nFaces));
  for (Label f = 0; f < nFaces; ++f) {
    const Label own = m.owner()[f];
    const GlobalLabel id = d.globalFaceIds[static_cast<std::size_t>(f)];
    if (f < nInternal) {
      oriented.push_back({id, f, own, m.neighbour()[f], false});  // upper-triangular: never turned
    } else if (f < d.firstProcessorFace) {
      oriented.push_back({id, f, own, -1, false});
    } else {
      const Label ghost = d.processorFaceGhost[static_cast<std::size_t>(f - d.firstProcessorFace)];
      const bool ghostOwns = d.globalCellIds[static_cast<std::size_t>(ghost)] <
                             d.globalCellIds[static_cast<std::size_t>(own)];
      oriented.push_back(ghostOwns ? OrientedFace{id, f, ghost, own, true} : OrientedFace{id, f, own, ghost, false});
    }
  }
  // Global numbering puts the internal faces before the boundary faces.
  std::sort(oriented.begin(), oriented.end(),
            [](const OrientedFace& a, const OrientedFace& b) { return a.id < b.id; });

  mesh::FaceList faces;
  std::vector<Label> owner, neighbour, scratch;
  owner.reserve(oriented.size());
  Label nWithNeighbour = 0;
  for (const OrientedFace& f : oriented) {
    const auto verts = m.faces()[f.face];
    scratch.assign(verts.begin(), verts.end());
    if (f.reversed) std::reverse(scratch.begin() + 1, scratch.end());  // undoes the migration's turn
    faces.add(scratch);
    owner.push_back(f.owner);
    if (f.neighbour >= 0) {
      neighbour.push_back(f.neighbour);
      ++nWithNeighbour;
    }
  }
  mesh::Patch boundary;
  boundary.name = "boundary";
  boundary.type = "patch";
  boundary.start = nWithNeighbour;
  boundary.size = static_cast<Label>(oriented.size()) - nWithNeighbour;
  return mesh::PolyMesh(m.points(), std::move(faces), std::move(owner), std::move(neighbour), {boundary},
                        m.name());
}

}  // namespace

std::vector<Vec3> blockCellCentres(MPI_Comm comm, MeshShare& share, const IdRanges& cellBlocks,
                                   StartupTraffic& traffic) {
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  const auto nBlockCells = static_cast<std::size_t>(cellBlocks.end(rank) - cellBlocks.first(rank));
  const std::vector<int> ownBlock(nBlockCells, rank);
  std::vector<int> identity(static_cast<std::size_t>(size));
  std::iota(identity.begin(), identity.end(), 0);
  ShareMigration migration(comm, share, cellBlocks, ownBlock, traffic);
  const DistributedMesh block = migration.build(identity, ShareFaces::keep);
  std::vector<Vec3> centres = mesh::MeshGeometry::computeCells(inGlobalOrientation(block)).cellCentres;
  centres.resize(nBlockCells);  // the owned cells: the block's, in increasing global id
  return centres;
}

}  // namespace sluice::parallel
