#include "sluice/linear/gamg/ghost_layout.hpp"

namespace sluice::linear {

LayoutGhosts::LayoutGhosts(const parallel::Communicator& comm, const GhostLayout& layout, int tag)
    : halo_(comm, layout.processor, tag), copyGhost_(layout.copyGhost), copySource_(layout.copySource) {}

void LayoutGhosts::startGhostUpdate(std::span<double> values, int components) {
  halo_.start(values, components);
  for (std::size_t k = 0; k < copyGhost_.size(); ++k)
    for (int c = 0; c < components; ++c)
      values[static_cast<std::size_t>(copyGhost_[k]) * components + c] =
          values[static_cast<std::size_t>(copySource_[k]) * components + c];
}

void LayoutGhosts::finishGhostUpdate() { halo_.finish(); }

}  // namespace sluice::linear
