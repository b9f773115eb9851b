#include "sluice/solvers/stop_request.hpp"

#include <array>
#include <cstring>

#include "sluice/core/error.hpp"

namespace sluice::solvers {

namespace {

constexpr std::array<int, 3> kSignals{SIGINT, SIGTERM, SIGUSR1};

// What a signal handler may touch: one lock-free flag (process-wide, as
// signal dispositions are).
volatile std::sig_atomic_t received = 0;
volatile std::sig_atomic_t installed = 0;

extern "C" void onStopSignal(int sig) {
  if (received != 0 && sig != SIGUSR1) {
    // The second request: stop now.
    std::signal(sig, SIG_DFL);
    std::raise(sig);
    return;
  }
  if (received == 0) received = sig;
}

}  // namespace

StopRequest::StopRequest() {
  if (installed) throw Error("StopRequest: one at a time per process");
  installed = 1;
  received = 0;
  struct sigaction action;
  std::memset(&action, 0, sizeof action);
  action.sa_handler = onStopSignal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  for (std::size_t i = 0; i < kSignals.size(); ++i) sigaction(kSignals[i], &action, &previous_[i]);
}

StopRequest::~StopRequest() {
  for (std::size_t i = 0; i < kSignals.size(); ++i) sigaction(kSignals[i], &previous_[i], nullptr);
  installed = 0;
}

int StopRequest::signal() const { return received; }

const char* StopRequest::name(int signal) {
  switch (signal) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    case SIGUSR1: return "SIGUSR1 (a stop passed on by mpiexec)";
    default: return "a signal";
  }
}

}  // namespace sluice::solvers
