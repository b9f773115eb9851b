#include "sluice/linear/incomplete_ldu_factor.hpp"

namespace sluice::linear {

template <class T>
void IncompleteLduFactor<T>::compute(const LduMatrix& A, bool symmetric) {
  const LduAddressing& a = A.addressing();
  addressing_ = A.sharedAddressing();
  const auto nCells = static_cast<std::size_t>(a.nCells);
  const std::size_t nFaces = a.lower.size();
  const std::vector<Scalar>& upper = A.upper();
  const std::vector<Scalar>& lower = symmetric ? A.upper() : A.lower();
  work_.assign(A.diag().begin(), A.diag().end());
  for (std::size_t f = 0; f < nFaces; ++f) work_[a.upper[f]] -= upper[f] * lower[f] / work_[a.lower[f]];
  for (std::size_t c = 0; c < nCells; ++c) work_[c] = 1.0 / work_[c];
  rD_.resize(nCells);
  for (std::size_t c = 0; c < nCells; ++c) rD_[c] = static_cast<T>(work_[c]);
  forward_.resize(nFaces);
  backward_.resize(nFaces);
  for (std::size_t f = 0; f < nFaces; ++f) {
    forward_[f] = static_cast<T>(work_[a.upper[f]] * lower[f]);
    backward_[f] = static_cast<T>(work_[a.lower[f]] * upper[f]);
  }
}

template <class T>
void IncompleteLduFactor<T>::apply(std::span<const double> r, std::span<double> w,
                                   const ProgressHook& progress) const {
  const LduAddressing& a = *addressing_;
  const auto nCells = static_cast<std::size_t>(a.nCells);
  const std::size_t nFaces = a.lower.size();
  const Label* __restrict l = a.lower.data();
  const Label* __restrict u = a.upper.data();
  const T* __restrict rD = rD_.data();
  const T* __restrict fw = forward_.data();
  const T* __restrict bw = backward_.data();
  const double* __restrict rp = r.data();
  double* __restrict wp = w.data();
  for (std::size_t c = 0; c < nCells; ++c) wp[c] = double(rD[c]) * rp[c];
  const int pieces = progress.pieces();
  for (int k = 0; k < pieces; ++k) {
    const auto [begin, end] = ProgressHook::range(k, pieces, nFaces);
    for (std::size_t f = begin; f < end; ++f) wp[u[f]] -= double(fw[f]) * wp[l[f]];
    progress.poke();
  }
  for (int k = pieces - 1; k >= 0; --k) {
    const auto [begin, end] = ProgressHook::range(k, pieces, nFaces);
    for (std::size_t f = end; f-- > begin;) wp[l[f]] -= double(bw[f]) * wp[u[f]];
    if (k > 0) progress.poke();
  }
}

template class IncompleteLduFactor<double>;
template class IncompleteLduFactor<float>;

}  // namespace sluice::linear
