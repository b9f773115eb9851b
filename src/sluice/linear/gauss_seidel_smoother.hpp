#pragma once
// Gauss-Seidel smoother on the LDU structure (cells in index order), and its
// symmetric form (a forward sweep then a backward sweep).
//
// A sweep: refresh x's ghosts; b' = b - (coupled coefficients x ghosts); then
// for each cell c in order, x[c] = (b'[c] - sum over c's owned faces of
// upper x[neighbour]) / diag[c], and the lower coefficients of c's owned faces
// carry the new x[c] into b' of the neighbours (rows not yet visited). The
// backward sweep visits cells in reverse with b' holding the lower-side terms
// of the forward-sweep values.
//
//   GaussSeidelSmoother gs(/*symmetric=*/false);
//   gs.smooth(A, x, b, ghosts, 2);
#include <memory>
#include <vector>

#include "sluice/linear/smoother.hpp"

namespace sluice::linear {

class GaussSeidelSmoother final : public Smoother {
 public:
  explicit GaussSeidelSmoother(bool symmetric) : symmetric_(symmetric) {}
  std::string_view name() const override { return symmetric_ ? "symGaussSeidel" : "GaussSeidel"; }
  void smooth(const LduMatrix& A, std::span<double> x, std::span<const double> b, GhostUpdater& ghosts,
              int sweeps) override;

 private:
  /// b' = b - coupled coefficients x ghost values (after refreshing the ghosts).
  void coupledSource(const LduMatrix& A, std::span<double> x, std::span<const double> b, GhostUpdater& ghosts);

  bool symmetric_;
  std::shared_ptr<const LduAddressing> addressing_;  ///< ownerStart_ belongs to this addressing
  std::vector<Label> ownerStart_;
  std::vector<double> bPrime_;
};

}  // namespace sluice::linear
