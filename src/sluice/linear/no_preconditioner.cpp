#include "sluice/linear/no_preconditioner.hpp"

#include <algorithm>

namespace sluice::linear {

void NoPreconditioner::factor(const LduMatrix& A) { nCells_ = static_cast<std::size_t>(A.nCells()); }

void NoPreconditioner::apply(std::span<const double> r, std::span<double> w, const ProgressHook&) const {
  std::copy_n(r.begin(), nCells_, w.begin());
}

std::unique_ptr<Preconditioner> makeNoPreconditioner() { return std::make_unique<NoPreconditioner>(); }

}  // namespace sluice::linear
