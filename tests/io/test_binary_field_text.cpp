// Field files written with writeFormat binary read as ascii text: the binary
// lists (internal field and boundary values, scalar and vector, 64- and
// 32-bit scalars) come back with their exact values and the header says
// ascii; the dictionary parser then reads the file; an ascii file is
// unchanged; a list cut short or of an unread type is an error naming the file.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "io/foam_list_test_util.hpp"
#include "sluice/core/error.hpp"
#include "sluice/io/binary_field_text.hpp"
#include "sluice/io/dictionary.hpp"

namespace sluice::io {
namespace {

using ::testing::HasSubstr;

std::string header(const std::string& cls, const std::string& arch) {
  return "FoamFile\n{\n    version     2.0;\n    format      binary;\n    class       " + cls +
         ";\n    arch        \"" + arch + "\";\n    location    \"0.2\";\n    object      x;\n}\n\n";
}

/// A binary volVectorField as OpenFOAM v1912 writes it: internalField of
/// `cells` vectors, a patch with nonuniform values (two faces), one with an
/// empty list, one uniform.
std::string binaryVectorField(const std::vector<double>& cells, bool scalar32 = false) {
  std::string t = header("volVectorField", scalar32 ? "LSB;label=32;scalar=32" : "LSB;label=32;scalar=64");
  t += "dimensions      [0 1 -1 0 0 0 0];\n\ninternalField   nonuniform List<vector> \n" +
       std::to_string(cells.size() / 3) + "\n(";
  for (double v : cells) {
    if (scalar32) test::appendRaw(t, static_cast<float>(v));
    else test::appendRaw(t, v);
  }
  t += ")\n;\n\nboundaryField\n{\n    inlet\n    {\n        type            fixedValue;\n        value           "
       "nonuniform List<vector> 2(";
  for (double v : {1.0, 0.0, 0.0, 0.5, -0.25, 1e-300}) {
    if (scalar32) test::appendRaw(t, static_cast<float>(v == 1e-300 ? 0.0 : v));
    else test::appendRaw(t, v);
  }
  t += ");\n    }\n    outlet\n    {\n        type            calculated;\n        value           nonuniform "
       "List<vector> 0();\n    }\n    walls\n    {\n        type            noSlip;\n        value           "
       "uniform (0 0 0);\n    }\n}\n";
  return t;
}

TEST(BinaryFieldText, ListsBecomeAsciiWithTheirExactValues) {
  // Values with every bit used (0.1 is not exact in binary), bytes that look
  // like text inside the raw data ("List<" and ')' among them).
  std::vector<double> cells{0.1, -2.5e-7, 1.0 / 3.0, 0, 6.02214076e23, -0.0};
  std::string raw;
  raw += "List<sc";
  while (raw.size() < 16) raw += ')';
  double looksLikeText[2];
  std::memcpy(looksLikeText, raw.data(), 16);
  cells.insert(cells.end(), looksLikeText, looksLikeText + 2);
  cells.push_back(7);
  const std::string ascii = asciiFieldText(binaryVectorField(cells), "0.2/U");
  EXPECT_THAT(ascii, HasSubstr("    format      ascii;\n"));
  EXPECT_THAT(ascii, HasSubstr("internalField   nonuniform List<vector> \n3\n(\n(0.1 -2.5e-07 0.3333333333333333)\n"));
  EXPECT_THAT(ascii, HasSubstr("value           nonuniform List<vector> \n2\n(\n(1 0 0)\n(0.5 -0.25 1e-300)\n);"));
  EXPECT_THAT(ascii, HasSubstr("value           nonuniform List<vector> 0();"));
  EXPECT_THAT(ascii, HasSubstr("value           uniform (0 0 0);"));

  const Dictionary dict = Dictionary::parse(ascii, "0.2/U");
  EXPECT_EQ(dict.subDict("FoamFile").get<std::string>("format"), "ascii");
  // Read back through the parser: the same doubles, bit for bit.
  const std::string internal = ascii.substr(ascii.find("internalField"));
  std::vector<double> back;
  for (std::size_t at = internal.find("(\n") + 2; back.size() < cells.size(); ++at) {
    at = internal.find_first_of("-0123456789", at);
    std::size_t end = internal.find_first_of(" )", at);
    back.push_back(std::stod(internal.substr(at, end - at)));
    at = end;
  }
  for (std::size_t i = 0; i < cells.size(); ++i) EXPECT_EQ(std::bit_cast<std::uint64_t>(back[i]),
                                                            std::bit_cast<std::uint64_t>(cells[i])) << i;
}

TEST(BinaryFieldText, ThirtyTwoBitScalarsAndScalarLists) {
  const std::string ascii = asciiFieldText(binaryVectorField({0.5, 1, 2}, /*scalar32=*/true), "0.2/U");
  EXPECT_THAT(ascii, HasSubstr("List<vector> \n1\n(\n(0.5 1 2)\n)"));

  std::string p = header("volScalarField", "LSB;label=32;scalar=64");
  p += "dimensions      [0 2 -2 0 0 0 0];\n\ninternalField   nonuniform List<scalar> \n2\n(";
  test::appendRaw(p, 101325.0);
  test::appendRaw(p, -1e-5);
  p += ")\n;\n\nboundaryField\n{\n    walls\n    {\n        type            zeroGradient;\n    }\n}\n";
  EXPECT_THAT(asciiFieldText(p, "0.2/p"), HasSubstr("internalField   nonuniform List<scalar> \n2\n(\n101325\n-1e-05\n)\n;"));
}

TEST(BinaryFieldText, AsciiListsWrittenAsBinaryReadBackExactly) {
  const std::string boundary =
      "\nboundaryField\n{\n    a { type calculated; value nonuniform List<scalar> 3(0.1 -2 1e-300); }\n"
      "    b { type calculated; value nonuniform List<vector> 1((1 2 3)); }\n"
      "    c { type calculated; value nonuniform List<scalar> 0(); }\n    d { type zeroGradient; }\n}\n";
  const std::string binary = binaryListsText(boundary, "0.2/p");
  EXPECT_EQ(binary.find("0.1"), std::string::npos);
  std::string file = header("volScalarField", "LSB;label=32;scalar=64") + "internalField uniform 0;\n" + binary;
  const std::string ascii = asciiFieldText(file, "0.2/p");
  EXPECT_THAT(ascii, HasSubstr("value nonuniform List<scalar> \n3\n(\n0.1\n-2\n1e-300\n);"));
  EXPECT_THAT(ascii, HasSubstr("value nonuniform List<vector> \n1\n(\n(1 2 3)\n);"));
  EXPECT_THAT(ascii, HasSubstr("value nonuniform List<scalar> 0();"));
  EXPECT_THAT(ascii, HasSubstr("d { type zeroGradient; }"));
  EXPECT_THROW(binaryListsText("value nonuniform List<scalar> 2(1);", "0.2/p"), InputError);
}

TEST(BinaryFieldText, AsciiFilesAreUnchanged) {
  const std::string text =
      "FoamFile { version 2.0; format ascii; class volScalarField; object p; }\n"
      "dimensions [0 2 -2 0 0 0 0];\ninternalField nonuniform List<scalar> 2(1 2);\nboundaryField {}\n";
  EXPECT_EQ(asciiFieldText(text, "0/p"), text);
  EXPECT_EQ(asciiFieldText("internalField uniform 0;\n", "0/p"), "internalField uniform 0;\n");
}

TEST(BinaryFieldText, DamagedOrUnreadListsAreErrorsNamingTheFile) {
  std::string cut = binaryVectorField({1, 2, 3, 4, 5, 6});
  cut.resize(cut.find("internalField") + 60);  // into the raw values
  try {
    asciiFieldText(cut, "0.2/U");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("0.2/U")) << e.what();
  }

  std::string tensor = header("volTensorField", "LSB;label=32;scalar=64");
  tensor += "internalField   nonuniform List<tensor> \n1\n(";
  for (int i = 0; i < 9; ++i) test::appendRaw(tensor, 1.0);
  tensor += ")\n;\n";
  try {
    asciiFieldText(tensor, "0.2/T");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "0.2/T: a binary List<tensor> is not read (binary List<scalar>, List<vector> and List<label> are; "
              "foamFormatConvert writes the file as ascii)");
  }
}

}  // namespace
}  // namespace sluice::io
