#pragma once
// Deliberate failures for the tests of the collective error paths: with
//   SLUICE_INJECT_FAILURE=<stage>:<rank>
// in the environment, failIfInjected(comm, "<stage>") throws on that rank of
// `comm` (a std::runtime_error, as an unexpected local failure would), so a
// test can make one rank fail in a chosen stage and check that every rank
// ends within seconds with one message. Stages: "distribute" (mesh
// distribution), "fvmesh" (FvMesh construction), "solver" (solver
// construction), "step" (the first time step), "write" (the first write),
// "after-step<N>" (after the solve of time step N), "snapshot<K>" (the
// writer thread, before writing the K-th restart snapshot's rank file).
// With SLUICE_INJECT_FAILURE=<stage>:<rank>:kill that rank raises SIGKILL
// instead (a rank killed from outside, e.g. by the out-of-memory killer);
// with :term it raises SIGTERM (a stop request) and goes on.
// Without the variable, or for another stage or rank, it does nothing.
#include <string_view>

#include "sluice/parallel/communicator.hpp"

namespace sluice::parallel {

void failIfInjected(const Communicator& comm, std::string_view stage);
/// The same for `rank`, without a communicator (the writer thread).
void failIfInjected(int rank, std::string_view stage);

}  // namespace sluice::parallel
