// Failure handling across ranks, run under mpiexec by expect_failure.cmake.
// Usage: fail_one_rank <mode>
//   local       the last rank throws an InputError while the others wait in a
//               reduction: that rank prints "error (rank r): ..." and aborts all.
//   checkpoint  rank 1 (the last rank if fewer) fails inside collectively():
//               rank 0 prints "error (rank 1): ..." once, every rank exits 1.
//   collective  every rank fails reading the same input inside collectively():
//               rank 0 prints "error: ..." once, every rank exits 1.
//   refuse      every rank throws CollectiveError (a condition all ranks see,
//               like more ranks than cells): "error: ..." once, exit 1.
//   ok          no failure, exit 0.
#include <string>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/parallel/parallel_error.hpp"

using namespace sluice;
using namespace sluice::parallel;

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  return parallelMain(argc, argv, [&](Communicator& comm) -> int {
    if (mode == "local") {
      if (comm.rank() == comm.size() - 1)
        throw InputError(locatedMessage("constant/polyMesh/faces", 3, 0, "face 7 has 2 points"));
      comm.sum(1.0);  // the other ranks block here until the abort ends them
      return 0;
    }
    if (mode == "checkpoint") {
      collectively(comm, [&] {
        if (comm.rank() == std::min(1, comm.size() - 1))
          throw InputError(locatedMessage("0/p", 17, 5, "unknown patch 'outlet2'"));
      });
      return 0;
    }
    if (mode == "collective") {
      collectively(comm, [&] { throw InputError(locatedMessage("system/controlDict", 9, 12, "expected a number")); });
      return 0;
    }
    if (mode == "refuse") {
      throw CollectiveError(fmt::format("{} ranks but the mesh has 2 cells", comm.size()));
    }
    if (mode == "ok") return comm.sum(1) == comm.size() ? 0 : 2;
    throw InputError("unknown mode '" + mode + "'");
  });
}
