// Numbers that do not fit: a value overflowing a double (1e400) or an
// integer too long for 64 bits is an error naming file:line:col and the
// token, never +inf or a rounded float.
#include <limits>
#include <string>

#include <gtest/gtest.h>

#include "io/io_test_util.hpp"
#include "sluice/io/foam_list_reader.hpp"
#include "sluice/io/tokenizer.hpp"

namespace sluice::io {
namespace {

using test::errorOf;
using test::parse;

TEST(NumberRange, OverflowingScalarIsAnError) {
  // endTime 1e400 was read as +inf: the run never ended.
  EXPECT_EQ(errorOf([] { parse("startTime 0;\nendTime 1e400;\n", "system/controlDict"); }),
            "system/controlDict:2:9: number '1e400' is out of range");
  EXPECT_EQ(errorOf([] { parse("nu [0 2 -1 0 0 0 0] -1.5e+309;\n", "constant/transportProperties"); }),
            "constant/transportProperties:1:21: number '-1.5e+309' is out of range");
  EXPECT_EQ(errorOf([] { parse("a (1 2 1e99999);\n"); }), "system/testDict:1:8: number '1e99999' is out of range");
}

TEST(NumberRange, UnderflowBecomesZeroAsInOpenFOAM) {
  Dictionary d = parse("tiny 1e-400;\nlargest 1.7976931348623157e308;\n");
  EXPECT_EQ(d.get<Scalar>("tiny"), 0.0);
  EXPECT_EQ(d.get<Scalar>("largest"), std::numeric_limits<double>::max());
}

TEST(NumberRange, InfAndNanAreNotNumbers) {
  Token t;
  EXPECT_EQ(parseNumber("inf", t), NumberParse::NotANumber);
  EXPECT_EQ(parseNumber("-nan", t), NumberParse::NotANumber);
  EXPECT_EQ(parseNumber("1e400", t), NumberParse::OutOfRange);
  Dictionary d = parse("a inf;\nb nan;\n");
  EXPECT_EQ(errorOf([&] { d.get<Scalar>("a"); }), "system/testDict:1:3: 'a': expected a number, found 'inf'");
  EXPECT_EQ(errorOf([&] { d.get<Scalar>("b"); }), "system/testDict:2:3: 'b': expected a number, found 'nan'");
}

TEST(NumberRange, IntegerBeyondSixtyFourBitsIsAnError) {
  Dictionary d = parse("nCorrectors 99999999999999999999;\nbig -9223372036854775809;\n", "system/fvSolution");
  EXPECT_EQ(errorOf([&] { d.get<Label>("nCorrectors"); }),
            "system/fvSolution:1:13: 'nCorrectors': integer 99999999999999999999 is out of range for a label");
  EXPECT_EQ(errorOf([&] { d.get<std::int64_t>("big"); }),
            "system/fvSolution:2:5: 'big': integer -9223372036854775809 is out of range (more than 64 bits)");
  // As a scalar a long integer is fine (OpenFOAM reads it as a scalar too).
  EXPECT_EQ(d.get<Scalar>("nCorrectors"), 1e20);
}

TEST(NumberRange, ListReaderRejectsNonFiniteAndOverflowingNumbers) {
  auto read = [](const std::string& text) {
    FoamListReader in(text, 0, FoamStreamFormat{}, "constant/polyMesh/points");
    in.readVectorList();
  };
  EXPECT_EQ(errorOf([&] { read("2((0 0 0)\n(1 nan 0))"); }),
            "constant/polyMesh/points:2:4: number 'nan' is not finite");
  EXPECT_EQ(errorOf([&] { read("1((-inf 0 0))"); }), "constant/polyMesh/points:1:4: number '-inf' is not finite");
  EXPECT_EQ(errorOf([&] { read("1((0 0 infinity))"); }),
            "constant/polyMesh/points:1:8: number 'infinity' is not finite");
  EXPECT_EQ(errorOf([&] { read("1((0 0 1e400))"); }), "constant/polyMesh/points:1:8: number '1e400' is out of range");
  FoamListReader in("1((1e-400 0 0))", 0, FoamStreamFormat{}, "f");
  EXPECT_EQ(in.readVectorList().at(0).x, 0.0);
}

}  // namespace
}  // namespace sluice::io
