// Cell centres of the cell blocks: each block's faces in their global
// orientation and order (ShareMigration::globalOrientationMesh), then computeCellCentres.
#include "sluice/parallel/share_cell_centres.hpp"

#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/parallel/share_migration.hpp"

namespace sluice::parallel {

std::vector<Vec3> blockCellCentres(MPI_Comm comm, MeshShare& share, const IdRanges& cellBlocks,
                                   StartupTraffic& traffic) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  const auto nBlockCells = static_cast<std::size_t>(cellBlocks.end(rank) - cellBlocks.first(rank));
  const std::vector<int> ownBlock(nBlockCells, rank);
  // computeCellCentres sums every block cell's faces in the order and with the
  // vertex order of the whole mesh, so its rounding is the same.
  const mesh::PolyMesh block =
      ShareMigration(comm, share, cellBlocks, ownBlock, traffic).globalOrientationMesh(ShareFaces::keep);
  std::vector<Vec3> centres = mesh::MeshGeometry::computeCellCentres(block);
  centres.resize(nBlockCells);  // the owned cells: the block's, in increasing global id
  return centres;
}

}  // namespace sluice::parallel
