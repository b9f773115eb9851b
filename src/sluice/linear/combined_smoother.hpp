#pragma once
// Two smoothers one after the other, each for the requested sweeps:
// OpenFOAM's DICGaussSeidel (DIC then Gauss-Seidel) and DILUGaussSeidel.
//
//   CombinedSmoother s("DICGaussSeidel", std::make_unique<PreconditionedSmoother>(makeDicPreconditioner(p)),
//                      std::make_unique<GaussSeidelSmoother>(false));
#include <memory>
#include <string>

#include "sluice/linear/smoother.hpp"

namespace sluice::linear {

class CombinedSmoother final : public Smoother {
 public:
  CombinedSmoother(std::string name, std::unique_ptr<Smoother> first, std::unique_ptr<Smoother> second)
      : name_(std::move(name)), first_(std::move(first)), second_(std::move(second)) {}
  std::string_view name() const override { return name_; }
  void smooth(const RowMatrix& A, std::span<double> x, std::span<const double> b, GhostUpdater& ghosts,
              int sweeps) override {
    first_->smooth(A, x, b, ghosts, sweeps);
    second_->smooth(A, x, b, ghosts, sweeps);
  }

 private:
  std::string name_;
  std::unique_ptr<Smoother> first_, second_;
};

}  // namespace sluice::linear
