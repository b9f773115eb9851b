#include "sluice/linear/dilu_preconditioner.hpp"

namespace sluice::linear {

template <class T>
void DiluPreconditioner<T>::factor(const LduMatrix& A) {
  const LduAddressing& a = A.addressing();
  addressing_ = A.sharedAddressing();
  const auto nCells = static_cast<std::size_t>(a.nCells);
  const std::size_t nFaces = a.lower.size();
  work_.assign(A.diag().begin(), A.diag().end());
  const std::vector<Scalar>& lower = A.lower();
  const std::vector<Scalar>& upper = A.upper();
  for (std::size_t f = 0; f < nFaces; ++f) work_[a.upper[f]] -= upper[f] * lower[f] / work_[a.lower[f]];
  rD_.resize(nCells);
  for (std::size_t c = 0; c < nCells; ++c) rD_[c] = static_cast<T>(1.0 / work_[c]);
  lower_.resize(nFaces);
  upper_.resize(nFaces);
  for (std::size_t f = 0; f < nFaces; ++f) {
    lower_[f] = static_cast<T>(lower[f]);
    upper_[f] = static_cast<T>(upper[f]);
  }
}

template <class T>
void DiluPreconditioner<T>::apply(std::span<const double> r, std::span<double> w, const ProgressHook& progress) const {
  const LduAddressing& a = *addressing_;
  const auto nCells = static_cast<std::size_t>(a.nCells);
  const std::size_t nFaces = a.lower.size();
  const Label* l = a.lower.data();
  const Label* u = a.upper.data();
  const T* rD = rD_.data();
  const T* lo = lower_.data();
  const T* up = upper_.data();
  const double* __restrict rp = r.data();
  double* __restrict wp = w.data();
  for (std::size_t c = 0; c < nCells; ++c) wp[c] = double(rD[c]) * rp[c];
  const int pieces = progress.pieces();
  for (int k = 0; k < pieces; ++k) {
    const auto [begin, end] = ProgressHook::range(k, pieces, nFaces);
    for (std::size_t f = begin; f < end; ++f) wp[u[f]] -= double(rD[u[f]]) * double(lo[f]) * wp[l[f]];
    progress.poke();
  }
  for (int k = pieces - 1; k >= 0; --k) {
    const auto [begin, end] = ProgressHook::range(k, pieces, nFaces);
    for (std::size_t f = end; f-- > begin;) wp[l[f]] -= double(rD[l[f]]) * double(up[f]) * wp[u[f]];
    if (k > 0) progress.poke();
  }
}

template class DiluPreconditioner<double>;
template class DiluPreconditioner<float>;

std::unique_ptr<Preconditioner> makeDiluPreconditioner(Precision precision) {
  if (precision == Precision::Single) return std::make_unique<DiluPreconditioner<float>>();
  return std::make_unique<DiluPreconditioner<double>>();
}

}  // namespace sluice::linear
