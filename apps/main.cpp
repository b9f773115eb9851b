// sluice command-line entry point.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

int main(int argc, char** argv) {
  CLI::App app{"sluice: parallel finite-volume CFD solver for OpenFOAM-format cases"};
  app.require_subcommand(1);
  CLI11_PARSE(app, argc, argv);
  return 0;
}
