#pragma once
// Runs a case through the real solver classes inside an MPI test, as
// `sluice run` does (parallel start-up, FvMesh, the solver the registry
// makes for the case's application), so tests can look at the solver's
// fields afterwards; and a case directory shared by the ranks.
//
//   SharedCaseDir dir(world, "icofoam");             // rank 0 creates it, every rank knows the path
//   if (world.isRoot()) writeMyCase(dir.path());
//   dir.sync();                                       // files visible to every rank
//   InProcessRun run(world, dir.path(), {.renumber = false});
//   ASSERT_EQ(run.run(), 0);
//   const auto& U = run.fields().get<field::VolVectorField>("U");
//   GlobalLabel id = run.mesh().globalCellIds()[c];   // = the blockMesh cell number without renumbering
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include <mpi.h>

#include "sluice/field/fv_mesh.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/parallel/case_startup.hpp"
#include "sluice/parallel/comm_profile.hpp"
#include "sluice/parallel/communicator.hpp"
#include "sluice/solvers/fluid_solver.hpp"
#include "sluice/solvers/solver_registry.hpp"
#include "sluice/solvers/time_control.hpp"
#include "support/temp_dir.hpp"

namespace sluice::test {

class SharedCaseDir {
 public:
  SharedCaseDir(const parallel::Communicator& world, const std::string& tag) : world_(world) {
    std::string path;
    if (world.isRoot()) {
      dir_ = std::make_unique<TempDir>(tag);
      path = dir_->path().string();
    }
    world.broadcast(path);
    path_ = path;
  }
  ~SharedCaseDir() { MPI_Barrier(world_.get()); }  // every rank is done before rank 0 removes it
  const std::filesystem::path& path() const { return path_; }
  /// After rank 0 wrote the files.
  void sync() const { MPI_Barrier(world_.get()); }

 private:
  const parallel::Communicator& world_;
  std::unique_ptr<TempDir> dir_;
  std::filesystem::path path_;
};

class InProcessRun {
 public:
  InProcessRun(parallel::Communicator& world, const std::filesystem::path& caseDir,
               const parallel::StartupOptions& options)
      : controlDict_(io::Dictionary::readFile(caseDir / "system/controlDict", "system/controlDict")) {
    parallel::CaseStartup startup = parallel::startCase(world, caseDir, options);
    comm_ = std::make_unique<parallel::Communicator>(std::move(startup.graph));
    mesh_ = std::make_unique<field::FvMesh>(std::move(startup.mesh), *comm_);
    context_ = std::make_unique<solvers::RunContext>(solvers::RunContext{
        caseDir, caseDir.filename().string(), *comm_, profile_, *mesh_, controlDict_, stdout, nullptr, false,
        solvers::agreedLatestTimeFolder(*comm_, caseDir), std::nullopt});
    solver_ = solvers::SolverRegistry::standard().create(controlDict_.get<std::string>("application"), *context_);
  }
  int run() { return solver_->run(); }
  const field::FvMesh& mesh() const { return *mesh_; }
  const solvers::FluidSolver& solver() const { return dynamic_cast<const solvers::FluidSolver&>(*solver_); }
  const field::FieldRegistry& fields() const { return solver().fields(); }
  /// For setting an observer before run().
  field::FieldRegistry& registry() { return dynamic_cast<solvers::FluidSolver&>(*solver_).fields(); }

 private:
  io::Dictionary controlDict_;
  parallel::CommProfile profile_;
  std::unique_ptr<parallel::Communicator> comm_;
  std::unique_ptr<field::FvMesh> mesh_;
  std::unique_ptr<solvers::RunContext> context_;
  std::unique_ptr<solvers::Solver> solver_;
};

}  // namespace sluice::test
