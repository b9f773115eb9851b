#pragma once
// Helpers for the output module's MPI tests: a temporary folder shared by all
// ranks, and meshes distributed over MPI_COMM_WORLD with a chosen split
// (slabs along x, or cells dealt out round-robin so that every rank borders
// every other and most mesh points are shared between ranks).
//
//   test::SharedTempDir tmp;                                     // collective
//   DistributedCase d = distributeCase(test::boxMesh(6, 5, 4), Split::scattered);
//   d.global (every rank), d.cellToRank (every rank), d.local (this rank's part)
#include <mpi.h>

#include <filesystem>
#include <string>
#include <vector>

#include "parallel/cell_measures.hpp"
#include "support/box_mesh.hpp"
#include "support/mpi_world.hpp"
#include "support/temp_dir.hpp"
#include "sluice/parallel/distribute.hpp"
#include "support/run_command.hpp"

namespace sluice::test {

/// A temporary folder created by rank 0, known to all ranks, removed by rank 0
/// after every rank is done with it. Collective construction and destruction.
class SharedTempDir {
 public:
  SharedTempDir() {
    std::string path;
    if (commRank() == 0) {
      own_ = std::make_unique<TempDir>();
      path = own_->path().string();
    }
    int n = static_cast<int>(path.size());
    MPI_Bcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD);
    path.resize(n);
    MPI_Bcast(path.data(), n, MPI_CHAR, 0, MPI_COMM_WORLD);
    path_ = path;
  }
  ~SharedTempDir() { MPI_Barrier(MPI_COMM_WORLD); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::unique_ptr<TempDir> own_;
  std::filesystem::path path_;
};

enum class Split { slabs, scattered };

inline std::vector<int> splitCells(const mesh::PolyMesh& global, Split split, int nRanks) {
  const std::vector<Vec3> centres = cellCentres(global);
  Scalar lo = 1e300, hi = -1e300;
  for (const Vec3& c : centres) {
    lo = std::min(lo, c.x);
    hi = std::max(hi, c.x);
  }
  std::vector<int> cellToRank(global.nCells());
  for (Label c = 0; c < global.nCells(); ++c) {
    if (split == Split::slabs)
      cellToRank[c] = std::min(nRanks - 1, static_cast<int>((centres[c].x - lo) / (hi - lo + 1e-12) * nRanks));
    else
      cellToRank[c] = (c + c / 7) % nRanks;
  }
  return cellToRank;
}

struct DistributedCase {
  mesh::PolyMesh global;          ///< on every rank
  std::vector<int> cellToRank;    ///< on every rank
  parallel::DistributedMesh local;
};

/// Collective: every rank passes the same mesh; rank 0's copy is distributed.
inline DistributedCase distributeCase(mesh::PolyMesh global, Split split) {
  DistributedCase d;
  d.global = std::move(global);
  d.cellToRank = splitCells(d.global, split, commSize());
  const bool root = commRank() == 0;
  d.local = parallel::distributeMesh(MPI_COMM_WORLD, root ? &d.global : nullptr,
                                     root ? std::span<const int>(d.cellToRank) : std::span<const int>());
  return d;
}

}  // namespace sluice::test
