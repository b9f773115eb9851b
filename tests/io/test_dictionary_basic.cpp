#include <gtest/gtest.h>

#include <string>

#include "sluice/core/error.hpp"
#include "sluice/io/dictionary.hpp"
#include "io/io_test_util.hpp"

using sluice::InputError;
using sluice::Label;
using sluice::Scalar;
using sluice::Vec3;
using sluice::io::Dictionary;
using sluice::io::test::errorOf;

namespace {

const char* kControlDict = R"(/*--------------------------------*- C++ -*----------------------------------*\
  banner
\*---------------------------------------------------------------------------*/
FoamFile
{
    version     2.0;
    format      ascii;
    class       dictionary;
    location    "system";
    object      controlDict;
}
// * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * //

application     icoFoam;
startTime       0;
endTime         0.5;
deltaT          0.005;
writeInterval   20;
runTimeModifiable true;
big             9000000000;
neg             -1.5e-3;
half            .5;
plus            +2;
gravity         (0 -9.81 0);
)";

}  // namespace

TEST(Dictionary, ReadsScalarsIntegersWordsBools) {
  Dictionary d = Dictionary::parse(kControlDict, "system/controlDict");
  EXPECT_EQ(d.get<std::string>("application"), "icoFoam");
  EXPECT_DOUBLE_EQ(d.get<Scalar>("endTime"), 0.5);
  EXPECT_DOUBLE_EQ(d.get<Scalar>("deltaT"), 0.005);
  EXPECT_EQ(d.get<Label>("writeInterval"), 20);
  EXPECT_DOUBLE_EQ(d.get<Scalar>("writeInterval"), 20.0);  // integers are usable as scalars
  EXPECT_TRUE(d.get<bool>("runTimeModifiable"));
  EXPECT_EQ(d.get<std::int64_t>("big"), 9000000000LL);
  EXPECT_DOUBLE_EQ(d.get<Scalar>("neg"), -1.5e-3);
  EXPECT_DOUBLE_EQ(d.get<Scalar>("half"), 0.5);
  EXPECT_EQ(d.get<Label>("plus"), 2);
  EXPECT_EQ(d.get<Vec3>("gravity"), (Vec3{0, -9.81, 0}));
  EXPECT_EQ(d.subDict("FoamFile").get<std::string>("location"), "system");
  EXPECT_DOUBLE_EQ(d.subDict("FoamFile").get<Scalar>("version"), 2.0);
  EXPECT_EQ(d.getOr<Scalar>("missing", 3.5), 3.5);
  EXPECT_EQ(d.getOr<Label>("writeInterval", 7), 20);
  std::vector<std::string> keys = d.keys();
  ASSERT_EQ(keys.size(), 12u);
  EXPECT_EQ(keys[0], "FoamFile");
  EXPECT_EQ(keys[11], "gravity");
}

TEST(Dictionary, MissingKeywordNamesFileAndScope) {
  Dictionary d = Dictionary::parse("solvers { p { solver PCG; } }\n", "system/fvSolution");
  const Dictionary& p = d.subDict("solvers").subDict("p");
  EXPECT_EQ(p.scopePath(), "solvers/p");
  EXPECT_EQ(errorOf([&] { p.get<Scalar>("tolerance"); }), "system/fvSolution: solvers/p: missing 'tolerance'");
  EXPECT_EQ(errorOf([&] { d.get<Scalar>("endTime"); }), "system/fvSolution: missing 'endTime'");
}

TEST(Dictionary, WrongTypeNamesTokenPosition) {
  Dictionary d = Dictionary::parse("a 1;\n\nendTime     abc;\n", "system/controlDict");
  EXPECT_EQ(errorOf([&] { d.get<Scalar>("endTime"); }),
            "system/controlDict:3:13: 'endTime': expected a number, found 'abc'");
}
