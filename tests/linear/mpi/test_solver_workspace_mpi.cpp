// Solvers sharing one SolverWorkspace at 1-4 ranks (row slabs with ghost
// rows, HaloExchange as the GhostUpdater): bit for bit the results of
// solvers with their own storage, with ghosts in the vectors (nLocalCells
// entries) and coupled coefficients in the row form and the smoothers.
#include <string>

#include <gtest/gtest.h>

#include "linear/grid_system.hpp"
#include "linear/shared_workspace_scenario.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::linear {
namespace {

TEST(SolverWorkspaceMpi, SharedSolversGiveBitForBitTheResultsOfSolversWithOwnStorage) {
  parallel::Communicator comm(MPI_COMM_WORLD);
  const test::SlabGrid g = test::makeSlabGrid(18, 16, comm.rank(), comm.size());
  test::HaloGhosts ghosts(comm, g.pattern, 310);
  for (const test::ScenarioBodies& bodies : test::scenarioBodies()) {
    SCOPED_TRACE(bodies.p + " | " + bodies.pFinal + " | " + bodies.U);
    const test::ScenarioResult own = test::runScenario(comm, g, ghosts, bodies, /*share=*/false);
    const test::ScenarioResult shared = test::runScenario(comm, g, ghosts, bodies, /*share=*/true);
    test::expectIdentical(shared, own);
  }
}

}  // namespace
}  // namespace sluice::linear
