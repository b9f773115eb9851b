#pragma once
// The time-step sizes the ddt schemes need.
//
//   TimeStep ts{runTime.deltaT, runTime.deltaT0};   // deltaT0: the previous step (backward)
//   BackwardCoeffs c = backwardCoeffs(ts, U.nOldTimes());
#include "sluice/core/types.hpp"

namespace sluice::fv {

struct TimeStep {
  Scalar deltaT = 1;   ///< this step
  Scalar deltaT0 = 0;  ///< the previous step (0: none yet)
};

/// ddt = (c * v - c0 * v0 + c00 * v00) / deltaT. Second order backward
/// differencing with variable steps:
///   c = 1 + dt/(dt + dt0), c00 = dt^2/(dt0 (dt + dt0)), c0 = c + c00,
/// falling back to Euler (1, 1, 0) until two old levels exist (nOldTimes < 2
/// or deltaT0 <= 0), as OpenFOAM does on the first step.
struct BackwardCoeffs {
  Scalar c = 1, c0 = 1, c00 = 0;
};

inline BackwardCoeffs backwardCoeffs(const TimeStep& ts, int nOldTimes) {
  if (nOldTimes < 2 || ts.deltaT0 <= 0) return {};
  const Scalar dt = ts.deltaT, dt0 = ts.deltaT0;
  BackwardCoeffs b;
  b.c = 1 + dt / (dt + dt0);
  b.c00 = dt * dt / (dt0 * (dt + dt0));
  b.c0 = b.c + b.c00;
  return b;
}

}  // namespace sluice::fv
