#include "sluice/parallel/decomposition_registry.hpp"

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/parallel/decomposition_methods.hpp"

namespace sluice::parallel {

void DecompositionRegistry::add(std::string name, DecompositionFunction method) {
  if (find(name) != nullptr) throw Error(fmt::format("decomposition method '{}' registered twice", name));
  methods_.emplace_back(std::move(name), std::move(method));
}

const DecompositionFunction* DecompositionRegistry::find(std::string_view name) const {
  for (const auto& [key, method] : methods_)
    if (key == name) return &method;
  return nullptr;
}

std::vector<std::string> DecompositionRegistry::names() const {
  std::vector<std::string> out;
  out.reserve(methods_.size());
  for (const auto& entry : methods_) out.push_back(entry.first);
  return out;
}

void registerDecompositionMethods(DecompositionRegistry& registry) {
  registry.add("scotch", decomposeScotch);
  registry.add("metis", decomposeMetis);
  registry.add("simple", decomposeSimple);
  registry.add("hierarchical", decomposeHierarchical);
}

}  // namespace sluice::parallel
