#include "sluice/linear/dic_preconditioner.hpp"

namespace sluice::linear {

template <class T>
void DicPreconditioner<T>::factor(const LduMatrix& A) {
  factor_.compute(A, /*symmetric=*/true);
}

template <class T>
double DicPreconditioner<T>::apply(std::span<const double> r, std::span<double> w, const ProgressHook& progress) const {
  return factor_.apply(r, w, progress);
}

template <class T>
std::array<double, 2> DicPreconditioner<T>::updateAndApply(const CgUpdate& update, std::span<double> w) const {
  return factor_.updateAndApply(update, w);
}

template class DicPreconditioner<double>;
template class DicPreconditioner<float>;

std::unique_ptr<Preconditioner> makeDicPreconditioner(Precision precision) {
  if (precision == Precision::Single) return std::make_unique<DicPreconditioner<float>>();
  return std::make_unique<DicPreconditioner<double>>();
}

}  // namespace sluice::linear
