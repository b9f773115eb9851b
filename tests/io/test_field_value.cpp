#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "io/io_test_util.hpp"
#include "sluice/core/error.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/io/field_value.hpp"

using sluice::Scalar;
using sluice::Vec3;
using sluice::io::Dictionary;
using sluice::io::FieldValue;
using sluice::io::FieldValueType;
using sluice::io::readFieldValue;
using sluice::io::test::errorOf;

namespace {
Dictionary field(const std::string& text) { return Dictionary::parse(text, "0/U"); }
}  // namespace

TEST(FieldValue, UniformScalarAndVector) {
  Dictionary d = field("a uniform 0;\nb uniform (1 0 -2.5);\nc uniform -1e-3;\n");
  FieldValue a = readFieldValue(d, "a");
  EXPECT_TRUE(a.uniform);
  EXPECT_EQ(a.type, FieldValueType::Scalar);
  EXPECT_EQ(a.scalars, (std::vector<Scalar>{0}));
  EXPECT_EQ(a.expandScalars(3), (std::vector<Scalar>{0, 0, 0}));
  FieldValue b = readFieldValue(d, "b");
  EXPECT_TRUE(b.uniform);
  EXPECT_TRUE(b.isVector());
  EXPECT_EQ(b.expandVectors(2), (std::vector<Vec3>{{1, 0, -2.5}, {1, 0, -2.5}}));
  EXPECT_DOUBLE_EQ(readFieldValue(d, "c").scalars.at(0), -1e-3);
}

TEST(FieldValue, NonuniformLists) {
  Dictionary d = field(R"(
s nonuniform List<scalar> 3(0.1 0.2 0.3);
v nonuniform List<vector> 2((1 0 0) (0 2 0));
e nonuniform List<scalar> 0();
ev nonuniform List<vector> 0();
u nonuniform List<scalar> 4{7};
multiLine nonuniform List<scalar>
5
(
1
2
3
4
5
)
;
)");
  FieldValue s = readFieldValue(d, "s");
  EXPECT_FALSE(s.uniform);
  EXPECT_EQ(s.scalars, (std::vector<Scalar>{0.1, 0.2, 0.3}));
  EXPECT_EQ(s.expandScalars(3), s.scalars);
  FieldValue v = readFieldValue(d, "v");
  EXPECT_EQ(v.vectors, (std::vector<Vec3>{{1, 0, 0}, {0, 2, 0}}));
  FieldValue e = readFieldValue(d, "e");
  EXPECT_FALSE(e.uniform);
  EXPECT_EQ(e.type, FieldValueType::Scalar);
  EXPECT_EQ(e.size(), 0u);
  EXPECT_TRUE(e.expandScalars(0).empty());
  FieldValue ev = readFieldValue(d, "ev");
  EXPECT_TRUE(ev.isVector());
  EXPECT_EQ(ev.size(), 0u);
  FieldValue u = readFieldValue(d, "u");  // N{v}: one value, N kept
  EXPECT_EQ(u.scalars, (std::vector<Scalar>{7}));
  EXPECT_EQ(u.repeatCount, std::optional<std::size_t>(4));
  EXPECT_EQ(u.expandScalars(4), (std::vector<Scalar>{7, 7, 7, 7}));
  EXPECT_THROW((void)u.expandScalars(5), sluice::InputError);
  FieldValue m = readFieldValue(d, "multiLine");
  double sum = 0;
  for (double x : m.scalars) sum += x;
  EXPECT_DOUBLE_EQ(sum, 15.0);
}

TEST(FieldValue, CountMismatchAndTypeErrors) {
  Dictionary d = field(R"(internalField nonuniform List<scalar> 3(1 2);
value nonuniform List<scalar> 2(1 2);
t nonuniform List<tensor> 1((1 0 0 0 1 0 0 0 1));
w 5;
x uniform 1 2;
)");
  EXPECT_EQ(errorOf([&] { readFieldValue(d, "internalField"); }),
            "0/U:1:39: 'internalField': list says 3 entries but has 2");
  FieldValue value = readFieldValue(d, "value");
  EXPECT_EQ(errorOf([&] { value.expandScalars(3); }), "0/U:2:7: 'value': expected 3 values, found 2");
  EXPECT_EQ(errorOf([&] { value.expandVectors(2); }), "0/U:2:7: 'value': expected a vector field value, found a scalar");
  EXPECT_EQ(errorOf([&] { readFieldValue(d, "t"); }),
            "0/U:3:14: 't': unsupported field type 'List<tensor>' (only List<scalar> and List<vector>)");
  EXPECT_EQ(errorOf([&] { readFieldValue(d, "w"); }), "0/U:4:3: 'w': expected 'uniform' or 'nonuniform', found '5'");
  EXPECT_EQ(errorOf([&] { readFieldValue(d, "x"); }), "0/U:5:13: 'x': unexpected '2' after value");
}

TEST(FieldValue, ReadsFromAStreamInsideABoundaryDictionary) {
  Dictionary d = field(R"(
boundaryField
{
    movingWall { type fixedValue; value uniform (1 0 0); }
    fixedWalls { type noSlip; }
}
)");
  const Dictionary& wall = d.subDict("boundaryField").subDict("movingWall");
  EXPECT_EQ(readFieldValue(wall, "value").expandVectors(1), (std::vector<Vec3>{{1, 0, 0}}));
  EXPECT_EQ(errorOf([&] { readFieldValue(d.subDict("boundaryField").subDict("fixedWalls"), "value"); }),
            "0/U: boundaryField/fixedWalls: missing 'value'");
}
