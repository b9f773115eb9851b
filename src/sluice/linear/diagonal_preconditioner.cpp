#include "sluice/linear/diagonal_preconditioner.hpp"

namespace sluice::linear {

template <class T>
void DiagonalPreconditioner<T>::factor(const LduMatrix& A) {
  const std::vector<Scalar>& diag = A.diag();
  rD_.resize(diag.size());
  for (std::size_t c = 0; c < diag.size(); ++c) rD_[c] = static_cast<T>(1.0 / diag[c]);
}

template <class T>
double DiagonalPreconditioner<T>::apply(std::span<const double> r, std::span<double> w, const ProgressHook&) const {
  const std::size_t n = rD_.size();
  double dot = 0;
  for (std::size_t c = 0; c < n; ++c) {
    w[c] = double(rD_[c]) * r[c];
    dot += w[c] * r[c];
  }
  return dot;
}

template class DiagonalPreconditioner<double>;
template class DiagonalPreconditioner<float>;

std::unique_ptr<Preconditioner> makeDiagonalPreconditioner(Precision precision) {
  if (precision == Precision::Single) return std::make_unique<DiagonalPreconditioner<float>>();
  return std::make_unique<DiagonalPreconditioner<double>>();
}

}  // namespace sluice::linear
