// The serial fv tests build FvMeshes, which need MPI (a Communicator of
// size 1): MPI is initialised once for the test program (singleton start,
// no mpiexec needed) and finalised at the end.
#include <gtest/gtest.h>
#include <mpi.h>

namespace {

class MpiEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    int initialised = 0;
    MPI_Initialized(&initialised);
    if (!initialised) MPI_Init(nullptr, nullptr);
  }
  void TearDown() override {
    int finalised = 0;
    MPI_Finalized(&finalised);
    if (!finalised) MPI_Finalize();
  }
};

// gtest takes ownership of the environment.
[[maybe_unused]] ::testing::Environment* const kMpiEnvironment =
    ::testing::AddGlobalTestEnvironment(new MpiEnvironment);

}  // namespace
