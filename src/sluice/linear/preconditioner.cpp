#include "sluice/linear/preconditioner.hpp"

#include <cmath>

namespace sluice::linear {

bool Preconditioner::prepare(const LduMatrix& A, const RowMatrix* rowsOfA) {
  rows_ = rowsOfA;
  if (factorStamp().matches(A) && factorUsableWith(rowsOfA)) return false;
  update(A, rowsOfA);
  return true;
}

void Preconditioner::update(const LduMatrix& A, const RowMatrix* rowsOfA) {
  rows_ = rowsOfA;
  factorStamp() = {};  // a shared factor half overwritten by a failed factor() matches nothing
  factor(A);
  factorStamp() = A.stamp();
  ++factorizations_;
}

std::array<double, 2> Preconditioner::updateAndApply(const CgUpdate& u, std::span<double> w) const {
  const std::size_t n = u.r.size();
  double residual = 0;
  for (std::size_t c = 0; c < n; ++c) {
    u.x[c] += u.alpha * u.p[c];
    u.r[c] -= u.alpha * u.Ap[c];
    residual += std::abs(u.r[c]);
  }
  return {residual, apply(u.r, w)};
}

}  // namespace sluice::linear
