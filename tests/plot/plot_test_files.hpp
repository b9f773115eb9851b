#pragma once
// History files for the plot tests: the solverInfo.dat that OpenFOAM v1912's
// icoFoam writes on the cavity tutorial (first two steps, byte for byte),
// and sluice-style runInfo.dat text made from rows.
#include <cstdio>
#include <string>
#include <vector>

namespace sluice::plot::test {

/// OpenFOAM v1912, icoFoam, cavity tutorial, `#includeFunc residuals`:
/// header cells padded to 14 characters, then a tab.
inline const std::string kV1912SolverInfo =
    "# Solver information\n"
    "# Time        \tU_solver      \tUx_initial    \tUx_final      \tUx_iters      \tUy_initial    \tUy_final      "
    "\tUy_iters      \tU_converged   \tp_solver      \tp_initial     \tp_final       \tp_iters       \tp_converged   \n"
    "0.005         \tsmoothSolver\t1.000000e+00\t8.905110e-06\t19\t0.000000e+00\t0.000000e+00\t0\tfalse\tDICPCG\t"
    "1.000000e+00\t4.928540e-02\t12\ttrue\n"
    "0.01          \tsmoothSolver\t1.606860e-01\t6.830310e-06\t19\t2.608280e-01\t9.659390e-06\t18\tfalse\tDICPCG\t"
    "4.289250e-01\t1.037390e-02\t22\ttrue\n";

/// "# Run information", "# Time" and `columns`, then one line per row (tab separated, %e).
inline std::string runInfoText(const std::vector<std::string>& columns, const std::vector<std::vector<double>>& rows) {
  std::string text = "# Run information\n# Time";
  for (const std::string& c : columns) text += "\t" + c;
  text += "\n";
  for (const std::vector<double>& row : rows) {
    char cell[32];
    for (std::size_t i = 0; i < row.size(); ++i) {
      std::snprintf(cell, sizeof cell, i == 0 ? "%g" : "%e", row[i]);
      if (i > 0) text += '\t';
      text += cell;
    }
    text += "\n";
  }
  return text;
}

}  // namespace sluice::plot::test
