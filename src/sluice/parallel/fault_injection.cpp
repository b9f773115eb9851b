#include "sluice/parallel/fault_injection.hpp"

#include <csignal>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <utility>

#include <fmt/format.h>

namespace sluice::parallel {

void failIfInjected(const Communicator& comm, std::string_view stage) { failIfInjected(comm.rank(), stage); }

void failIfInjected(int rank, std::string_view stage) {
  const char* spec = std::getenv("SLUICE_INJECT_FAILURE");
  if (spec == nullptr) return;
  // <stage>:<rank>, <stage>:<rank>:kill or <stage>:<rank>:term
  std::string_view s(spec);
  int signal = 0;
  for (const auto& [suffix, sig] : {std::pair<std::string_view, int>{":kill", SIGKILL}, {":term", SIGTERM}})
    if (s.ends_with(suffix)) {
      signal = sig;
      s.remove_suffix(suffix.size());
    }
  const auto colon = s.rfind(':');
  if (colon == std::string_view::npos || s.substr(0, colon) != stage) return;
  if (std::string(s.substr(colon + 1)) != std::to_string(rank)) return;
  // SIGKILL as the kernel's out-of-memory killer would: no handler, no
  // message, no MPI_Finalize. SIGTERM through the process's own handler.
  if (signal != 0) {
    std::raise(signal);
    return;
  }
  throw std::runtime_error(fmt::format("injected failure in stage '{}' (SLUICE_INJECT_FAILURE)", stage));
}

}  // namespace sluice::parallel
