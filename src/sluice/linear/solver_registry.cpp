#include "sluice/linear/solver_registry.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/linear/combined_smoother.hpp"
#include "sluice/linear/dic_preconditioner.hpp"
#include "sluice/linear/diagonal_preconditioner.hpp"
#include "sluice/linear/dilu_preconditioner.hpp"
#include "sluice/linear/gamg/gamg_preconditioner.hpp"
#include "sluice/linear/gamg/gamg_solver.hpp"
#include "sluice/linear/gauss_seidel_smoother.hpp"
#include "sluice/linear/no_preconditioner.hpp"
#include "sluice/linear/pbicgstab_solver.hpp"
#include "sluice/linear/pcg_solver.hpp"
#include "sluice/linear/ppcg_solver.hpp"
#include "sluice/linear/preconditioned_smoother.hpp"
#include "sluice/linear/smooth_solver.hpp"

namespace sluice::linear {

std::string_view kindName(SolverRegistry::Kind kind) {
  switch (kind) {
    case SolverRegistry::Kind::Solver: return "solver";
    case SolverRegistry::Kind::Preconditioner: return "preconditioner";
    case SolverRegistry::Kind::Smoother: return "smoother";
  }
  return "?";
}

namespace {

template <class Entries, class Entry>
void addOrReplace(Entries& entries, Entry entry) {
  auto it = std::find_if(entries.begin(), entries.end(), [&](const auto& e) { return e.name == entry.name; });
  if (it != entries.end())
    *it = std::move(entry);
  else
    entries.push_back(std::move(entry));
}

template <class Entries>
auto findByName(const Entries& entries, std::string_view name) {
  return std::find_if(entries.begin(), entries.end(), [&](const auto& e) { return e.name == name; });
}

}  // namespace

SolverRegistry SolverRegistry::standard() {
  SolverRegistry r;
  r.addSolver("PCG", makePreconditionedSolver<PcgSolver>, {.preconditioner = true});
  r.addSolver("PPCG", makePreconditionedSolver<PpcgSolver>, {.preconditioner = true});
  r.addSolver("PBiCGStab", makePreconditionedSolver<PbicgstabSolver>, {.preconditioner = true});
  r.addSolver("smoothSolver", makeSmoothSolver, {.smoother = true});
  r.addSolver("GAMG", makeGamgSolver, {});

  r.addPreconditioner("DIC", [](const PreconditionerRequest& q) {
    return makeDicPreconditioner(q.precision, q.workspace);
  });
  r.addPreconditioner("DILU", [](const PreconditionerRequest& q) {
    return makeDiluPreconditioner(q.precision, q.workspace);
  });
  r.addPreconditioner("diagonal",
                      [](const PreconditionerRequest& q) { return makeDiagonalPreconditioner(q.precision); });
  r.addPreconditioner("none", [](const PreconditionerRequest&) { return makeNoPreconditioner(); });
  r.addPreconditioner("GAMG", [](const PreconditionerRequest& q) -> std::unique_ptr<Preconditioner> {
    if (!q.settings || !q.env || !q.registry)
      throw Error("preconditioner GAMG is made only by a solver (it needs the mesh)");
    return std::make_unique<GamgPreconditioner>(*q.settings, *q.env, *q.registry);
  });
  r.addAlias(Kind::Preconditioner, "FDIC", "DIC");  // the same factorisation, stored differently

  using WorkspacePtr = std::shared_ptr<SolverWorkspace>;
  r.addSmoother("GaussSeidel", [](const SolverSettings&, const SolverRegistry&, const WorkspacePtr& w) {
    return std::make_unique<GaussSeidelSmoother>(false, w);
  });
  r.addSmoother("symGaussSeidel", [](const SolverSettings&, const SolverRegistry&, const WorkspacePtr& w) {
    return std::make_unique<GaussSeidelSmoother>(true, w);
  });
  r.addSmoother("DIC", [](const SolverSettings& s, const SolverRegistry& reg, const WorkspacePtr& w) {
    return std::make_unique<PreconditionedSmoother>(reg.createPreconditioner("DIC", s.precision, w), w);
  });
  r.addSmoother("DILU", [](const SolverSettings& s, const SolverRegistry& reg, const WorkspacePtr& w) {
    return std::make_unique<PreconditionedSmoother>(reg.createPreconditioner("DILU", s.precision, w), w);
  });
  r.addSmoother("DICGaussSeidel", [](const SolverSettings& s, const SolverRegistry& reg, const WorkspacePtr& w) {
    return std::make_unique<CombinedSmoother>(
        "DICGaussSeidel",
        std::make_unique<PreconditionedSmoother>(reg.createPreconditioner("DIC", s.precision, w), w),
        std::make_unique<GaussSeidelSmoother>(false, w));
  });
  r.addSmoother("DILUGaussSeidel", [](const SolverSettings& s, const SolverRegistry& reg, const WorkspacePtr& w) {
    return std::make_unique<CombinedSmoother>(
        "DILUGaussSeidel",
        std::make_unique<PreconditionedSmoother>(reg.createPreconditioner("DILU", s.precision, w), w),
        std::make_unique<GaussSeidelSmoother>(false, w));
  });
  r.addAlias(Kind::Smoother, "nonBlockingGaussSeidel", "GaussSeidel",
             "smoother nonBlockingGaussSeidel is not available; using GaussSeidel");
  r.addAlias(Kind::Smoother, "FDIC", "DIC");
  return r;
}

void SolverRegistry::addSolver(std::string name, SolverFactory factory, SolverNeeds needs) {
  addOrReplace(solvers_, SolverEntry{std::move(name), std::move(factory), needs});
}

void SolverRegistry::addPreconditioner(std::string name, PreconditionerFactory factory) {
  addOrReplace(preconditioners_, PreconditionerEntry{std::move(name), std::move(factory)});
}

void SolverRegistry::addSmoother(std::string name, SmootherFactory factory) {
  addOrReplace(smoothers_, SmootherEntry{std::move(name), std::move(factory)});
}

void SolverRegistry::addAlias(Kind kind, std::string alias, std::string target, std::string note) {
  auto it = std::find_if(aliases_.begin(), aliases_.end(),
                         [&](const Alias& a) { return a.kind == kind && a.alias == alias; });
  Alias a{kind, std::move(alias), std::move(target), std::move(note)};
  if (it != aliases_.end())
    *it = std::move(a);
  else
    aliases_.push_back(std::move(a));
}

std::vector<std::string> SolverRegistry::names(Kind kind) const {
  std::vector<std::string> out;
  auto take = [&](const auto& entries) {
    for (const auto& e : entries) out.push_back(e.name);
  };
  switch (kind) {
    case Kind::Solver: take(solvers_); break;
    case Kind::Preconditioner: take(preconditioners_); break;
    case Kind::Smoother: take(smoothers_); break;
  }
  for (const Alias& a : aliases_)
    if (a.kind == kind && std::find(out.begin(), out.end(), a.alias) == out.end()) out.push_back(a.alias);
  return out;
}

std::string SolverRegistry::namesList(Kind kind) const {
  std::string list;
  for (const std::string& n : names(kind)) list += (list.empty() ? "" : ", ") + n;
  return list;
}

std::optional<SolverRegistry::Resolved> SolverRegistry::resolve(Kind kind, std::string_view name) const {
  auto registered = [&](std::string_view n) {
    switch (kind) {
      case Kind::Solver: return findByName(solvers_, n) != solvers_.end();
      case Kind::Preconditioner: return findByName(preconditioners_, n) != preconditioners_.end();
      case Kind::Smoother: return findByName(smoothers_, n) != smoothers_.end();
    }
    return false;
  };
  if (registered(name)) return Resolved{std::string(name), {}};
  for (const Alias& a : aliases_)
    if (a.kind == kind && a.alias == name && registered(a.target)) return Resolved{a.target, a.note};
  return std::nullopt;
}

std::string SolverRegistry::resolveOrThrow(Kind kind, std::string_view name, const std::string& context) const {
  const auto r = resolve(kind, name);
  if (!r)
    throw InputError(fmt::format("{}{}unknown {} '{}'; supported: {}", context, context.empty() ? "" : ": ",
                                 kindName(kind), name, namesList(kind)));
  return r->name;
}

SolverRegistry::SolverNeeds SolverRegistry::needs(std::string_view solver) const {
  auto it = findByName(solvers_, solver);
  if (it == solvers_.end()) throw Error(fmt::format("SolverRegistry: no solver '{}'", solver));
  return it->needs;
}

std::unique_ptr<LinearSolver> SolverRegistry::create(const SolverSettings& settings,
                                                     const SolverEnvironment& env) const {
  const std::string name = resolveOrThrow(Kind::Solver, settings.solver, settings.context);
  return findByName(solvers_, name)->factory(settings, env, *this);
}

std::unique_ptr<Preconditioner> SolverRegistry::createPreconditioner(
    std::string_view name, Precision precision, std::shared_ptr<SolverWorkspace> workspace) const {
  const std::string resolved = resolveOrThrow(Kind::Preconditioner, name, {});
  return findByName(preconditioners_, resolved)->factory({precision, nullptr, nullptr, this, std::move(workspace)});
}

std::unique_ptr<Preconditioner> SolverRegistry::createPreconditioner(const SolverSettings& settings,
                                                                     const SolverEnvironment& env) const {
  const std::string resolved = resolveOrThrow(Kind::Preconditioner, settings.preconditioner, settings.context);
  return findByName(preconditioners_, resolved)->factory({settings.precision, &settings, &env, this, env.workspace});
}

std::unique_ptr<Smoother> SolverRegistry::createSmoother(const SolverSettings& settings,
                                                        std::shared_ptr<SolverWorkspace> workspace) const {
  const std::string name = resolveOrThrow(Kind::Smoother, settings.smoother, settings.context);
  return findByName(smoothers_, name)->factory(settings, *this, workspace);
}

}  // namespace sluice::linear
