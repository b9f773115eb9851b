#pragma once
// Where each ghost cell of one rank's level gets its value: processor ghosts
// from neighbour ranks (a HaloPattern), copy ghosts (cyclic faces) from an
// owned cell of the same rank. The finest level's layout comes from the mesh
// (field::FvMesh); each coarse level's is derived from the finer one by
// Agglomeration. LayoutGhosts fills the ghosts of a level vector with its own
// HaloExchange (own tag), so the levels' exchanges are independent of the
// mesh's and of each other.
//
//   LayoutGhosts ghosts(comm, layout, /*tag=*/24401);
//   ghosts.startGhostUpdate(x, 1); ...owned-only work...; ghosts.finishGhostUpdate();
#include <span>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/linear/ldu_matrix.hpp"
#include "sluice/parallel/communicator.hpp"
#include "sluice/parallel/halo_exchange.hpp"
#include "sluice/parallel/halo_pattern.hpp"

namespace sluice::linear {

struct GhostLayout {
  parallel::HaloPattern processor;  ///< ghosts filled by neighbour ranks
  std::vector<Label> copyGhost;     ///< ghosts filled from an owned cell of this rank...
  std::vector<Label> copySource;    ///< ...this one (same index)
};

class LayoutGhosts final : public GhostUpdater {
 public:
  LayoutGhosts(const parallel::Communicator& comm, const GhostLayout& layout, int tag);
  void startGhostUpdate(std::span<double> values, int components) override;
  void finishGhostUpdate() override;

 private:
  parallel::HaloExchange halo_;
  std::vector<Label> copyGhost_, copySource_;
};

}  // namespace sluice::linear
