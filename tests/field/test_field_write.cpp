// Writing fields in OpenFOAM ascii format and reading them back.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <mpi.h>

#include "field/field_test_mesh.hpp"
#include "sluice/core/error.hpp"
#include "sluice/field/boundary_conditions.hpp"
#include "sluice/field/field_io.hpp"
#include "sluice/io/text_file.hpp"

namespace sluice::field {
namespace {

using fieldtest::BoxSpec;
using ::testing::HasSubstr;

TEST(FieldFormat, UniformNonuniformAndEmptyLists) {
  const std::vector<Scalar> same{2.5, 2.5};
  EXPECT_EQ(formatFieldValue<Scalar>(same), "uniform 2.5");
  const std::vector<Scalar> none;
  EXPECT_EQ(formatFieldValue<Scalar>(none), "nonuniform List<scalar> 0()");
  const std::vector<Scalar> two{0.1, 1e-20};
  EXPECT_EQ(formatFieldValue<Scalar>(two), "nonuniform List<scalar> \n2\n(\n0.1\n1e-20\n)\n");
  const std::vector<Vec3> vecs{{1, 0, -0.5}, {1, 0, 0}};
  EXPECT_EQ(formatFieldValue<Vec3>(vecs), "nonuniform List<vector> \n2\n(\n(1 0 -0.5)\n(1 0 0)\n)\n");
}

TEST(FieldWrite, RoundTripKeepsValuesAndConditions) {
  parallel::Communicator comm(MPI_COMM_SELF);
  BoxSpec spec = BoxSpec(4, 3, 1, {2.0, 1.5, 0.1}).cyclicX();
  spec.yType = "wall";
  FvMesh mesh = makeSerialFvMesh(fieldtest::box(spec), comm);

  VolVectorField U("U", mesh, io::DimensionSet{{0, 1, -1, 0, 0, 0, 0}});
  for (Label c = 0; c < mesh.nCells(); ++c) U[c] = {0.1 * c, 1.0 / 3.0, -1e-7 * c};
  U.setBoundaryCondition(2, std::make_unique<NoSlipBC>(2, 4));
  U.setBoundaryCondition(
      3, std::make_unique<FixedValueBC<Vec3>>(3, std::vector<Vec3>{{1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {4, 0, 0}}));
  U.correctBoundaryConditions();

  fieldtest::ScratchDir dir("write");
  writeVolField(dir.path() / "0.5", U);
  const std::string text = io::readTextFile(dir.path() / "0.5" / "U").value();
  EXPECT_THAT(text, HasSubstr("    class       volVectorField;\n    object      U;\n"));
  EXPECT_THAT(text, HasSubstr("dimensions      [0 1 -1 0 0 0 0];\n"));
  EXPECT_THAT(text, HasSubstr("    left\n    {\n        type            cyclic;\n    }\n"));
  EXPECT_THAT(text, HasSubstr("    bottom\n    {\n        type            noSlip;\n    }\n"));
  EXPECT_THAT(text, HasSubstr("        type            empty;\n"));

  const VolVectorField back = readVolVectorField(dir.path(), "U", "0.5", mesh);
  for (Label c = 0; c < mesh.nCells(); ++c) EXPECT_EQ(back[c], U[c]) << c;  // exact doubles
  EXPECT_EQ(back.boundaryCondition(2)->type(), "noSlip");
  EXPECT_EQ(back.boundaryCondition(3)->type(), "fixedValue");
  for (Label i = 0; i < 4; ++i) EXPECT_EQ(back.patchValues(3)[i], U.patchValues(3)[i]);
  EXPECT_EQ(back.boundaryCondition(0), nullptr);
  EXPECT_TRUE(back.boundaryCondition(5)->isEmpty());
}

TEST(FieldWrite, ConditionEntriesRoundTrip) {
  parallel::Communicator comm(MPI_COMM_SELF);
  FvMesh mesh = makeSerialFvMesh(fieldtest::box(BoxSpec(2, 2, 1)), comm);
  fieldtest::ScratchDir dir("write_entries");
  fieldtest::writeText(dir.path() / "0" / "p",
                       fieldtest::fieldHeader("volScalarField", "p") +
                           "dimensions [0 2 -2 0 0 0 0];\ninternalField uniform 1;\nboundaryField\n{\n"
                           "left { type uniformFixedValue; uniformValue table ((0 1) (2 3)); }\n"
                           "right { type inletOutlet; inletValue nonuniform List<scalar> 2(4 5); value uniform 0; }\n"
                           "bottom { type fixedFluxPressure; gradient uniform 2; value uniform 1.5; }\n"
                           "top { type calculated; value nonuniform List<scalar> 2(6 7); }\n"
                           "\"(front|back)\" { type empty; }\n}\n");
  VolScalarField p = readVolScalarField(dir.path(), "p", "0", mesh);
  const std::string text = volFieldText(p);
  EXPECT_THAT(text, HasSubstr("uniformValue    table ((0 1) (2 3));\n"));
  EXPECT_THAT(text, HasSubstr("inletValue      nonuniform List<scalar> \n2\n(\n4\n5\n)\n;\n"));
  EXPECT_THAT(text, HasSubstr("gradient        uniform 2;\n"));
  writeVolField(dir.path() / "1", p);
  const VolScalarField back = readVolScalarField(dir.path(), "p", "1", mesh);
  EXPECT_EQ(back.patchValues(0)[0], 2.0);  // table at t = 1
  EXPECT_EQ(dynamic_cast<const InletOutletBC<Scalar>*>(back.boundaryCondition(1))->inletValue(),
            (std::vector<Scalar>{4, 5}));
  EXPECT_EQ(dynamic_cast<const FixedGradientBC<Scalar>*>(back.boundaryCondition(2))->gradient(),
            (std::vector<Scalar>{2, 2}));
  EXPECT_EQ(back.patchValues(2)[0], 1.0 + 2.0 / 4.0);  // v_P + g / d; cells 0.5 wide, so d = 1 / 0.25
  EXPECT_EQ(back.patchValues(3)[1], 7.0);
}

}  // namespace
}  // namespace sluice::field
