// The real solver class (IncompressibleFluid, as icoFoam) on OpenFOAM
// v1912's own numbers, at every rank count: a 0.1 m lid-driven cavity, 12 x
// 12 cells, nu 0.01, lid speed 1, deltaT 0.005, PISO with 2 correctors, p by
// DIC-PCG and U by DILU-PBiCGStab to 1e-14, five steps; icoFoam's U and p in
// six cells. "orthogonal": Euler, Gauss linear, Gauss linear orthogonal (the
// tutorial's schemes). "skewed": the top edge shifted by 0.03 m in x
// (parallelogram cells, 16.7 degrees non-orthogonal), backward, Gauss
// limitedLinearV 1, Gauss linear corrected. (Numbers from icoFoam runs of
// these cases; blockMesh numbers the cells as here without renumbering.)
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <span>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sluice/fv/flow_diagnostics.hpp"
#include "solvers/mpi/in_process_run.hpp"
#include "support/temp_dir.hpp"

namespace sluice {
namespace {

struct ReferenceCell {
  GlobalLabel cell;
  Vec3 U;
  double p;
};

struct IcoFoamReference {
  std::string name;
  double topShift;  ///< x offset of the top edge (m)
  std::string schemes;
  std::vector<ReferenceCell> cells;
};

std::vector<IcoFoamReference> references() {
  return {
      {"orthogonal",
       0.0,
       "ddtSchemes { default Euler; } gradSchemes { default Gauss linear; }\n"
       "divSchemes { default none; div(phi,U) Gauss linear; }\n"
       "laplacianSchemes { default Gauss linear orthogonal; } interpolationSchemes { default linear; }\n"
       "snGradSchemes { default orthogonal; }\n",
       {
           {0, {-0.000159171036639793, 0.000147894650153804, 0}, 8.15037814558586e-16},
           {17, {-0.0495811693738803, 0.00259674728142766, 0}, 0.0397814564010256},
           {70, {-0.0398663059047122, -0.100196707168923, 0}, 0.175310449399},
           {77, {-0.165576519122038, 0.0299152103977004, 0}, 0.00359731816685639},
           {131, {0.0138772714722262, -0.294818780147188, 0}, 1.63368377780176},
           {143, {0.308452448889823, -0.149473824823033, 0}, 2.83944310625572},
       }},
      {"skewed",
       0.03,
       "ddtSchemes { default backward; } gradSchemes { default Gauss linear; }\n"
       "divSchemes { default none; div(phi,U) Gauss limitedLinearV 1; }\n"
       "laplacianSchemes { default Gauss linear corrected; } interpolationSchemes { default linear; }\n"
       "snGradSchemes { default corrected; }\n",
       {
           {0, {0.0031509722069917, -0.00442595480613249, 0}, -2.70556266029665e-15},
           {17, {-0.0359099392413507, -0.00133597567888284, 0}, -0.317787003084535},
           {70, {-0.0708943039377034, -0.114228021294175, 0}, -0.0845260424753261},
           {77, {-0.137886521286886, 0.0229016404058643, 0}, 0.168313520491844},
           {131, {-0.00211133286168079, -0.291582697007565, 0}, 2.26442315495984},
           {143, {0.304034314985813, -0.104784288985429, 0}, 3.86344733877812},
       }},
  };
}

void writeCase(const std::filesystem::path& dir, const IcoFoamReference& ref) {
  auto file = [](const char* cls, const char* object, const std::string& body) {
    return fmt::format("FoamFile {{ version 2.0; format ascii; class {}; object {}; }}\n{}", cls, object, body);
  };
  const double s = ref.topShift;
  test::writeText(dir / "system/blockMeshDict",
                  file("dictionary", "blockMeshDict",
                       fmt::format("vertices ((0 0 0) (0.1 0 0) ({0} 0.1 0) ({1} 0.1 0) (0 0 0.01) (0.1 0 0.01) "
                                   "({0} 0.1 0.01) ({1} 0.1 0.01));\n"
                                   "blocks (hex (0 1 2 3 4 5 6 7) (12 12 1) simpleGrading (1 1 1));\n"
                                   "boundary ( movingWall {{ type wall; faces ((3 7 6 2)); }}\n"
                                   "  fixedWalls {{ type wall; faces ((0 4 7 3) (2 6 5 1) (1 5 4 0)); }}\n"
                                   "  frontAndBack {{ type empty; faces ((0 3 2 1) (4 5 6 7)); }} );\n",
                                   0.1 + s, s)));
  test::writeText(dir / "system/controlDict",
                  file("dictionary", "controlDict",
                       "application icoFoam; startFrom startTime; startTime 0; stopAt endTime; endTime 0.025;\n"
                       "deltaT 0.005; writeControl timeStep; writeInterval 100;\n"));
  test::writeText(dir / "system/fvSchemes", file("dictionary", "fvSchemes", ref.schemes));
  test::writeText(dir / "system/fvSolution",
                  file("dictionary", "fvSolution",
                       "solvers { p { solver PCG; preconditioner DIC; tolerance 1e-14; relTol 0; }\n"
                       "  pFinal { $p; } U { solver PBiCGStab; preconditioner DILU; tolerance 1e-14; relTol 0; } }\n"
                       "PISO { nCorrectors 2; nNonOrthogonalCorrectors 0; pRefCell 0; pRefValue 0; }\n"));
  test::writeText(dir / "constant/transportProperties",
                  file("dictionary", "transportProperties", "nu [0 2 -1 0 0 0 0] 0.01;\n"));
  test::writeText(dir / "0/U", file("volVectorField", "U",
                                    "dimensions [0 1 -1 0 0 0 0]; internalField uniform (0 0 0);\n"
                                    "boundaryField { movingWall { type fixedValue; value uniform (1 0 0); }\n"
                                    "  fixedWalls { type noSlip; } frontAndBack { type empty; } }\n"));
  test::writeText(dir / "0/p", file("volScalarField", "p",
                                    "dimensions [0 2 -2 0 0 0 0]; internalField uniform 0;\n"
                                    "boundaryField { movingWall { type zeroGradient; }\n"
                                    "  fixedWalls { type zeroGradient; } frontAndBack { type empty; } }\n"));
}

TEST(IncompressibleFluidMpi, IcoFoamCavityMatchesOpenFoamAtEveryRankCount) {
  parallel::Communicator world(MPI_COMM_WORLD);
  for (const IcoFoamReference& ref : references()) {
    SCOPED_TRACE(ref.name);
    test::SharedCaseDir dir(world, "icofoam-" + ref.name);
    if (world.isRoot()) writeCase(dir.path(), ref);
    dir.sync();
    test::InProcessRun run(world, dir.path(), {.method = "scotch", .renumber = false});
    ASSERT_EQ(run.run(), 0);
    const auto& U = run.fields().get<field::VolVectorField>("U");
    const auto& p = run.fields().get<field::VolScalarField>("p");
    const auto& phi = run.fields().get<field::SurfaceScalarField>("phi");
    EXPECT_LT(fv::continuityErrors(phi, 0.005).sumLocal, 1e-12);
    int found = 0;
    for (Label c = 0; c < run.mesh().nCells(); ++c)
      for (const ReferenceCell& r : ref.cells)
        if (run.mesh().globalCellIds()[c] == r.cell) {
          ++found;
          EXPECT_NEAR(U[c].x, r.U.x, 1e-11) << "cell " << r.cell;
          EXPECT_NEAR(U[c].y, r.U.y, 1e-11) << "cell " << r.cell;
          EXPECT_NEAR(p[c], r.p, 1e-10) << "cell " << r.cell;
        }
    EXPECT_EQ(world.sum(static_cast<double>(found)), static_cast<double>(ref.cells.size()));
  }
}

/// Checks the registry's promise to a writer: no field changes in a time
/// step before the first announcement (beforeModify) of it in that step.
class FenceChecker : public field::FieldObserver {
 public:
  FenceChecker(const solvers::FluidSolver& solver, const field::FieldRegistry& fields)
      : solver_(solver), fields_(fields) {}
  void beforeModify(const std::string& name, std::uint64_t) override {
    if (solver_.time().timeIndex() != step_) {  // the first change of a new step: what the last step left
      step_ = solver_.time().timeIndex();
      stepStart_.clear();
      for (const std::string& f : fields_.names()) stepStart_[f] = values(f);
      announced_.clear();
    }
    if (announced_.insert(name).second) {
      ++checks[name];
      if (values(name) != stepStart_.at(name)) ++violations;
    }
  }
  std::map<std::string, int> checks;
  int violations = 0;

 private:
  std::vector<double> values(const std::string& name) const {
    std::vector<double> v;
    auto append = [&](auto span) { v.insert(v.end(), span.begin(), span.end()); };
    if (const auto* s = fields_.find<field::VolScalarField>(name)) {
      append(std::span<const double>(s->values()));
      append(s->boundaryValues());
    } else if (const auto* u = fields_.find<field::VolVectorField>(name)) {
      append(field::asDoubles(std::span<const Vec3>(u->values())));
      append(field::asDoubles(u->boundaryValues()));
    } else if (const auto* phi = fields_.find<field::SurfaceScalarField>(name)) {
      append(std::span<const double>(phi->values()));
    }
    return v;
  }
  const solvers::FluidSolver& solver_;
  const field::FieldRegistry& fields_;
  long long step_ = -1;
  std::map<std::string, std::vector<double>> stepStart_;
  std::set<std::string> announced_;
};

TEST(IncompressibleFluidMpi, EveryChangeOfAFieldIsAnnouncedFirstInItsStep) {
  parallel::Communicator world(MPI_COMM_WORLD);
  const IcoFoamReference ref = references()[1];
  test::SharedCaseDir dir(world, "fence");
  if (world.isRoot()) {
    writeCase(dir.path(), ref);
    // pimpleFoam with two outer correctors and relaxation: more stages change more fields.
    auto file = [](const char* object, const std::string& body) {
      return fmt::format("FoamFile {{ version 2.0; format ascii; class dictionary; object {}; }}\n{}", object, body);
    };
    test::writeText(dir.path() / "system/controlDict",
                    file("controlDict", "application pimpleFoam; startFrom startTime; startTime 0; stopAt endTime;\n"
                                        "endTime 0.025; deltaT 0.005; writeControl timeStep; writeInterval 2;\n"));
    test::writeText(dir.path() / "system/fvSolution",
                    file("fvSolution",
                         "solvers { \"p|pFinal\" { solver PCG; preconditioner DIC; tolerance 1e-10; relTol 0; }\n"
                         "  \"U|UFinal\" { solver PBiCGStab; preconditioner DILU; tolerance 1e-10; relTol 0; } }\n"
                         "PIMPLE { nOuterCorrectors 2; nCorrectors 2; pRefCell 0; pRefValue 0; }\n"
                         "relaxationFactors { fields { p 0.5; } equations { U 0.8; } }\n"));
    std::string schemes = ref.schemes;
    schemes.replace(schemes.find("divSchemes {"), 12, "divSchemes { div((nuEff*dev2(T(grad(U))))) Gauss linear;");
    test::writeText(dir.path() / "system/fvSchemes", file("fvSchemes", schemes));
    test::writeText(dir.path() / "constant/transportProperties",
                    file("transportProperties", "transportModel Newtonian; nu 0.01;\n"));
  }
  dir.sync();
  test::InProcessRun run(world, dir.path(), {.method = "scotch", .renumber = false});
  FenceChecker checker(run.solver(), run.fields());
  run.registry().setObserver(&checker);
  ASSERT_EQ(run.run(), 0);
  run.registry().setObserver(nullptr);
  EXPECT_EQ(checker.violations, 0);
  for (const char* f : {"U", "p", "phi"}) EXPECT_EQ(checker.checks[f], 5) << f;  // once in each of the 5 steps
  EXPECT_GT(run.fields().version("U"), 5u);
}

}  // namespace
}  // namespace sluice
