#pragma once
// A request to stop a run early, from a signal: SIGINT (Ctrl-C), SIGTERM (a
// batch system, kill) or SIGUSR1 (what mpirun passes on to the ranks; `sluice
// run --np N` turns the user's SIGINT/SIGTERM into it, because mpirun itself
// answers SIGINT/SIGTERM by killing the ranks a second later). The handler
// only records the signal; the solver looks at it once per time step, agrees
// on it over the ranks in the step's reduction, finishes the step, writes a
// restart snapshot and stops. A second SIGINT or SIGTERM ends the process at
// once (the default action).
//
//   StopRequest stop;                     // installs the handlers for its lifetime
//   while (running) {
//     step();
//     if (comm.anyTrue(stop.signal() != 0)) { snapshot(); return 128 + signal; }   // fused in practice
//   }
//
// One StopRequest at a time per process: signal handlers are process-wide.
#include <csignal>

namespace sluice::solvers {

class StopRequest {
 public:
  StopRequest();
  ~StopRequest();
  StopRequest(const StopRequest&) = delete;
  StopRequest& operator=(const StopRequest&) = delete;

  /// The first stop signal received since construction, 0 if none.
  int signal() const;
  /// The signal's name for messages ("SIGTERM", "SIGUSR1 (a stop passed on by mpiexec)").
  static const char* name(int signal);

 private:
  struct sigaction previous_[3];
};

}  // namespace sluice::solvers
