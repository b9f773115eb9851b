// Serial test executables whose tests need MPI (Communicators of size 1 on
// MPI_COMM_SELF, FvMeshes): MPI is initialised once for the test program
// (singleton start, no mpiexec needed) and finalised at the end. Added to an
// executable with sluice_test_module(<module> MPI_ENVIRONMENT ...) in
// tests/CMakeLists.txt.
#include <gtest/gtest.h>
#include <mpi.h>

#include "sluice/parallel/parallel_error.hpp"

namespace {

class MpiEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    int initialised = 0;
    MPI_Initialized(&initialised);
    if (!initialised) sluice::parallel::initialiseMpi(nullptr, nullptr);
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
