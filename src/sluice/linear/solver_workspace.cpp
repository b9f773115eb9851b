#include "sluice/linear/solver_workspace.hpp"

#include <type_traits>

namespace sluice::linear {

std::span<double> SolverWorkspace::vector(std::size_t slot, std::size_t n) {
  if (vectors_.size() <= slot) vectors_.resize(slot + 1);  // moves the vectors, not their buffers
  std::vector<double>& v = vectors_[slot];
  if (v.size() < n) v.resize(n, 0.0);
  return std::span<double>(v).first(n);
}

void SolverWorkspace::releaseScratch() {
  std::vector<std::vector<double>>().swap(vectors_);
  rows_.release();
}

void SolverWorkspace::releaseOrphanFactors() {
  auto release = [](auto& entries) {
    for (auto& entry : entries)
      if (entry && entry->stamp.matrixGone()) {
        // The entry itself stays (preconditioners keep its address).
        entry->factor = std::decay_t<decltype(entry->factor)>();
        entry->stamp = CoefficientStamp();
      }
  };
  release(doubleFactors_);
  release(singleFactors_);
}

template <class T>
StampedFactor<T>& SolverWorkspace::incompleteFactor(bool symmetric) {
  auto& entries = [this]() -> auto& {
    if constexpr (std::is_same_v<T, double>)
      return doubleFactors_;
    else
      return singleFactors_;
  }();
  std::unique_ptr<StampedFactor<T>>& entry = entries[symmetric ? 1 : 0];
  if (!entry) entry = std::make_unique<StampedFactor<T>>();
  return *entry;
}

template StampedFactor<double>& SolverWorkspace::incompleteFactor<double>(bool);
template StampedFactor<float>& SolverWorkspace::incompleteFactor<float>(bool);

std::size_t SolverWorkspace::vectorBytes() const {
  std::size_t bytes = 0;
  for (const std::vector<double>& v : vectors_) bytes += v.capacity() * sizeof(double);
  return bytes;
}

std::size_t SolverWorkspace::factorBytes() const {
  std::size_t bytes = 0;
  for (const auto& f : doubleFactors_)
    if (f) bytes += f->factor.bytes();
  for (const auto& f : singleFactors_)
    if (f) bytes += f->factor.bytes();
  return bytes;
}

}  // namespace sluice::linear
