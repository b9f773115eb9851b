#pragma once
// The solverInfo function object (what `#includeFunc residuals` makes): per
// time step, the first linear solve of each listed field, in OpenFOAM
// v1912's file layout, so foamMonitor, gnuplot scripts and `sluice plot`
// read sluice's and OpenFOAM's files alike:
//
//   CASE/postProcessing/<name>/<startTime>/solverInfo.dat
//   # Solver information
//   # Time        \tU_solver      \tUx_initial    \tUx_final      \tUx_iters      \t...\tU_converged   \tp_solver ...
//   0.005         \tsmoothSolver\t1.000000e+00\t8.905110e-06\t19\t...\tfalse\tDICPCG\t1.000000e+00\t...\ttrue
//
// Fields in byte order of their names (U before p, as OpenFOAM's sorted
// selection); a vector field lists the components it solves (x and y on a
// 2D mesh); `<field>_converged` of a vector field is always false, as v1912
// writes it (its vector solve never sets the flag). Header cells are padded
// to 14 characters (writePrecision 6 + 8), values are not; residuals are
// rounded to 6 significant digits and written as %.6e, as v1912 does. A listed field with no solve in the first step it runs is
// warned about once and left out; a field solved then but not in a later
// step (momentumPredictor off) gets N/A in its columns, so columns stay aligned.
// Rank 0 writes; the figures are the same on every rank.
#include <filesystem>
#include <string>
#include <vector>

#include "sluice/output/function_object.hpp"

namespace sluice::output {

class SolverInfoObject final : public FunctionObjects::Object {
 public:
  SolverInfoObject(const SolverInfoSpec& spec, Scalar startTime, const std::filesystem::path& caseDir,
                   const parallel::Communicator& comm, const WarningHandler& warn);
  void execute(const TimeState& state, const Sources& sources) override;

  /// The file written.
  std::filesystem::path file() const { return dir_ / "solverInfo.dat"; }

 private:
  struct Column {
    std::string field;               ///< "U"
    std::vector<std::string> solved; ///< solved names: {"p"} or {"Ux", "Uy"}
    bool vector = false;
  };
  std::string header() const;
  std::string row(const TimeState& state, const SolveLookup& solves) const;

  std::filesystem::path dir_;
  std::vector<Column> columns_;
  bool started_ = false;
};

}  // namespace sluice::output
