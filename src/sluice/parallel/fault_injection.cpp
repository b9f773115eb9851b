#include "sluice/parallel/fault_injection.hpp"

#include <csignal>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace sluice::parallel {

void failIfInjected(const Communicator& comm, std::string_view stage) {
  const char* spec = std::getenv("SLUICE_INJECT_FAILURE");
  if (spec == nullptr) return;
  // <stage>:<rank> or <stage>:<rank>:kill
  std::string_view s(spec);
  bool kill = false;
  if (constexpr std::string_view suffix = ":kill"; s.ends_with(suffix)) {
    kill = true;
    s.remove_suffix(suffix.size());
  }
  const auto colon = s.rfind(':');
  if (colon == std::string_view::npos || s.substr(0, colon) != stage) return;
  if (std::string(s.substr(colon + 1)) != std::to_string(comm.rank())) return;
  // As the kernel's out-of-memory killer would: no handler, no message, no MPI_Finalize.
  if (kill) std::raise(SIGKILL);
  throw std::runtime_error(fmt::format("injected failure in stage '{}' (SLUICE_INJECT_FAILURE)", stage));
}

}  // namespace sluice::parallel
