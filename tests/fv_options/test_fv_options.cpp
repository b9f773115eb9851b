// fvOptions read from a case directory: which file, which types, which
// cells, when active, and what each type adds to an equation.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "fv/fv_test_support.hpp"
#include "sluice/core/error.hpp"
#include "sluice/fv/fvm_ddt.hpp"
#include "sluice/fv_options/fv_options.hpp"
#include "sluice/fv_options/mean_velocity_force.hpp"
#include "sluice/mesh/cell_zones.hpp"
#include "support/temp_dir.hpp"

namespace sluice::fv_options {
namespace {

using ::testing::HasSubstr;

std::string header(const std::string& object) {
  return "FoamFile { version 2.0; format ascii; class dictionary; object " + object + "; }\n";
}

/// A 4 x 3 box of unit-depth cells (cell volume 1/12) and a case directory
/// whose blockMeshDict names the same mesh's block `core`.
class FvOptionsTest : public ::testing::Test {
 protected:
  FvOptionsTest() : m_(fvtest::boxMesh(fvtest::Box(4, 3))), dir_("fv-options") {
    dir_.write("system/blockMeshDict", header("blockMeshDict") + R"(
vertices ((0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1));
blocks (hex (0 1 2 3 4 5 6 7) core (4 3 1) simpleGrading (1 1 1));
boundary ();
)");
  }
  FvOptions read(const std::string& body, std::vector<std::string>* warnings = nullptr,
                 const char* file = "constant/fvOptions") {
    dir_.write(file, header("fvOptions") + body);
    return FvOptions::read(dir_.path(), m_.mesh, "0", [warnings](const std::string& w) {
      if (warnings) warnings->push_back(w);
    }, {});
  }
  fvtest::SerialMesh m_;
  test::TempDir dir_;
};

TEST_F(FvOptionsTest, SemiImplicitSourceSpecificAndAbsolute) {
  field::VolVectorField U("U", m_.mesh, {}, Vec3{2, 0, 0});
  // Specific: Su (5 0 0) per unit volume, Sp -1 (explicit: negative).
  FvOptions specific = read("s { type vectorSemiImplicitSource; selectionMode all; volumeMode specific; "
                            "injectionRateSuSp { U ((5 0 0) -1); } }\n");
  ASSERT_EQ(specific.options().size(), 1u);
  EXPECT_EQ(specific.options()[0]->type(), "vectorSemiImplicitSource");
  const fv::FvMatrix<Vec3> s = specific.source(U, 0.0);
  const double V = 1.0 / 12;
  // The options' matrix stands on the right of ==: its source is -V (Su + Sp U)
  // for a negative (explicit) Sp, here -V (5 - 1 * 2).
  EXPECT_NEAR(s.source()[0].x, -V * (5 + (-1) * 2), 1e-15);
  EXPECT_EQ(s.ldu().diag()[0], 0.0);
  // A positive Sp goes on the diagonal (implicit).
  FvOptions implicit = read("s { type vectorSemiImplicitSource; selectionMode all; volumeMode specific; "
                            "injectionRateSuSp { U ((0 0 0) 3); } }\n");
  EXPECT_NEAR(implicit.source(U, 0.0).ldu().diag()[5], 3 * V, 1e-15);
  // Absolute: the totals are spread over the selected volume (here 1).
  FvOptions absolute = read("s { type vectorSemiImplicitSource; selectionMode all; volumeMode absolute; "
                            "injectionRateSuSp { U ((6 0 0) 0); } }\n");
  EXPECT_NEAR(absolute.source(U, 0.0).source()[3].x, -6 * V, 1e-15);
  // Another field's option does not touch U's equation.
  field::VolScalarField T("T", m_.mesh, {});
  FvOptions scalar = read("h { type scalarSemiImplicitSource; selectionMode all; volumeMode specific; "
                          "injectionRateSuSp { T (1 0); } }\n");
  EXPECT_EQ(scalar.source(U, 0.0).source()[0].x, 0.0);
  EXPECT_NEAR(scalar.source(T, 0.0).source()[0], -V, 1e-15);
  EXPECT_THROW(scalar.checkFields({"U"}, "pimpleFoam"), InputError);
}

TEST_F(FvOptionsTest, CoefficientsFlatOrInTypeCoeffsAndTheTimeWindow) {
  field::VolVectorField U("U", m_.mesh, {});
  FvOptions options = read("s { type vectorSemiImplicitSource; active yes; vectorSemiImplicitSourceCoeffs { "
                           "timeStart 0.1; duration 0.2; selectionMode all; volumeMode specific; "
                           "injectionRateSuSp { U ((1 0 0) 0); } } }\n");
  const FvOption& s = *options.options()[0];
  EXPECT_FALSE(s.isActive(0.05));
  EXPECT_TRUE(s.isActive(0.1));  // inclusive at both ends, as OpenFOAM
  EXPECT_TRUE(s.isActive(0.3));
  EXPECT_FALSE(s.isActive(0.31));
  EXPECT_EQ(options.source(U, 0.05).source()[0].x, 0.0);
  EXPECT_NE(options.source(U, 0.2).source()[0].x, 0.0);
  FvOptions inactive = read("s { type vectorSemiImplicitSource; active no; selectionMode all; "
                            "volumeMode specific; injectionRateSuSp { U ((1 0 0) 0); } }\n");
  EXPECT_FALSE(inactive.options()[0]->isActive(0.2));
  try {
    read("s { type vectorSemiImplicitSource; timeStart 0; selectionMode all; volumeMode specific; "
         "injectionRateSuSp { U ((1 0 0) 0); } }\n");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("missing 'duration' (required with timeStart)"));
  }
}

TEST_F(FvOptionsTest, CellZoneSelectionFromTheBlockMesh) {
  FvOptions zone = read("s { type vectorSemiImplicitSource; selectionMode cellZone; cellZone core; "
                        "volumeMode absolute; injectionRateSuSp { U ((1 0 0) 0); } }\n");
  field::VolVectorField U("U", m_.mesh, {});
  EXPECT_NEAR(zone.source(U, 0).source()[11].x, -1.0 / 12, 1e-15);  // the whole box is the zone
  EXPECT_EQ(mesh::readCellZone(dir_.path(), "core", "test").size(), 12u);
  try {
    read("s { type vectorSemiImplicitSource; selectionMode cellZone; cellZone shell; volumeMode specific; "
         "injectionRateSuSp { U ((1 0 0) 0); } }\n");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "constant/fvOptions: s: no cell zone 'shell' in the mesh (system/blockMeshDict; zones: core)");
  }
  try {
    read("s { type vectorSemiImplicitSource; selectionMode points; points ((0 0 0)); volumeMode specific; "
         "injectionRateSuSp { U ((1 0 0) 0); } }\n");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("'selectionMode': 'points' is not supported (supported: all, cellZone)"));
  }
}

TEST_F(FvOptionsTest, CellZonesFromAPolyMeshFile) {
  dir_.write("constant/polyMesh/faces", "placeholder");  // the mesh counts as read from constant/polyMesh
  dir_.write("constant/polyMesh/cellZones",
             "FoamFile { version 2.0; format ascii; class regIOobject; object cellZones; }\n"
             "2 ( heater { type cellZone; cellLabels List<label> 3(0 5 7); } empty { type cellZone; "
             "cellLabels List<label> 0(); } )\n");
  EXPECT_EQ(mesh::readCellZone(dir_.path(), "heater", "test"), (std::vector<GlobalLabel>{0, 5, 7}));
  EXPECT_TRUE(mesh::readCellZone(dir_.path(), "empty", "test").empty());
  EXPECT_THROW(mesh::readCellZone(dir_.path(), "core", "test"), InputError);
}

TEST_F(FvOptionsTest, WhichFileIsRead) {
  std::vector<std::string> warnings;
  const std::string source = "s { type vectorSemiImplicitSource; selectionMode all; volumeMode specific; "
                             "injectionRateSuSp { U ((1 0 0) 0); } }\n";
  FvOptions fromSystem = read(source, &warnings, "system/fvOptions");
  EXPECT_EQ(fromSystem.file(), "system/fvOptions");
  EXPECT_TRUE(warnings.empty());
  FvOptions both = read("options { " + source + " }\n", &warnings);  // the `options` sub-dictionary form
  EXPECT_EQ(both.file(), "constant/fvOptions");
  EXPECT_EQ(both.options().size(), 1u);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_THAT(warnings[0], HasSubstr("system/fvOptions is not read because constant/fvOptions exists"));
  try {
    read("stray 1;\n");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("'stray' is not an option dictionary"));
  }
}

TEST_F(FvOptionsTest, MeanVelocityForceDrivesTheMeanToUbar) {
  // One step of a force-driven flow at rest: the momentum equation ddt(U)
  // == force; after constrain and correct the mean velocity is Ubar.
  FvOptions options = read("drive { type meanVelocityForce; selectionMode all; fields (U); Ubar (0.5 0 0); }\n");
  auto& force = dynamic_cast<MeanVelocityForce&>(*options.options()[0]);
  field::VolVectorField U("U", m_.mesh, {});
  fvtest::setZeroGradient(U);
  U.correctBoundaryConditions();
  U.storeOldTime();
  const double dt = 0.1;
  fv::FvMatrix<Vec3> UEqn = fv::fvm::ddt(U, fv::DdtScheme{}, fv::TimeStep{dt, dt});
  UEqn -= options.source(U, dt);
  options.constrain(UEqn, dt);
  options.correct(U, dt);  // U += flowDir dGradP / A: A = 1/dt, so dGradP = 0.5 / dt
  double mean = 0;
  for (Label c = 0; c < m_.mesh.nCells(); ++c) mean += U[c].x / 12;
  EXPECT_NEAR(mean, 0.5, 1e-14);
  EXPECT_NEAR(force.gradient(), 0.5 / dt, 1e-12);
  EXPECT_THROW(read("drive { type meanVelocityForce; selectionMode all; fields (U V); Ubar (1 0 0); }\n"), InputError);
}

}  // namespace
}  // namespace sluice::fv_options
