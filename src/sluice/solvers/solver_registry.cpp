#include "sluice/solvers/solver_registry.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "sluice/core/error.hpp"
#include "sluice/solvers/incompressible/incompressible_fluid.hpp"
#include "sluice/solvers/incompressible_vof/incompressible_vof.hpp"

namespace sluice::solvers {

SolverRegistry SolverRegistry::standard() {
  SolverRegistry r;
  r.add("icoFoam", [](RunContext& c) {
    return std::make_unique<IncompressibleFluid>(c, IncompressibleFluid::Application::icoFoam);
  });
  r.add("pimpleFoam", [](RunContext& c) {
    return std::make_unique<IncompressibleFluid>(c, IncompressibleFluid::Application::pimpleFoam);
  });
  r.add("interFoam", [](RunContext& c) { return std::make_unique<IncompressibleVoF>(c); });
  return r;
}

void SolverRegistry::add(const std::string& application, Factory factory) {
  factories_[application] = std::move(factory);
}

std::vector<std::string> SolverRegistry::names() const {
  std::vector<std::string> out;
  for (const auto& [name, f] : factories_) out.push_back(name);
  return out;
}

std::unique_ptr<Solver> SolverRegistry::create(const std::string& application, RunContext& context) const {
  const auto it = factories_.find(application);
  if (it == factories_.end())
    throw InputError(fmt::format("system/controlDict: unknown application '{}'; supported: {}", application,
                                 fmt::join(names(), ", ")));
  return it->second(context);
}

}  // namespace sluice::solvers
