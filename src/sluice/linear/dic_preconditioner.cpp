#include "sluice/linear/dic_preconditioner.hpp"

namespace sluice::linear {

template <class T>
DicPreconditioner<T>::DicPreconditioner(std::shared_ptr<SolverWorkspace> workspace)
    : workspace_(workspace ? std::move(workspace) : std::make_shared<SolverWorkspace>()),
      shared_(&workspace_->incompleteFactor<T>(/*symmetric=*/true)) {}

template <class T>
void DicPreconditioner<T>::factor(const LduMatrix& A) {
  // Without a stored copy of A's entries where the solver's row matrix holds them.
  shared_->factor.compute(A, /*symmetric=*/true, /*fromRows=*/rowsOfA() != nullptr);  // scratch freed on return
}

template <class T>
double DicPreconditioner<T>::apply(std::span<const double> r, std::span<double> w, const ProgressHook& progress) const {
  return shared_->factor.apply(r, w, progress, shared_->rowsForApply(rowsOfA(), "DIC"));
}

template <class T>
std::array<double, 2> DicPreconditioner<T>::updateAndApply(const CgUpdate& update, std::span<double> w) const {
  return shared_->factor.updateAndApply(update, w, shared_->rowsForApply(rowsOfA(), "DIC"));
}

template class DicPreconditioner<double>;
template class DicPreconditioner<float>;

std::unique_ptr<Preconditioner> makeDicPreconditioner(Precision precision,
                                                      std::shared_ptr<SolverWorkspace> workspace) {
  if (precision == Precision::Single) return std::make_unique<DicPreconditioner<float>>(std::move(workspace));
  return std::make_unique<DicPreconditioner<double>>(std::move(workspace));
}

}  // namespace sluice::linear
