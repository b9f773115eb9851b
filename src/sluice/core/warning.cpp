#include "sluice/core/warning.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace sluice::core {

bool isFirstRankOfLaunch() {
  for (const char* variable : {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK"})
    if (const char* value = std::getenv(variable)) return std::strcmp(value, "0") == 0;
  return true;
}

void printWarning(std::string_view message) {
  if (!isFirstRankOfLaunch()) return;
  std::fprintf(stderr, "warning: %.*s\n", static_cast<int>(message.size()), message.data());
}

}  // namespace sluice::core
