#include "sluice/linear/dilu_preconditioner.hpp"

namespace sluice::linear {

template <class T>
void DiluPreconditioner<T>::factor(const LduMatrix& A) {
  factor_.compute(A, /*symmetric=*/false);
}

template <class T>
double DiluPreconditioner<T>::apply(std::span<const double> r, std::span<double> w, const ProgressHook& progress) const {
  return factor_.apply(r, w, progress);
}

template <class T>
std::array<double, 2> DiluPreconditioner<T>::updateAndApply(const CgUpdate& update, std::span<double> w) const {
  return factor_.updateAndApply(update, w);
}

template class DiluPreconditioner<double>;
template class DiluPreconditioner<float>;

std::unique_ptr<Preconditioner> makeDiluPreconditioner(Precision precision) {
  if (precision == Precision::Single) return std::make_unique<DiluPreconditioner<float>>();
  return std::make_unique<DiluPreconditioner<double>>();
}

}  // namespace sluice::linear
