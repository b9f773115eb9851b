#include "sluice/linear/dilu_preconditioner.hpp"

namespace sluice::linear {

template <class T>
DiluPreconditioner<T>::DiluPreconditioner(std::shared_ptr<SolverWorkspace> workspace)
    : workspace_(workspace ? std::move(workspace) : std::make_shared<SolverWorkspace>()),
      shared_(&workspace_->incompleteFactor<T>(/*symmetric=*/false)) {}

template <class T>
void DiluPreconditioner<T>::factor(const LduMatrix& A) {
  // Without a stored copy of A's entries where the solver's row matrix holds them.
  shared_->factor.compute(A, /*symmetric=*/false, /*fromRows=*/rowsOfA() != nullptr);  // scratch freed on return
}

template <class T>
double DiluPreconditioner<T>::apply(std::span<const double> r, std::span<double> w, const ProgressHook& progress) const {
  return shared_->factor.apply(r, w, progress, shared_->rowsForApply(rowsOfA(), "DILU"));
}

template <class T>
std::array<double, 2> DiluPreconditioner<T>::updateAndApply(const CgUpdate& update, std::span<double> w) const {
  return shared_->factor.updateAndApply(update, w, shared_->rowsForApply(rowsOfA(), "DILU"));
}

template class DiluPreconditioner<double>;
template class DiluPreconditioner<float>;

std::unique_ptr<Preconditioner> makeDiluPreconditioner(Precision precision,
                                                       std::shared_ptr<SolverWorkspace> workspace) {
  if (precision == Precision::Single) return std::make_unique<DiluPreconditioner<float>>(std::move(workspace));
  return std::make_unique<DiluPreconditioner<double>>(std::move(workspace));
}

}  // namespace sluice::linear
