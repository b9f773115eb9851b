#include "sluice/linear/preconditioned_solver.hpp"

#include <fmt/format.h>

#include "sluice/core/error.hpp"

namespace sluice::linear {

PreconditionedSolver::PreconditionedSolver(SolverSettings settings, SolverEnvironment env,
                                           std::unique_ptr<Preconditioner> preconditioner,
                                           std::string_view className, std::string_view method)
    : LinearSolver(std::move(settings), std::move(env)), preconditioner_(std::move(preconditioner)) {
  if (!preconditioner_) throw Error(fmt::format("{}: null preconditioner", className));
  name_ = std::string(preconditioner_->name()) + std::string(method);
}

}  // namespace sluice::linear
