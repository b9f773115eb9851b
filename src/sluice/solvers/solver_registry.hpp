#pragma once
// Flow solvers by OpenFOAM application name (controlDict `application`).
//
//   SolverRegistry registry = SolverRegistry::standard();   // icoFoam, interFoam, pimpleFoam
//   auto solver = registry.create(controlDict.get<std::string>("application"), ctx);
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sluice/solvers/solver.hpp"

namespace sluice::solvers {

class SolverRegistry {
 public:
  using Factory = std::function<std::unique_ptr<Solver>(RunContext&)>;

  static SolverRegistry standard();

  void add(const std::string& application, Factory factory);
  std::vector<std::string> names() const;
  /// InputError "system/controlDict: unknown application 'fooFoam'; supported: ..." if not registered.
  std::unique_ptr<Solver> create(const std::string& application, RunContext& context) const;

 private:
  std::map<std::string, Factory> factories_;
};

}  // namespace sluice::solvers
