#include "sluice/linear/solver_support.hpp"

#include <array>

namespace sluice::linear::detail {

namespace {

// normParts with `product(x, Ax)` and `rowSums(r)` of either form of A.
template <class Product, class RowSums>
NormParts normPartsWith(const parallel::Communicator& comm, std::size_t nCells, std::span<double> x,
                        std::span<const double> b, std::span<double> Ax, std::span<double> r, Product&& product,
                        RowSums&& rowSums) {
  std::array<double, 2> mean{0.0, static_cast<double>(nCells)};
  for (std::size_t c = 0; c < nCells; ++c) mean[0] += x[c];
  comm.sumInPlace(mean);
  const double xAvg = mean[1] > 0 ? mean[0] / mean[1] : 0.0;

  product(x, Ax);
  rowSums(r);  // row sums, replaced by the residual below
  NormParts p;
  for (std::size_t c = 0; c < nCells; ++c) {
    const double pA = r[c] * xAvg;
    p.normFactor += std::abs(Ax[c] - pA) + std::abs(b[c] - pA);
    r[c] = b[c] - Ax[c];
    p.residual += std::abs(r[c]);
  }
  return p;
}

}  // namespace

NormParts normParts(const parallel::Communicator& comm, const LduMatrix& A, std::span<double> x,
                    std::span<const double> b, GhostUpdater& ghosts, std::span<double> Ax, std::span<double> r) {
  return normPartsWith(
      comm, static_cast<std::size_t>(A.nCells()), x, b, Ax, r,
      [&](std::span<double> in, std::span<double> out) { A.amul(in, out, ghosts); },
      [&](std::span<double> sums) { A.sumA(sums); });
}

NormParts normParts(const parallel::Communicator& comm, const RowMatrix& rows, std::span<double> x,
                    std::span<const double> b, GhostUpdater& ghosts, std::span<double> Ax, std::span<double> r) {
  return normPartsWith(
      comm, static_cast<std::size_t>(rows.nCells()), x, b, Ax, r,
      [&](std::span<double> in, std::span<double> out) { rows.multiply(in, out, ghosts); },
      [&](std::span<double> sums) { rows.sumA(sums); });
}

InitialNorms initialNorms(const parallel::Communicator& comm, const LduMatrix& A, std::span<double> x,
                          std::span<const double> b, GhostUpdater& ghosts, std::span<double> Ax, std::span<double> r) {
  const NormParts parts = normParts(comm, A, x, b, ghosts, Ax, r);
  std::array<double, 2> sums{parts.normFactor, parts.residual};
  comm.sumInPlace(sums);
  const double normFactor = sums[0] + kSmall;
  return {normFactor, sums[1] / normFactor};
}

}  // namespace sluice::linear::detail
