#include "sluice/solvers/equation_solvers.hpp"

#include <fmt/format.h>

namespace sluice::solvers {

EquationSolvers::EquationSolvers(const io::Dictionary& fvSolution, const parallel::Communicator& comm,
                                 linear::WarnFn warn, std::FILE* log)
    : solversDict_(fvSolution.subDict("solvers")),
      comm_(comm),
      warn_(std::move(warn)),
      log_(comm.isRoot() ? log : nullptr),
      registry_(linear::SolverRegistry::standard()) {}

linear::LinearSolver& EquationSolvers::solverObject(const std::string& key) {
  auto it = solvers_.find(key);
  if (it == solvers_.end()) {
    const auto settings = linear::SolverSettings::read(solversDict_.subDict(key), registry_, warn_);
    it = solvers_.emplace(key, registry_.create(settings, {&comm_, key, warn_})).first;
  }
  return *it->second;
}

fv::ScalarSolveFn EquationSolvers::solverFor(const std::string& key) {
  linear::LinearSolver& solver = solverObject(key);
  return [this, &solver](const linear::LduMatrix& A, std::span<double> x, std::span<const double> b,
                         linear::GhostUpdater& ghosts, const std::string& name) {
    linear::SolverPerformance perf = solver.solve(A, x, b, ghosts);
    perf.fieldName = name;
    if (log_) fmt::print(log_, "{}\n", perf.line());
    last_[name] = perf;
    first_.try_emplace(name, perf);
  };
}

}  // namespace sluice::solvers
