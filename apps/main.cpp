// sluice command-line entry point.
//   sluice mesh [CASE] [--json]            mesh report (serial)
//   sluice decompose [CASE] [--np N]       parallel start-up, decomposition and halo check
//   sluice run [CASE] [--np N]             run the case's application (icoFoam, pimpleFoam, interFoam)
//   sluice run -case CASE, mpirun -np N sluice run -parallel   OpenFOAM's habits (also mesh, decompose)
//   sluice setfields [CASE]                set initial field values from system/setFieldsDict (serial)
//   sluice plot [CASE] [--live]            residuals, Courant number and step time to CASE/postProcessing/plot.png
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "case_directory.hpp"
#include "decompose_command.hpp"
#include "mesh_command.hpp"
#include "mpi_launch.hpp"
#include "plot_command.hpp"
#include "rank_count.hpp"
#include "run_command.hpp"
#include "setfields_command.hpp"
#include "sluice/core/error.hpp"
#include "sluice/parallel/communicator.hpp"
#include "sluice/parallel/parallel_error.hpp"
#include "sluice/solvers/solver_registry.hpp"

namespace {

// Serial commands: errors print one line and exit 1.
template <class F>
int runSerial(F&& body) {
  try {
    return body();
  } catch (const sluice::Error& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "error: out of memory\n");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: internal: %s\n", e.what());
  }
  return 1;
}

// OpenFOAM's single-dash options as CLI11's double-dash ones: a user's
// `sluice run -case CASE` or `mpirun -np 4 sluice run -parallel` works.
std::vector<std::string> withOpenFoamOptions(int argc, char** argv) {
  std::vector<std::string> args(argv, argv + argc);
  for (std::string& a : args)
    if (a == "-case" || a == "-parallel") a.insert(0, "-");
  return args;
}

// The case directory from the positional argument or -case (the current
// directory without either); false, with a message, when both name different
// ones or it is not a directory (apps/case_directory).
bool resolveCase(const char* command, std::string& caseDir, const std::string& caseOption) {
  if (!caseOption.empty() && !caseDir.empty() && caseOption != caseDir) {
    std::fprintf(stderr, "error: %s: two case directories given ('%s' and -case '%s')\n", command, caseDir.c_str(),
                 caseOption.c_str());
    return false;
  }
  if (!caseOption.empty()) caseDir = caseOption;
  if (caseDir.empty()) caseDir = ".";
  if (const auto problem = sluice::apps::caseDirectoryProblem(caseDir)) {
    // Every rank of `mpirun -np N sluice run -parallel` sees it; one says it.
    if (sluice::apps::isFirstRank()) std::fprintf(stderr, "error: %s\n", problem->c_str());
    return false;
  }
  return true;
}

// --np as text (CLI11's own range check prints a meaningless range); 0 when
// not given; false, with a message, when it is not a rank count.
bool resolveRankCount(const CLI::Option* option, const std::string& text, int& np) {
  if (option->count() == 0) return true;
  const auto n = sluice::apps::parseRankCount(text);
  if (!n) {
    if (sluice::apps::isFirstRank()) std::fprintf(stderr, "error: %s\n", sluice::apps::rankCountError(text).c_str());
    return false;
  }
  np = *n;
  return true;
}

// `sluice run` and `sluice decompose`: --np, the case and -parallel checked;
// with --np N outside an MPI launcher sluice starts itself under mpiexec with
// `command CASE forwardedOptions...`, else `body` runs on MPI_COMM_WORLD
// (serial: an isolated singleton).
template <class Body>
int runOnRanks(const char* command, int argc, char** argv, const CLI::Option* npOption, const std::string& npText,
               std::string& caseDir, const std::string& caseOption, bool parallelFlag,
               const std::vector<std::string>& forwardedOptions, Body&& body) {
  int np = 0;
  if (!resolveRankCount(npOption, npText, np)) return 1;
  if (!resolveCase(command, caseDir, caseOption)) return 1;
  if (parallelFlag && np == 0 && !sluice::apps::underMpiLauncher()) {
    std::fprintf(stderr,
                 "error: %s -parallel: not started by an MPI launcher; use mpirun -np N sluice %s -parallel, or "
                 "sluice %s --np N\n",
                 command, command, command);
    return 1;
  }
  if (np > 0 && !sluice::apps::underMpiLauncher()) {
    std::vector<std::string> args = {command, caseDir};
    args.insert(args.end(), forwardedOptions.begin(), forwardedOptions.end());
    return sluice::apps::relaunchUnderMpi(np, args);
  }
  sluice::apps::prepareSerialMpi();
  return sluice::parallel::parallelMain(argc, argv, [&](sluice::parallel::Communicator& world) {
    if (np > 0 && np != world.size())
      throw sluice::parallel::CollectiveError(
          fmt::format("--np {} does not match the {} ranks this run was started with", np, world.size()));
    return body(world);
  });
}

// The options of run and decompose that a relaunch under mpiexec passes on.
std::vector<std::string> methodAndRenumberOptions(const std::string& method, bool noRenumber) {
  std::vector<std::string> options;
  if (!method.empty()) options.insert(options.end(), {"--method", method});
  if (noRenumber) options.push_back("--no-renumber");
  return options;
}

}  // namespace

namespace {

// glibc serves a freed block of 128 kB or more from the heap afterwards once
// its dynamic mmap threshold has risen past the block's size (up to 32 MiB),
// so the freed temporaries of a large mesh (a field's worth each) stay
// resident and count in the peak. A fixed threshold keeps every block of
// 1 MiB or more (a field of 128k cells) its own mapping, returned to the
// system when freed: cavity 1000 x 1000 peaks at 649 instead of 705 MiB, in
// the same time per step.
//
// Fixing the mmap threshold also fixes glibc's trim threshold at its 128 kB
// default (it is otherwise twice the dynamic mmap threshold): the heap, which
// now holds only the blocks under 1 MiB, was given back to the system
// whenever 128 kB at its top came free and faulted in again at the next
// allocation, a page at a time. On a mesh of 36k cells, whose fields all live
// on the heap, that was a quarter of interFoam's step (877k page faults in 40
// steps). The heap's top is kept up to 64 MiB instead; the blocks of 1 MiB
// and more are still returned when freed.
void returnLargeFreedBlocksToTheSystem() {
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}

}  // namespace

int main(int argc, char** argv) {
  returnLargeFreedBlocksToTheSystem();
  // Line by line even into a pipe or file (`sluice run CASE | tee log`), as a
  // solver log is read while the run goes on.
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  CLI::App app{"sluice: parallel finite-volume CFD solver for OpenFOAM-format cases"};
  app.require_subcommand(1);

  sluice::apps::MeshCommandOptions meshOptions;
  CLI::App* mesh = app.add_subcommand("mesh", "Build or read the case's mesh and print a checkMesh-like report");
  mesh->add_option("case", meshOptions.caseDir, "Case directory (default: the current directory)");
  std::string meshCaseOption;
  mesh->add_option("--case", meshCaseOption, "Case directory, as OpenFOAM's -case");
  mesh->add_flag("--json", meshOptions.json, "Print the report as one JSON object");
  mesh->add_flag("--no-renumber", meshOptions.noRenumber, "Keep the mesh's cell order (no reverse Cuthill-McKee)");

  sluice::apps::DecomposeCommandOptions decomposeOptions;
  std::string npText;
  CLI::App* decompose = app.add_subcommand(
      "decompose", "Partition the case's mesh over the ranks, distribute it and check the halo exchange");
  decompose->add_option("case", decomposeOptions.caseDir, "Case directory (default: the current directory)");
  std::string decomposeCaseOption;
  decompose->add_option("--case", decomposeCaseOption, "Case directory, as OpenFOAM's -case");
  bool decomposeParallelFlag = false;
  decompose->add_flag("--parallel", decomposeParallelFlag,
                      "Accepted as OpenFOAM's -parallel under an MPI launcher (mpirun -np N sluice decompose -parallel)");
  const CLI::Option* decomposeNp =
      decompose->add_option("--np", npText, "Number of ranks: sluice starts itself under mpiexec");
  decompose->add_option("--method", decomposeOptions.method,
                        "Override decomposeParDict's method (scotch, metis, simple, hierarchical)");
  decompose->add_flag("--no-renumber", decomposeOptions.noRenumber, "Keep the mesh's cell order");

  sluice::apps::RunCommandOptions runOptions;
  // The applications listed are the registry's, so the help cannot fall behind the solvers.
  CLI::App* run = app.add_subcommand(
      "run", fmt::format("Run the case's application (controlDict: {})",
                         fmt::join(sluice::solvers::SolverRegistry::standard().names(), ", ")));
  run->add_option("case", runOptions.caseDir, "Case directory (default: the current directory)");
  std::string caseOption;
  run->add_option("--case", caseOption, "Case directory, as OpenFOAM's -case");
  bool parallelFlag = false;
  run->add_flag("--parallel", parallelFlag,
                "Accepted as OpenFOAM's -parallel under an MPI launcher (mpirun -np N sluice run -parallel)");
  const CLI::Option* runNp = run->add_option("--np", npText, "Number of ranks: sluice starts itself under mpiexec");
  run->add_option("--method", runOptions.method,
                  "Override decomposeParDict's method (scotch, metis, simple, hierarchical)");
  run->add_flag("--no-renumber", runOptions.noRenumber, "Keep the mesh's cell order");
  run->add_flag("--quiet", runOptions.quiet, "Only the progress line, no per-step solver output");

  sluice::apps::SetFieldsCommandOptions setFieldsOptions;
  CLI::App* setFields = app.add_subcommand(
      "setfields", "Set initial field values in the start time directory from system/setFieldsDict (setFields)");
  setFields->add_option("case", setFieldsOptions.caseDir, "Case directory (default: the current directory)");

  sluice::apps::PlotCommandOptions plotOptions;
  CLI::App* plot = app.add_subcommand(
      "plot", "Draw the run history (residuals, Courant number, seconds per step) of a case to a PNG");
  std::string plotCase;
  std::string plotCaseOption;
  plot->add_option("case", plotCase, "Case directory (default: the current directory)");
  plot->add_option("--case", plotCaseOption, "Case directory, as OpenFOAM's -case");
  plot->add_option("--output", plotOptions.output, "PNG file (default: CASE/postProcessing/plot.png)");
  CLI::Option* live =
      plot->add_flag("--live", plotOptions.live, "Redraw every --interval seconds while the run goes on, until Ctrl-C");
  plot->add_option("--interval", plotOptions.interval, "Seconds between redraws with --live (default 5)")
      ->check(CLI::PositiveNumber)
      ->needs(live);

  std::vector<std::string> args = withOpenFoamOptions(argc, argv);
  std::vector<char*> cargs;
  for (std::string& a : args) cargs.push_back(a.data());
  try {
    app.parse(static_cast<int>(cargs.size()), cargs.data());
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }

  if (run->parsed()) {
    std::vector<std::string> forwarded = methodAndRenumberOptions(runOptions.method, runOptions.noRenumber);
    if (runOptions.quiet) forwarded.push_back("--quiet");
    return runOnRanks("run", argc, argv, runNp, npText, runOptions.caseDir, caseOption, parallelFlag, forwarded,
                      [&](sluice::parallel::Communicator& world) { return sluice::apps::runRunCommand(world, runOptions); });
  }

  if (mesh->parsed()) {
    if (!resolveCase("mesh", meshOptions.caseDir, meshCaseOption)) return 1;
    return runSerial([&] { return sluice::apps::runMeshCommand(meshOptions); });
  }
  if (setFields->parsed()) {
    if (!resolveCase("setfields", setFieldsOptions.caseDir, "")) return 1;
    return runSerial([&] { return sluice::apps::runSetFieldsCommand(setFieldsOptions); });
  }
  if (plot->parsed()) {
    if (!resolveCase("plot", plotCase, plotCaseOption)) return 1;
    plotOptions.caseDir = plotCase;
    return runSerial([&] { return sluice::apps::runPlotCommand(plotOptions); });
  }

  if (decompose->parsed()) {
    return runOnRanks("decompose", argc, argv, decomposeNp, npText, decomposeOptions.caseDir, decomposeCaseOption,
                      decomposeParallelFlag,
                      methodAndRenumberOptions(decomposeOptions.method, decomposeOptions.noRenumber),
                      [&](sluice::parallel::Communicator& world) {
                        return sluice::apps::runDecomposeCommand(world, decomposeOptions);
                      });
  }
  return 0;
}
