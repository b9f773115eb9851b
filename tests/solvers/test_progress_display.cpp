#include <cmath>

#include <gtest/gtest.h>

#include "sluice/solvers/progress_display.hpp"

using sluice::solvers::ProgressDisplay;

TEST(ProgressDisplay, LineShowsTimePercentRateAndTimeLeft) {
  EXPECT_EQ(ProgressDisplay::format(0.505, 0.2525, 12.4, 72.0), "Time = 0.505       25.2 %      12.4 steps/s  1m12s left");
  EXPECT_EQ(ProgressDisplay::format(20, 1.0, 1000, 0), "Time = 20         100.0 %    1000.0 steps/s  0s left");
  EXPECT_EQ(ProgressDisplay::format(1, 0.0, 0, NAN), "Time = 1            0.0 %       0.0 steps/s  ? left");
  EXPECT_EQ(ProgressDisplay::format(1, 0.5, 1, 7300), "Time = 1           50.0 %       1.0 steps/s  2h01m left");
  EXPECT_EQ(ProgressDisplay::format(1, 0.5, 1, 3 * 86400 + 7300), "Time = 1           50.0 %       1.0 steps/s  3d02h left");
}

// `endTime 1e300` is a valid (if endless) run: its estimate showed
// "-9223372036854775808s left" (llround beyond the range of long long).
TEST(ProgressDisplay, AnEndlessRunsEstimateIsNotNegative) {
  EXPECT_EQ(ProgressDisplay::format(0.01, 1e-302, 100, 1e300),
            "Time = 0.01         0.0 %     100.0 steps/s  over 100 years left");
  EXPECT_EQ(ProgressDisplay::format(0.01, 1e-10, 100, 1e19),
            "Time = 0.01         0.0 %     100.0 steps/s  over 100 years left");
}
