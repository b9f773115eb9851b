#pragma once
// What GAMG needs of one rank's mesh besides the matrix: the matrix
// addressing, a weight per internal face for the pairing (faceAreaPair:
// |Sf / sqrt(|Sf|) * (1, 1.01, 1.02)| as OpenFOAM) and how the ghosts are
// filled, and optionally the order in which the pairing visits the cells.
// field::FvMesh builds one (FvMesh::multigridMesh()) with the order of the
// case files: the pairing, whose ties go to the first cell and face met, then
// forms OpenFOAM's groups even when sluice has renumbered the cells (reverse
// Cuthill-McKee order made GAMG need 2x the V-cycles on pitzDaily at 3
// ranks); tests may build one by hand. It also keeps the agglomerations built on it, one per
// AgglomerationSettings, so every GAMG solver and preconditioner of the mesh
// (p, pFinal, p_rgh, pcorr) shares one hierarchy, built on first use.
//
//   MultigridMesh mg{&comm, mesh.addressing(), weights, layout};
//   const Agglomeration& a = mg.agglomeration(settings.agglomeration);   // collective the first time
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "sluice/linear/gamg/gamg_settings.hpp"
#include "sluice/linear/gamg/ghost_layout.hpp"
#include "sluice/linear/ldu_matrix.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::linear {

class Agglomeration;
class GamgCycle;
class SolverRegistry;
struct SolverSettings;

class MultigridMesh {
 public:
  /// `pairingOrder`: per owned cell its position in the pairing order (a
  /// permutation of 0..nCells-1); empty: the cells' own order.
  MultigridMesh(const parallel::Communicator& comm, std::shared_ptr<const LduAddressing> addressing,
                std::vector<Scalar> faceWeights, GhostLayout ghosts, std::vector<Label> pairingOrder = {});
  ~MultigridMesh();
  MultigridMesh(const MultigridMesh&) = delete;
  MultigridMesh& operator=(const MultigridMesh&) = delete;

  const parallel::Communicator& comm() const { return *comm_; }
  const std::shared_ptr<const LduAddressing>& addressing() const { return addressing_; }
  const std::vector<Scalar>& faceWeights() const { return faceWeights_; }
  const GhostLayout& ghosts() const { return ghosts_; }
  const std::vector<Label>& pairingOrder() const { return pairingOrder_; }

  /// The agglomeration for `settings`, built on the first request
  /// (collective: every rank asks for the same settings in the same order).
  const Agglomeration& agglomeration(const AgglomerationSettings& settings) const;
  /// The V-cycle workspace (coarse matrices, smoothers, vectors) for these
  /// GAMG settings and factor precision, shared by every solver that asks
  /// with the same ones (p, p_rghFinal, pcorr: one workspace, not three).
  /// Made on the first request (collective, as agglomeration()); smoothers
  /// from `registry`.
  GamgCycle& cycle(const GamgSettings& gamg, const SolverSettings& settings, const SolverRegistry& registry) const;

 private:
  const parallel::Communicator* comm_;
  std::shared_ptr<const LduAddressing> addressing_;
  std::vector<Scalar> faceWeights_;
  GhostLayout ghosts_;
  std::vector<Label> pairingOrder_;
  mutable std::mutex mutex_;
  mutable std::vector<std::pair<AgglomerationSettings, std::unique_ptr<Agglomeration>>> built_;
  struct CycleEntry;
  mutable std::vector<std::unique_ptr<CycleEntry>> cycles_;
};

}  // namespace sluice::linear
