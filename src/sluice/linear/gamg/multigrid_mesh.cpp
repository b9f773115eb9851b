#include "sluice/linear/gamg/multigrid_mesh.hpp"

#include "sluice/core/error.hpp"
#include "sluice/linear/gamg/agglomeration.hpp"
#include "sluice/linear/gamg/gamg_cycle.hpp"

namespace sluice::linear {

MultigridMesh::MultigridMesh(const parallel::Communicator& comm, std::shared_ptr<const LduAddressing> addressing,
                             std::vector<Scalar> faceWeights, GhostLayout ghosts, std::vector<Label> pairingOrder)
    : comm_(&comm),
      addressing_(std::move(addressing)),
      faceWeights_(std::move(faceWeights)),
      ghosts_(std::move(ghosts)),
      pairingOrder_(std::move(pairingOrder)) {
  if (!addressing_ || static_cast<Label>(faceWeights_.size()) != addressing_->nFaces())
    throw Error("MultigridMesh: one face weight per internal face of the addressing is needed");
  if (!pairingOrder_.empty() && static_cast<Label>(pairingOrder_.size()) != addressing_->nCells)
    throw Error("MultigridMesh: the pairing order needs one position per owned cell");
}

struct MultigridMesh::CycleEntry {
  GamgSettings gamg;
  Precision precision;
  std::unique_ptr<GamgCycle> cycle;
};

MultigridMesh::~MultigridMesh() = default;

const Agglomeration& MultigridMesh::agglomeration(const AgglomerationSettings& settings) const {
  std::lock_guard lock(mutex_);
  for (const auto& [s, a] : built_)
    if (s == settings) return *a;
  built_.emplace_back(settings, std::make_unique<Agglomeration>(*this, settings));
  return *built_.back().second;
}

GamgCycle& MultigridMesh::cycle(const GamgSettings& gamg, const SolverSettings& settings,
                                const SolverRegistry& registry) const {
  for (const auto& e : cycles_)
    if (e->gamg.sameCycle(gamg) && e->precision == settings.precision) return *e->cycle;
  const Agglomeration& a = agglomeration(gamg.agglomeration);
  std::lock_guard lock(mutex_);
  cycles_.push_back(std::make_unique<CycleEntry>(
      CycleEntry{gamg, settings.precision, std::make_unique<GamgCycle>(gamg, a, settings, registry)}));
  return *cycles_.back()->cycle;
}

}  // namespace sluice::linear
