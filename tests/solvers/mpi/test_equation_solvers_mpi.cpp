// EquationSolvers: one solver per fvSolution entry, and the multigrid mesh
// asked for only by entries that use GAMG (building it costs a weight per
// face and an order per cell, for nothing in a PCG run); on every rank alike.
#include <gtest/gtest.h>

#include <mpi.h>

#include "sluice/io/dictionary.hpp"
#include "sluice/parallel/communicator.hpp"
#include "sluice/solvers/equation_solvers.hpp"

namespace sluice::solvers {
namespace {

const char* const kFvSolution = R"(
solvers
{
    p     { solver PCG; preconditioner DIC; tolerance 1e-6; relTol 0.05; }
    pFinal { solver PCG; preconditioner DIC; tolerance 1e-6; relTol 0; }
    U     { solver smoothSolver; smoother symGaussSeidel; tolerance 1e-5; relTol 0; }
    pG    { solver GAMG; smoother GaussSeidel; tolerance 1e-6; relTol 0; }
    pPG   { solver PCG; preconditioner { preconditioner GAMG; smoother GaussSeidel; } tolerance 1e-6; relTol 0; }
}
)";

TEST(EquationSolvers, AskForTheMultigridMeshOnlyForEntriesThatUseGamg) {
  const io::Dictionary fvSolution = io::Dictionary::parse(kFvSolution, "system/fvSolution");
  parallel::Communicator comm(MPI_COMM_WORLD);
  int asked = 0;
  EquationSolvers solvers(fvSolution, comm, [](const std::string&) {}, nullptr, [&asked] {
    ++asked;
    return static_cast<const linear::MultigridMesh*>(nullptr);
  });
  solvers.prepare("p");
  solvers.prepare("pFinal");
  solvers.prepare("U");
  EXPECT_EQ(asked, 0);
  solvers.prepare("pG");
  EXPECT_EQ(asked, 1);
  solvers.prepare("pG");  // kept: not made again
  EXPECT_EQ(asked, 1);
  solvers.prepare("pPG");  // GAMG as the preconditioner
  EXPECT_EQ(asked, 2);
}

}  // namespace
}  // namespace sluice::solvers
