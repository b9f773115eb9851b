#include "sluice/solvers/equation_solvers.hpp"
#include "sluice/parallel/comm_profile.hpp"
#include "sluice/parallel/parallel_error.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace sluice::solvers {

EquationSolvers::EquationSolvers(const io::Dictionary& fvSolution, const parallel::Communicator& comm,
                                 linear::WarnFn warn, std::FILE* log, MultigridSource multigrid)
    : solversDict_(fvSolution.subDict("solvers")),
      comm_(comm),
      warn_(std::move(warn)),
      multigrid_(std::move(multigrid)),
      log_(comm.isRoot() ? log : nullptr),
      registry_(linear::SolverRegistry::standard()),
      workspace_(std::make_shared<linear::SolverWorkspace>()) {}

linear::LinearSolver& EquationSolvers::solverObject(const std::string& key) {
  auto it = solvers_.find(key);
  if (it == solvers_.end()) {
    const auto settings = linear::SolverSettings::read(solversDict_.subDict(key), registry_, warn_);
    const linear::MultigridMesh* multigrid = settings.gamg && multigrid_ ? multigrid_() : nullptr;
    it = solvers_.emplace(key, registry_.create(settings, {&comm_, key, warn_, multigrid, workspace_})).first;
  }
  return *it->second;
}

namespace {

void requireSymmetricIfNeeded(const linear::LduMatrix& A, const linear::LinearSolver& solver, const std::string& key,
                              const std::string& name) {
  if (A.asymmetricStructure() && solver.needsSymmetricMatrix())
    // The same on every rank (the equation's terms, not its values).
    throw parallel::CollectiveError(fmt::format(
        "system/fvSolution: solvers/{}: solver {} needs a symmetric matrix, but the {} equation is asymmetric "
        "(it has a convection term); use PBiCGStab or smoothSolver",
        key, solver.settings().solver, name));
}

}  // namespace

void EquationSolvers::record(linear::SolverPerformance perf, const std::string& name) {
  perf.fieldName = name;
  if (log_) fmt::print(log_, "{}\n", perf.line());
  last_[name] = perf;
  history_[name].push_back(perf);
}

fv::ScalarSolveFn EquationSolvers::solverFor(const std::string& key) {
  linear::LinearSolver& solver = solverObject(key);
  return [this, &solver, key](const linear::LduMatrix& A, std::span<double> x, std::span<const double> b,
                              linear::GhostUpdater& ghosts, const std::string& name) {
    requireSymmetricIfNeeded(A, solver, key, name);
    linear::SolverPerformance perf;
    {
      const parallel::ScopedPhase phase(comm_.profile(), parallel::Phase::LinearSolves);
      perf = solver.solve(A, x, b, ghosts);
    }
    record(perf, name);
  };
}

fv::ComponentsSolveFn EquationSolvers::componentsSolverFor(const std::string& key) {
  linear::LinearSolver& solver = solverObject(key);
  if (!solver.solvesComponentsTogether()) return {};
  return [this, &solver, key](const linear::LduMatrix& A, std::span<double> x, std::span<const double> b,
                              int components, linear::GhostUpdater& ghosts, std::span<const std::string> names) {
    requireSymmetricIfNeeded(A, solver, key, names.front());
    std::vector<linear::SolverPerformance> perf;
    {
      const parallel::ScopedPhase phase(comm_.profile(), parallel::Phase::LinearSolves);
      perf = solver.solveComponents(A, x, b, components, ghosts);
    }
    for (std::size_t c = 0; c < perf.size(); ++c) record(perf[c], names[c]);
  };
}

std::map<std::string, linear::SolverPerformance> EquationSolvers::firstInStep() const {
  std::map<std::string, linear::SolverPerformance> first;
  for (const auto& [name, solves] : history_) first.emplace(name, solves.front());
  return first;
}

std::vector<double> EquationSolvers::initialResiduals(const std::string& field) const {
  if (const auto it = history_.find(field); it != history_.end()) {
    std::vector<double> r;
    for (const auto& perf : it->second) r.push_back(perf.initialResidual);
    return r;
  }
  std::vector<double> r;
  for (const char* component : {"x", "y", "z"}) {
    const auto it = history_.find(field + component);
    if (it == history_.end()) continue;
    r.resize(std::max(r.size(), it->second.size()), 0.0);
    for (std::size_t i = 0; i < it->second.size(); ++i) r[i] = std::max(r[i], it->second[i].initialResidual);
  }
  return r;
}

}  // namespace sluice::solvers
