#include <cmath>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "sluice/core/error.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/solvers/time_control.hpp"

using namespace sluice;
using solvers::TimeControl;
using solvers::TimeControlSettings;

namespace {

TimeControlSettings settingsFrom(const std::string& body) {
  return TimeControlSettings::read(io::Dictionary::parse(body, "system/controlDict"), solvers::latestTimeFolder("."));
}

std::string readError(const std::string& body) {
  try {
    settingsFrom(body);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST(TimeControl, FixedStepsReachEndTimeExactlyAndWriteEveryNSteps) {
  TimeControl time(settingsFrom("startTime 0; endTime 0.5; deltaT 0.005; writeControl timeStep; writeInterval 20;"));
  int steps = 0, writes = 0;
  std::string lastName;
  while (time.running()) {
    time.advance();
    ++steps;
    if (time.writeTime()) {
      ++writes;
      lastName = time.timeName();
    }
  }
  EXPECT_EQ(steps, 100);
  EXPECT_EQ(writes, 5);
  EXPECT_DOUBLE_EQ(time.value(), 0.5);
  EXPECT_EQ(lastName, "0.5");
  EXPECT_DOUBLE_EQ(time.progress(), 1.0);
}

TEST(TimeControl, RunTimeWritesOnIntervalsAndNamesTimesLikeOpenFoam) {
  TimeControl time(settingsFrom("startTime 0; endTime 1; deltaT 0.1; writeControl runTime; writeInterval 0.25;"));
  std::vector<std::string> names;
  while (time.running()) {
    time.advance();
    if (time.writeTime()) names.push_back(time.timeName());
  }
  // Writes at the first step at or past each 0.25 interval, and at the end.
  EXPECT_THAT(names, ::testing::ElementsAre("0.3", "0.5", "0.8", "1"));
}

TEST(TimeControl, LastStepIsClippedToEndTime) {
  TimeControl time(settingsFrom("startTime 0; endTime 1; deltaT 0.3; writeControl timeStep; writeInterval 100;"));
  while (time.running()) time.advance();
  EXPECT_EQ(time.timeIndex(), 4);
  EXPECT_DOUBLE_EQ(time.value(), 1.0);
  EXPECT_NEAR(time.deltaT(), 0.1, 1e-12);
  EXPECT_NEAR(time.deltaT0(), 0.3, 1e-12);
}

TEST(TimeControl, AdjustableStepHoldsCourantAndLandsOnWriteTimes) {
  TimeControl time(settingsFrom(
      "startTime 0; endTime 1; deltaT 0.001; writeControl adjustable; writeInterval 0.1;"
      "adjustTimeStep yes; maxCo 0.5; maxDeltaT 0.05;"));
  // A flow with Courant number 100*deltaT: the largest step keeping Co <= 0.5 is 0.005.
  std::vector<double> writes;
  while (time.running()) {
    time.adjustDeltaT(100 * time.deltaT());
    time.advance();
    EXPECT_LE(100 * time.deltaT(), 0.5 * 1.2 + 1e-12);
    if (time.writeTime()) writes.push_back(time.value());
  }
  ASSERT_EQ(writes.size(), 10u);
  for (std::size_t i = 0; i < writes.size(); ++i) EXPECT_NEAR(writes[i], 0.1 * (i + 1), 1e-12);
}

TEST(TimeControl, GrowthIsLimitedTo20PercentPerStep) {
  TimeControl time(settingsFrom(
      "startTime 0; endTime 10; deltaT 0.001; writeControl timeStep; writeInterval 1000;"
      "adjustTimeStep on; maxCo 1;"));
  time.adjustDeltaT(1e-6);
  EXPECT_NEAR(time.deltaT(), 0.0012, 1e-15);
}

TEST(TimeControl, NegativeDeltaTIsRefusedWithItsLine) {
  EXPECT_EQ(readError("startTime 0;\nendTime 1;\ndeltaT -0.1;\nwriteControl timeStep; writeInterval 1;"),
            "system/controlDict:3:8: 'deltaT': must be positive, found -0.1");
}

TEST(TimeControl, EndBeforeStartIsRefused) {
  EXPECT_EQ(readError("startTime 2; endTime 1; deltaT 0.1; writeControl timeStep; writeInterval 1;"),
            "system/controlDict: endTime 1 is before the start time 2");
}

TEST(TimeControl, UnknownWriteControlListsChoices) {
  EXPECT_THAT(readError("startTime 0; endTime 1; deltaT 0.1; writeControl sometimes; writeInterval 1;"),
              ::testing::HasSubstr("sometimes"));
}

TEST(TimeControl, MissingEndTimeNamesTheEntry) {
  EXPECT_EQ(readError("startTime 0; deltaT 0.1; writeControl timeStep; writeInterval 1;"),
            "system/controlDict: missing 'endTime'");
}
