#include "sluice/linear/smoother.hpp"

#include <fmt/format.h>

#include "sluice/core/error.hpp"

namespace sluice::linear {

void Smoother::smoothWithResiduals(const RowMatrix& A, std::span<double> x, std::span<const double> b, int components,
                                   std::span<double> r, std::span<double> sums, GhostUpdater& ghosts, int sweeps,
                                   ResidualValues) {
  if (components != 1 || sums.size() != 1)
    throw Error(fmt::format("{} smoother: {} interleaved systems with {} sums (one system only)", name(), components,
                            sums.size()));
  smooth(A, x, b, ghosts, sweeps);
  sums[0] = A.residual(x, b, r, ghosts);
}

}  // namespace sluice::linear
