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
  /// Whether smoothWithResiduals takes K = 2 or 3 interleaved systems.
  virtual bool smoothsInterleaved() const { return false; }
  /// smooth() followed by the residual of its result, r = b - A x, with
  /// sums[c] this rank's sum |r| of system c (what smoothSolver checks after
  /// each smoothing), for K = `components` systems with this matrix whose
  /// values are interleaved (x[K i + c]; K = 1 unless smoothsInterleaved()).
  /// A smoother that can takes the residual during its last sweep; by
  /// default smooth() and RowMatrix::residual(). With
  /// ResidualValues::SumsOnly r's values are left unspecified, and a
  /// smoother that smoothsInterleaved() does not use r (it may be empty).
  virtual void smoothWithResiduals(const RowMatrix& A, std::span<double> x, std::span<const double> b, int components,
                                   std::span<double> r, std::span<double> sums, GhostUpdater& ghosts, int sweeps,
                                   ResidualValues values = ResidualValues::Kept);
};

}  // namespace sluice::linear
