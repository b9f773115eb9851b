// startFrom latestTime in parallel: every rank starts from the time folder
// rank 0 lists. Each rank here is given its own case directory with a
// different latest time, as ranks on file systems that disagree would see;
// listing on every rank (as sluice did) started them at different times.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include <fmt/format.h>

#include "sluice/io/dictionary.hpp"
#include "sluice/parallel/communicator.hpp"
#include "sluice/solvers/time_control.hpp"
#include "support/temp_dir.hpp"

namespace sluice {
namespace {

TEST(LatestTimeMpi, EveryRankStartsFromTheFolderRankZeroLists) {
  parallel::Communicator world(MPI_COMM_WORLD);
  test::TempDir dir("latestTime");
  dir.write("0/p", "");
  if (world.rank() > 0) dir.write(fmt::format("{}/p", world.rank()), "");  // rank 0 sees only 0/
  if (world.rank() == 0) dir.write("constant/p", "");                        // (not a time)

  const std::optional<Scalar> latest = solvers::agreedLatestTimeFolder(world, dir.path());
  ASSERT_TRUE(latest.has_value());
  EXPECT_EQ(*latest, 0.0);

  const io::Dictionary controlDict = io::Dictionary::parse(
      "startFrom latestTime; startTime 5; endTime 10; deltaT 1; writeControl timeStep; writeInterval 1;",
      "system/controlDict");
  EXPECT_EQ(solvers::TimeControlSettings::read(controlDict, latest).startTime, 0.0);
}

TEST(LatestTimeMpi, NoTimeFolderOnRankZeroMeansStartTimeOnEveryRank) {
  parallel::Communicator world(MPI_COMM_WORLD);
  test::TempDir dir("noTime");
  if (world.rank() > 0) dir.write("3/p", "");
  const std::optional<Scalar> latest = solvers::agreedLatestTimeFolder(world, dir.path());
  EXPECT_FALSE(latest.has_value());
  const io::Dictionary controlDict = io::Dictionary::parse(
      "startFrom latestTime; startTime 0.5; endTime 10; deltaT 1; writeControl timeStep; writeInterval 1;",
      "system/controlDict");
  EXPECT_EQ(solvers::TimeControlSettings::read(controlDict, latest).startTime, 0.5);
}

}  // namespace
}  // namespace sluice
