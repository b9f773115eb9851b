// sluice command-line entry point: `sluice mesh CASE [--json]`.
#include <cstdio>
#include <exception>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "mesh_command.hpp"
#include "sluice/core/error.hpp"

int main(int argc, char** argv) {
  CLI::App app{"sluice: parallel finite-volume CFD solver for OpenFOAM-format cases"};
  app.require_subcommand(1);

  sluice::apps::MeshCommandOptions meshOptions;
  CLI::App* mesh = app.add_subcommand("mesh", "Build or read the case's mesh and print a checkMesh-like report");
  mesh->add_option("case", meshOptions.caseDir, "Case directory")->required();
  mesh->add_flag("--json", meshOptions.json, "Print the report as one JSON object");
  mesh->add_flag("--no-renumber", meshOptions.noRenumber, "Keep the mesh's cell order (no reverse Cuthill-McKee)");

  CLI11_PARSE(app, argc, argv);

  try {
    if (mesh->parsed()) return sluice::apps::runMeshCommand(meshOptions);
  } catch (const sluice::Error& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "error: out of memory\n");
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: internal: %s\n", e.what());
    return 1;
  }
  return 0;
}
