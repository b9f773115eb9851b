#include "sluice/linear/preconditioner.hpp"

namespace sluice::linear {

bool Preconditioner::prepare(const LduMatrix& A) {
  if (stamp_.matches(A)) return false;
  update(A);
  return true;
}

void Preconditioner::update(const LduMatrix& A) {
  factor(A);
  stamp_ = A.stamp();
  ++factorizations_;
}

}  // namespace sluice::linear
