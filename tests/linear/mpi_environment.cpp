// The serial linear tests create Communicators on MPI_COMM_SELF, so MPI must
// be initialised: a GoogleTest environment does it once for the executable
// (a singleton MPI process; no mpiexec needed).
#include <gtest/gtest.h>
#include <mpi.h>

namespace {

class MpiEnvironment final : public ::testing::Environment {
 public:
  void SetUp() override {
    int initialized = 0;
    MPI_Initialized(&initialized);
    if (!initialized) MPI_Init(nullptr, nullptr);
  }
  void TearDown() override {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized) MPI_Finalize();
  }
};

// GoogleTest owns the environment.
[[maybe_unused]] ::testing::Environment* const kMpiEnvironment =
    ::testing::AddGlobalTestEnvironment(new MpiEnvironment);

}  // namespace
