// Reading 0/ field files on one rank: uniform and nonuniform values, patch
// look-up (name, group, regular expression, constraint defaults), cell file
// order, time-dependent conditions, and the exact error messages.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <mpi.h>

#include <fmt/format.h>

#include "field/field_test_mesh.hpp"
#include "sluice/core/error.hpp"
#include "sluice/field/boundary_conditions.hpp"
#include "sluice/field/field_io.hpp"

namespace sluice::field {
namespace {

using fieldtest::BoxSpec;

// 3x2x1 box of 1 x 1 x 0.1 cells: inlet (x = 0, 2 faces), outlet (x = 3),
// lowerWall/upperWall (walls, group "wall", 3 faces each), front/back (empty, 6 faces).
using fieldtest::channelSpec;  // field/field_test_mesh.hpp

std::string fieldFile(const std::string& cls, const std::string& object, const std::string& dims,
                      const std::string& internal, const std::string& boundary) {
  return fieldtest::fieldHeader(cls, object) + "dimensions " + dims + ";\ninternalField " + internal +
         ";\nboundaryField\n{\n" + boundary + "}\n";
}

class FieldRead : public ::testing::Test {
 protected:
  FieldRead() : comm_(MPI_COMM_SELF), mesh_(makeSerialFvMesh(fieldtest::box(channelSpec()), comm_)), dir_("read") {}

  void write(const std::string& name, const std::string& text, const std::string& time = "0") {
    fieldtest::writeText(dir_.path() / time / name, text);
  }
  std::string readError(const std::string& name, bool vector) {
    try {
      if (vector)
        readVolVectorField(dir_.path(), name, "0", mesh_);
      else
        readVolScalarField(dir_.path(), name, "0", mesh_);
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  }

  parallel::Communicator comm_;
  FvMesh mesh_;
  fieldtest::ScratchDir dir_;
};

const char* kPBoundary =
    "inlet { type zeroGradient; }\n"
    "outlet { type fixedValue; value uniform 0.5; }\n"
    "wall { type zeroGradient; }\n"
    "\"(front|back)\" { type empty; }\n";

TEST_F(FieldRead, UniformScalar) {
  write("p", fieldFile("volScalarField", "p", "[0 2 -2 0 0 0 0]", "uniform 2", kPBoundary));
  VolScalarField p = readVolScalarField(dir_.path(), "p", "0", mesh_);
  EXPECT_EQ(p.name(), "p");
  EXPECT_EQ(p.dimensions(), (io::DimensionSet{{0, 2, -2, 0, 0, 0, 0}}));
  EXPECT_EQ(p.values(), std::vector<Scalar>(6, 2.0));
  EXPECT_EQ(p.boundaryCondition(0)->type(), "zeroGradient");
  EXPECT_EQ(p.boundaryCondition(1)->type(), "fixedValue");
  EXPECT_EQ(p.boundaryCondition(2)->type(), "zeroGradient");  // by group "wall"
  EXPECT_EQ(p.boundaryCondition(3)->type(), "zeroGradient");
  EXPECT_TRUE(p.boundaryCondition(4)->isEmpty());               // by regular expression
  EXPECT_TRUE(p.fixesValue());
  EXPECT_EQ(std::vector<Scalar>(p.patchValues(1).begin(), p.patchValues(1).end()), (std::vector<Scalar>{0.5, 0.5}));
  EXPECT_EQ(std::vector<Scalar>(p.patchValues(0).begin(), p.patchValues(0).end()), (std::vector<Scalar>{2, 2}));
  EXPECT_NO_THROW(expectDimensions(p, io::DimensionSet{{0, 2, -2, 0, 0, 0, 0}}, "0/p"));
}

TEST_F(FieldRead, NonuniformInternalAndBoundary) {
  write("U", fieldFile("volVectorField", "U", "[0 1 -1 0 0 0 0]",
                       "nonuniform List<vector> 6((0 0 0) (1 0 0) (2 0 0) (3 0 0) (4 0 0) (5 1e-3 -2.5))",
                       "inlet { type fixedValue; value nonuniform List<vector> 2((1 0 0) (2 0 0)); }\n"
                       "outlet { type inletOutlet; inletValue uniform (0 0 0); value uniform (9 9 9); }\n"
                       "wall { type noSlip; }\n"
                       "\".*\" { type empty; }\n"));
  VolVectorField U = readVolVectorField(dir_.path(), "U", "0", mesh_);
  for (Label c = 0; c < 5; ++c) EXPECT_EQ(U[c], (Vec3{1.0 * c, 0, 0}));
  EXPECT_EQ(U[5], (Vec3{5, 1e-3, -2.5}));
  const auto inlet = U.patchValues(0);
  EXPECT_EQ(inlet[0], (Vec3{1, 0, 0}));
  EXPECT_EQ(inlet[1], (Vec3{2, 0, 0}));
  // inletOutlet before it is linked to a flux: the file's value (as OpenFOAM
  // until the condition is first updated).
  EXPECT_EQ(U.patchValues(1)[0], (Vec3{9, 9, 9}));
  EXPECT_EQ(U.patchValues(1)[1], (Vec3{9, 9, 9}));
  EXPECT_EQ(U.boundaryCondition(2)->type(), "noSlip");
  EXPECT_EQ(U.patchValues(3)[2], (Vec3{0, 0, 0}));
}

TEST_F(FieldRead, ExactNameBeatsGroupBeatsPattern) {
  write("p", fieldFile("volScalarField", "p", "[0 2 -2 0 0 0 0]", "uniform 0",
                       "\".*\" { type empty; }\n"
                       "\"(in|out)let\" { type zeroGradient; }\n"
                       "outlet { type fixedValue; value uniform 1; }\n"
                       "wall { type fixedValue; value uniform 2; }\n"
                       "upperWall { type zeroGradient; }\n"
                       "\"front|back\" { type empty; }\n"));
  VolScalarField p = readVolScalarField(dir_.path(), "p", "0", mesh_);
  EXPECT_EQ(p.boundaryCondition(0)->type(), "zeroGradient");  // pattern
  EXPECT_EQ(p.boundaryCondition(1)->type(), "fixedValue");    // exact
  EXPECT_EQ(p.boundaryCondition(2)->type(), "fixedValue");    // group
  EXPECT_EQ(p.patchValues(2)[0], 2.0);
  EXPECT_EQ(p.boundaryCondition(3)->type(), "zeroGradient");  // exact beats group
  // Empty patches take `empty` before any pattern is tried (as OpenFOAM).
  write("p", fieldFile("volScalarField", "p", "[0 2 -2 0 0 0 0]", "uniform 0", "\".*\" { type zeroGradient; }\n"));
  VolScalarField q = readVolScalarField(dir_.path(), "p", "0", mesh_);
  EXPECT_EQ(q.boundaryCondition(0)->type(), "zeroGradient");
  EXPECT_TRUE(q.boundaryCondition(4)->isEmpty());
}

TEST_F(FieldRead, WallAndConstraintTypesAreImpliedGroups) {
  // As OpenFOAM: a patch of type wall is in group `wall`, a symmetryPlane
  // patch in group `symmetryPlane`, without inGroups in the mesh.
  parallel::Communicator comm(MPI_COMM_SELF);
  BoxSpec spec = channelSpec();
  spec.wallGroupListed = false;
  spec.xType = "symmetryPlane";
  FvMesh m = makeSerialFvMesh(fieldtest::box(spec), comm);
  write("p", fieldFile("volScalarField", "p", "[0 2 -2 0 0 0 0]", "uniform 0",
                       "wall { type fixedValue; value uniform 2; }\n"
                       "symmetryPlane { type symmetryPlane; }\n"
                       "empty { type empty; }\n"));
  VolScalarField p = readVolScalarField(dir_.path(), "p", "0", m);
  EXPECT_EQ(p.boundaryCondition(0)->type(), "symmetryPlane");
  EXPECT_EQ(p.boundaryCondition(2)->type(), "fixedValue");
  EXPECT_EQ(p.boundaryCondition(3)->type(), "fixedValue");
  EXPECT_EQ(p.patchValues(3)[1], 2.0);

  // A plain `patch` is in no group: a missing entry names the patch (and
  // for a wall, the groups that would have covered it).
  write("p", fieldFile("volScalarField", "p", "[0 2 -2 0 0 0 0]", "uniform 0",
                       "patch { type zeroGradient; }\n\"(front|back)\" { type empty; }\n"));
  try {
    readVolScalarField(dir_.path(), "p", "0", mesh_);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "0/p: boundaryField: no entry for patch 'inlet'");
  }
  write("p", fieldFile("volScalarField", "p", "[0 2 -2 0 0 0 0]", "uniform 0",
                       "\"(in|out)let\" { type zeroGradient; }\nupperWall { type zeroGradient; }\n"
                       "\"(front|back)\" { type empty; }\n"));
  try {
    readVolScalarField(dir_.path(), "p", "0", mesh_);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "0/p: boundaryField: no entry for patch 'lowerWall' or its groups (wall)");
  }
}

TEST_F(FieldRead, ConstraintPatchesNeedNoEntry) {
  parallel::Communicator comm(MPI_COMM_SELF);
  BoxSpec spec = BoxSpec(3, 2, 1).cyclicX();
  spec.yType = "symmetryPlane";
  FvMesh m = makeSerialFvMesh(fieldtest::box(spec), comm);
  write("T", fieldFile("volScalarField", "T", "[0 0 0 1 0 0 0]", "uniform 300", ""));
  VolScalarField T = readVolScalarField(dir_.path(), "T", "0", m);
  EXPECT_EQ(T.boundaryCondition(0), nullptr);  // cyclic
  EXPECT_EQ(T.boundaryCondition(2)->type(), "symmetryPlane");
  EXPECT_TRUE(T.boundaryCondition(4)->isEmpty());
  // Coupled faces hold the interpolated value.
  EXPECT_EQ(T.patchValues(0)[0], 300.0);

  write("T", fieldFile("volScalarField", "T", "[0 0 0 1 0 0 0]", "uniform 300",
                       "left { type cyclic; }\nright { type cyclic; }\n"));
  EXPECT_NO_THROW(readVolScalarField(dir_.path(), "T", "0", m));
  write("T", fieldFile("volScalarField", "T", "[0 0 0 1 0 0 0]", "uniform 300", "left { type zeroGradient; }\n"));
  try {
    readVolScalarField(dir_.path(), "T", "0", m);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "0/T: boundaryField/left: patch of type 'cyclic' needs boundary condition type 'cyclic', found "
                 "'zeroGradient'");
  }
}

TEST_F(FieldRead, TimeDependentConditionAtTheReadTime) {
  write("p",
        fieldFile("volScalarField", "p", "[0 2 -2 0 0 0 0]", "uniform 0",
                  "inlet { type uniformFixedValue; uniformValue table ((0 0) (1 4)); }\n"
                  "outlet { type fixedValue; value uniform 0; }\nwall { type zeroGradient; }\n"
                  "\"(front|back)\" { type empty; }\n"),
        "0.25");
  VolScalarField p = readVolScalarField(dir_.path(), "p", "0.25", mesh_);
  EXPECT_EQ(p.patchValues(0)[0], 1.0);
  p.updateTime(0.5);
  p.correctBoundaryConditions();
  EXPECT_EQ(p.patchValues(0)[1], 2.0);
}

TEST_F(FieldRead, MissingPatchEntry) {
  write("U", fieldFile("volVectorField", "U", "[0 1 -1 0 0 0 0]", "uniform (0 0 0)",
                       "inlet { type fixedValue; value uniform (1 0 0); }\nwall { type noSlip; }\n"
                       "\"(front|back)\" { type empty; }\n"));
  EXPECT_EQ(readError("U", true), "0/U: boundaryField: no entry for patch 'outlet'");
}

TEST_F(FieldRead, UnknownConditionType) {
  write("U", fieldFile("volVectorField", "U", "[0 1 -1 0 0 0 0]", "uniform (0 0 0)",
                       "inlet { type fixedValu; value uniform (1 0 0); }\nwall { type noSlip; }\n"
                       "outlet { type zeroGradient; }\n\"(front|back)\" { type empty; }\n"));
  EXPECT_EQ(readError("U", true),
            "0/U: boundaryField/inlet: unknown boundary condition type 'fixedValu'; supported: calculated, empty, "
            "fixedGradient, fixedValue, inletOutlet, mixed, noSlip, pressureInletOutletVelocity, slip, symmetry, "
            "symmetryPlane, uniformFixedValue, zeroGradient");
}

TEST_F(FieldRead, VectorValueInAScalarField) {
  const std::string line = "outlet { type fixedValue; value uniform (1 0 0); }";
  write("p", fieldFile("volScalarField", "p", "[0 2 -2 0 0 0 0]", "uniform 0",
                       "inlet { type zeroGradient; }\n" + line + "\nwall { type zeroGradient; }\n"));
  // The header takes lines 1-7, dimensions 8, internalField 9, boundaryField 10-11, inlet 12.
  const std::size_t column = line.find("uniform") + 1;
  EXPECT_EQ(readError("p", false), fmt::format("0/p:13:{}: 'value': expected a scalar value, found a vector", column));

  write("p", fieldFile("volScalarField", "p", "[0 2 -2 0 0 0 0]", "uniform (0 0 0)", kPBoundary));
  EXPECT_EQ(readError("p", false), "0/p:9:15: 'internalField': expected a scalar value, found a vector");
}

TEST_F(FieldRead, EmptyConditionOnAnOrdinaryPatchAndTheReverse) {
  write("p", fieldFile("volScalarField", "p", "[0 2 -2 0 0 0 0]", "uniform 0",
                       "inlet { type empty; }\noutlet { type zeroGradient; }\nwall { type zeroGradient; }\n"
                       "\"(front|back)\" { type empty; }\n"));
  EXPECT_EQ(readError("p", false),
            "0/p: boundaryField/inlet: boundary condition type 'empty' is only valid on patches of type 'empty' "
            "(this patch is 'patch')");
  // Named exactly (a pattern does not reach empty patches).
  write("p", fieldFile("volScalarField", "p", "[0 2 -2 0 0 0 0]", "uniform 0",
                       "\".*\" { type zeroGradient; }\nfront { type zeroGradient; }\n"));
  EXPECT_EQ(readError("p", false),
            "0/p: boundaryField/front: patch of type 'empty' needs boundary condition type 'empty', found "
            "'zeroGradient'");
}

// A p file whose inlet is fixedValue with `inletValue`, the other patches as kPBoundary.
std::string pWithInletValue(const std::string& internalField, const std::string& inletValue) {
  return fieldFile("volScalarField", "p", "[0 2 -2 0 0 0 0]", internalField,
                   "inlet { type fixedValue; value " + inletValue + "; }\n"
                   "outlet { type zeroGradient; }\nwall { type zeroGradient; }\n\"(front|back)\" { type empty; }\n");
}

// What OpenFOAM writes for a uniform-valued nonuniform field: N{v}, read as
// one value and checked against the mesh (a huge N allocated N values).
TEST_F(FieldRead, UniformListValues) {
  write("p", pWithInletValue("nonuniform List<scalar> 6{2.5}", "nonuniform List<scalar> 2{0.5}"));
  VolScalarField p = readVolScalarField(dir_.path(), "p", "0", mesh_);
  EXPECT_EQ(p.values(), std::vector<Scalar>(6, 2.5));
  EXPECT_EQ(std::vector<Scalar>(p.patchValues(0).begin(), p.patchValues(0).end()), (std::vector<Scalar>{0.5, 0.5}));
  write("p", pWithInletValue("nonuniform List<scalar> 2000000000{1}", "uniform 0"));
  EXPECT_EQ(readError("p", false), "0/p: internalField: expected 6 values, found 2000000000");
  write("p", pWithInletValue("uniform 0", "nonuniform List<scalar> 3{1}"));
  EXPECT_EQ(readError("p", false), "0/p: boundaryField/inlet: value: expected 2 values, found 3");
}

TEST_F(FieldRead, CountMismatches) {
  write("p", fieldFile("volScalarField", "p", "[0 2 -2 0 0 0 0]", "nonuniform List<scalar> 5(1 2 3 4 5)", kPBoundary));
  EXPECT_EQ(readError("p", false), "0/p: internalField: expected 6 values, found 5");
  write("p", pWithInletValue("uniform 0", "nonuniform List<scalar> 3(1 2 3)"));
  EXPECT_EQ(readError("p", false), "0/p: boundaryField/inlet: value: expected 2 values, found 3");
}

TEST_F(FieldRead, NonFiniteValues) {
  write("U", fieldFile("volVectorField", "U", "[0 1 -1 0 0 0 0]",
                       "nonuniform List<vector> 6((0 0 0) (0 0 0) (1e999 0 0) (0 0 0) (0 0 0) (0 0 0))",
                       "\".*\" { type zeroGradient; }\n\"(front|back)\" { type empty; }\n"));
  // A number that overflows a double is refused by the tokenizer, naming its position.
  EXPECT_EQ(readError("U", true), "0/U:9:58: number '1e999' is out of range");
  write("p", fieldFile("volScalarField", "p", "[0 2 -2 0 0 0 0]", "uniform -1e999", kPBoundary));
  EXPECT_EQ(readError("p", false), "0/p:9:23: number '-1e999' is out of range");
  // "nan" is not a number token: the reader names file, line and entry.
  write("p", fieldFile("volScalarField", "p", "[0 2 -2 0 0 0 0]", "nonuniform List<scalar> 6(0 0 nan 0 0 0)",
                       kPBoundary));
  EXPECT_EQ(readError("p", false), "0/p:9:45: 'internalField': expected a number, found 'nan'");
}

TEST_F(FieldRead, MissingFileAndEntries) {
  EXPECT_EQ(readError("k", false), "0/k: cannot open file");
  write("p", fieldtest::fieldHeader("volScalarField", "p") + "dimensions [0 2 -2 0 0 0 0];\nboundaryField {}\n");
  EXPECT_EQ(readError("p", false), "0/p: missing 'internalField'");
  write("p", fieldtest::fieldHeader("volScalarField", "p") + "dimensions [0 2 -2 0 0 0 0];\ninternalField uniform 0;\n");
  EXPECT_EQ(readError("p", false), "0/p: missing 'boundaryField' dictionary");
}

TEST_F(FieldRead, DimensionCheck) {
  write("p", fieldFile("volScalarField", "p", "[1 -1 -2 0 0 0 0]", "uniform 0", kPBoundary));
  VolScalarField p = readVolScalarField(dir_.path(), "p", "0", mesh_);
  try {
    expectDimensions(p, io::DimensionSet{{0, 2, -2, 0, 0, 0, 0}}, "0/p");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "0/p: dimensions [0 2 -2 0 0 0 0] expected, found [1 -1 -2 0 0 0 0]");
  }
  EXPECT_EQ(formatDimensions(io::DimensionSet{{0, 0.5, -0.0, 0, 0, 0, 0}}), "[0 0.5 0 0 0 0 0]");
}

}  // namespace
}  // namespace sluice::field
