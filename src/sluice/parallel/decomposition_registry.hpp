#pragma once
// Decomposition methods by name. A method maps every cell of a mesh to a part
// in [0, nParts). The registry is a plain object built where it is needed (no
// global table): registerDecompositionMethods() adds the built-in methods,
// and callers (tests, future methods) may add their own.
//
//   DecompositionRegistry registry;
//   registerDecompositionMethods(registry);           // scotch, metis, simple, hierarchical
//   registry.add("stripes", myMethod);                 // optional extra method
//   const DecompositionFunction* f = registry.find("metis");
//   std::vector<int> part = (*f)(mesh, cellCentres, nParts, settings);
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sluice/core/vec3.hpp"
#include "sluice/mesh/poly_mesh.hpp"
#include "sluice/parallel/decomposition_settings.hpp"

namespace sluice::parallel {

/// Cell -> part for nParts >= 2 parts; cellCentres has one entry per cell.
using DecompositionFunction = std::function<std::vector<int>(
    const mesh::PolyMesh& mesh, std::span<const Vec3> cellCentres, int nParts, const DecompositionSettings& settings)>;

class DecompositionRegistry {
 public:
  /// Adds a method; throws sluice::Error if the name is taken.
  void add(std::string name, DecompositionFunction method);
  /// The method registered under `name`, or nullptr.
  const DecompositionFunction* find(std::string_view name) const;
  /// Registered names in registration order.
  std::vector<std::string> names() const;

 private:
  std::vector<std::pair<std::string, DecompositionFunction>> methods_;
};

/// Adds the built-in methods: scotch, metis, simple, hierarchical.
void registerDecompositionMethods(DecompositionRegistry& registry);

}  // namespace sluice::parallel
