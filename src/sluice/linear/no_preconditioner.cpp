#include "sluice/linear/no_preconditioner.hpp"

#include <algorithm>

namespace sluice::linear {

void NoPreconditioner::factor(const LduMatrix& A) { nCells_ = static_cast<std::size_t>(A.nCells()); }

double NoPreconditioner::apply(std::span<const double> r, std::span<double> w, const ProgressHook&) const {
  double dot = 0;
  for (std::size_t c = 0; c < nCells_; ++c) {
    w[c] = r[c];
    dot += r[c] * r[c];
  }
  return dot;
}

std::unique_ptr<Preconditioner> makeNoPreconditioner() { return std::make_unique<NoPreconditioner>(); }

}  // namespace sluice::linear
