#pragma once
// The identity preconditioner ("none"): w = r.
//
//   NoPreconditioner M;
//   M.prepare(A); M.apply(r, w);
#include <memory>

#include "sluice/linear/preconditioner.hpp"

namespace sluice::linear {

class NoPreconditioner final : public Preconditioner {
 public:
  std::string_view name() const override { return "none"; }
  bool appliesWithoutFaceCoefficients() const override { return true; }
  double apply(std::span<const double> r, std::span<double> w, const ProgressHook& progress = {}) const override;

 protected:
  void factor(const LduMatrix& A) override;

 private:
  std::size_t nCells_ = 0;
};

std::unique_ptr<Preconditioner> makeNoPreconditioner();

}  // namespace sluice::linear
