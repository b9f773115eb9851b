#pragma once
// Smoother for smoothSolver: a fixed number of relaxation sweeps on A x = b.
// Sweeps are local to each rank; ghost values of x are refreshed (through the
// GhostUpdater) before each sweep and enter as known values, so across ranks a
// smoother is block Jacobi with the local method inside each block.
//
//   std::unique_ptr<Smoother> s = registry.createSmoother(settings);
//   RowMatrix rows; rows.assign(A);                  // once per solve
//   s->smooth(rows, x, b, ghosts, settings.nSweeps); // x: nLocalCells entries
#include <span>
#include <string_view>

#include "sluice/linear/row_matrix.hpp"

namespace sluice::linear {

class Smoother {
 public:
  virtual ~Smoother() = default;
  /// Registry name ("GaussSeidel", "symGaussSeidel", "DIC", "DILU").
  virtual std::string_view name() const = 0;
  /// `sweeps` sweeps starting from x (owned entries updated, ghosts refreshed).
  virtual void smooth(const RowMatrix& A, std::span<double> x, std::span<const double> b, GhostUpdater& ghosts,
                      int sweeps) = 0;
  /// Whether smoothComponents does K systems in one pass over the matrix.
  virtual bool smoothsComponentsTogether() const { return false; }
  /// smooth() for K = 1 to 3 systems with the same matrix (a vector
  /// equation's components), each system's values those of its own smooth();
  /// by default one system after the other.
  virtual void smoothComponents(const RowMatrix& A, std::span<const std::span<double>> x,
                                std::span<const std::span<const double>> b, GhostUpdater& ghosts, int sweeps) {
    for (std::size_t c = 0; c < x.size(); ++c) smooth(A, x[c], b[c], ghosts, sweeps);
  }
};

}  // namespace sluice::linear
