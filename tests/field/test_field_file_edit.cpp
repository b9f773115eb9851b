// Rewriting a field file's internalField in place (sluice setfields): the
// rest of the file byte for byte, uniform when all values are equal, values
// read back by the field reader in the files' cell order, and the files it
// refuses with a message.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <mpi.h>

#include "field/field_test_mesh.hpp"
#include "sluice/core/error.hpp"
#include "sluice/field/field_file_edit.hpp"
#include "sluice/field/field_io.hpp"
#include "support/temp_dir.hpp"

namespace sluice::field {
namespace {

using ::testing::HasSubstr;

// 3 x 2 x 1 cells: inlet/outlet (x), lowerWall/upperWall (walls), front/back (empty).
using fieldtest::channelSpec;  // field/field_test_mesh.hpp

const std::string kAlphaHead =
    "/* banner */\nFoamFile\n{\n    version     2.0;\n    format      ascii;\n    class       volScalarField;\n"
    "    object      alpha.water;\n}\n// a comment before the entry\ndimensions      [0 0 0 0 0 0 0];\n\n";
const std::string kAlphaInternal = "internalField   uniform 0;";
const std::string kAlphaTail =
    "\n\nboundaryField\n{\n    inlet { type inletOutlet; inletValue uniform 0; value uniform 0; }\n"
    "    outlet\n    {\n        type            zeroGradient;\n    }\n    wall { type zeroGradient; }\n"
    "    \"(front|back)\" { type empty; }\n    // internalField in a comment stays\n}\n";

class FieldFileEditTest : public ::testing::Test {
 protected:
  FieldFileEditTest()
      : comm_(MPI_COMM_SELF), mesh_(makeSerialFvMesh(fieldtest::box(channelSpec()), comm_)), dir_("file_edit") {}

  void write(const std::string& name, const std::string& text) { fieldtest::writeText(dir_.path() / "0" / name, text); }
  std::string readError(const std::string& name) {
    try {
      FieldFileEdit::read(dir_.path(), "0", name, 6);
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  }

  parallel::Communicator comm_;
  FvMesh mesh_;
  fieldtest::ScratchDir dir_;
};

TEST_F(FieldFileEditTest, ReplacesOnlyTheInternalFieldAndReadsBack) {
  write("alpha.water", kAlphaHead + kAlphaInternal + kAlphaTail);
  FieldFileEdit f = FieldFileEdit::read(dir_.path(), "0", "alpha.water", 6);
  EXPECT_EQ(f.file(), "0/alpha.water");
  EXPECT_EQ(f.fieldClass(), "volScalarField");
  EXPECT_EQ(f.scalars(), std::vector<Scalar>(6, 0.0));
  f.assign(Scalar{1}, std::vector<Label>{1, 4});
  f.assign(Scalar{0.25}, std::vector<Label>{5});
  f.write();

  const std::string text = test::readText(dir_.path() / "0/alpha.water");
  EXPECT_EQ(text,
            kAlphaHead + "internalField   nonuniform List<scalar> \n6\n(\n0\n1\n0\n0\n1\n0.25\n)\n;" + kAlphaTail);
  const VolScalarField alpha = readVolScalarField(dir_.path(), "alpha.water", "0", mesh_);
  EXPECT_EQ(alpha.values(), (std::vector<Scalar>{0, 1, 0, 0, 1, 0.25}));
  EXPECT_EQ(alpha.boundaryCondition(0)->type(), "inletOutlet");
}

TEST_F(FieldFileEditTest, EqualValuesAreWrittenUniformAndNonuniformInputIsKept) {
  write("alpha.water", kAlphaHead + "internalField nonuniform List<scalar> 6(0 1 2 3 4 5);" + kAlphaTail);
  FieldFileEdit f = FieldFileEdit::read(dir_.path(), "0", "alpha.water", 6);
  EXPECT_EQ(f.scalars(), (std::vector<Scalar>{0, 1, 2, 3, 4, 5}));
  f.assign(Scalar{7}, std::vector<Label>{0, 2});
  EXPECT_THAT(f.text(), HasSubstr("(\n7\n1\n7\n3\n4\n5\n)\n;"));
  f.assignAll(Scalar{1});
  EXPECT_EQ(f.text(), kAlphaHead + "internalField   uniform 1;" + kAlphaTail);
}

TEST_F(FieldFileEditTest, VectorFields) {
  const std::string head = fieldtest::fieldHeader("volVectorField", "U") + "dimensions [0 1 -1 0 0 0 0];\n";
  const std::string tail =
      "\nboundaryField\n{\n    inlet { type fixedValue; value uniform (1 0 0); }\n    outlet { type zeroGradient; }\n"
      "    wall { type noSlip; }\n    \"(front|back)\" { type empty; }\n}\n";
  write("U", head + "internalField uniform (0 0 0);" + tail);
  FieldFileEdit f = FieldFileEdit::read(dir_.path(), "0", "U", 6);
  EXPECT_TRUE(f.isVector());
  f.assign(Vec3{1, 2, 3}, std::vector<Label>{2});
  EXPECT_THROW(f.assign(Scalar{1}, std::vector<Label>{2}), Error);
  f.write();
  EXPECT_EQ(
      test::readText(dir_.path() / "0/U"),
      head +
          "internalField   nonuniform List<vector> \n6\n(\n(0 0 0)\n(0 0 0)\n(1 2 3)\n(0 0 0)\n(0 0 0)\n(0 0 0)\n)\n;" +
          tail);
  const VolVectorField U = readVolVectorField(dir_.path(), "U", "0", mesh_);
  EXPECT_EQ(U[2], (Vec3{1, 2, 3}));
  EXPECT_EQ(U[3], (Vec3{0, 0, 0}));
}

TEST_F(FieldFileEditTest, ABinaryFileIsRewrittenAsAsciiWithItsExactValues) {
  // writeFormat binary (OpenFOAM's setFields input often is): the binary
  // list is read with its exact values and the file rewritten as ascii.
  std::string binary = kAlphaHead;
  binary.replace(binary.find("ascii"), 5, "binary");
  binary += "internalField   nonuniform List<scalar> \n6\n(";
  const std::vector<Scalar> values{0.1, 0, 1.0 / 3, 1, 0, 2e-300};
  for (Scalar v : values) binary.append(reinterpret_cast<const char*>(&v), sizeof v);
  binary += ")\n;" + kAlphaTail;
  write("b", binary);
  FieldFileEdit f = FieldFileEdit::read(dir_.path(), "0", "b", 6);
  EXPECT_EQ(f.scalars(), values);
  f.assign(Scalar{0.5}, std::vector<Label>{1});
  f.write();
  const std::string text = test::readText(dir_.path() / "0/b");
  EXPECT_THAT(text, HasSubstr("    format      ascii;\n"));
  const VolScalarField b = readVolScalarField(dir_.path(), "b", "0", mesh_);
  for (Label c = 0; c < 6; ++c) EXPECT_EQ(b[c], c == 1 ? 0.5 : values[static_cast<std::size_t>(c)]) << c;
}

TEST_F(FieldFileEditTest, RefusesWhatItCannotRewrite) {
  EXPECT_EQ(readError("missing"), "0/missing: cannot open file");

  write("T",
        fieldtest::fieldHeader("volTensorField", "T") + "dimensions [0 0 0 0 0 0 0];\n" + kAlphaInternal + kAlphaTail);
  EXPECT_EQ(readError("T"), "0/T: class 'volTensorField' is not supported; supported: volScalarField, volVectorField");

  write("short", kAlphaHead + "internalField nonuniform List<scalar> 2(0 1);" + kAlphaTail);
  EXPECT_THAT(readError("short"), HasSubstr("expected 6 values, found 2"));

  write("included", kAlphaHead + "#include \"initial\"\n" + kAlphaTail);
  fieldtest::writeText(dir_.path() / "0/initial", "internalField uniform 0;\n");
  EXPECT_EQ(readError("included"),
            "0/included: internalField comes from an #include or macro; write it in the file itself so that it "
            "can be replaced");

  write("none", kAlphaHead + kAlphaTail);
  EXPECT_EQ(readError("none"), "0/none: missing 'internalField'");
}

}  // namespace
}  // namespace sluice::field
