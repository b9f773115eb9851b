// FoamListReader: the list forms OpenFOAM writes, ascii and binary, and the
// exact messages for malformed lists.
#include <cstdint>
#include <algorithm>
#include <cstring>
#include <functional>
#include <limits>
#include <string>

#include <gtest/gtest.h>

#include "io/foam_list_test_util.hpp"
#include "io/io_test_util.hpp"
#include "sluice/core/error.hpp"
#include "sluice/io/foam_list_reader.hpp"

namespace sluice::io {
namespace {

using test::appendRaw;  // io/foam_list_test_util.hpp
using test::ascii;
using test::errorOf;  // io/io_test_util.hpp

TEST(FoamListReader, AsciiLabelListForms) {
  std::string text = "3(4 -5 6) 4{7} (1 2) 0() /* comment */ 2 // comment\n ( 8\n9 )";
  auto in = ascii(text);
  EXPECT_EQ(in.readLabelList(), (std::vector<Label>{4, -5, 6}));
  EXPECT_EQ(in.readLabelList(), (std::vector<Label>{7, 7, 7, 7}));
  EXPECT_EQ(in.readLabelList(), (std::vector<Label>{1, 2}));
  EXPECT_TRUE(in.readLabelList().empty());
  EXPECT_EQ(in.readLabelList(), (std::vector<Label>{8, 9}));
  in.expectEnd();
}

TEST(FoamListReader, AsciiScalarsAndVectors) {
  const std::string text = "4(1 -2.5e-3 +3 1e300) 2((0 1 2) (3.25 -4 5e-1)) 3{(1 2 3)}";
  auto in = ascii(text);
  EXPECT_EQ(in.readScalarList(), (std::vector<Scalar>{1, -2.5e-3, 3, 1e300}));
  const auto v = in.readVectorList();
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[1], (Vec3{3.25, -4, 0.5}));
  const auto u = in.readVectorList();
  ASSERT_EQ(u.size(), 3u);
  EXPECT_EQ(u[2], (Vec3{1, 2, 3}));
  in.expectEnd();
}

TEST(FoamListReader, AsciiListOfLabelListsIsCompacted) {
  const std::string text = "3\n(\n4(0 1 2 3)\n3(3 2 1)\n5{9}\n)\n2{3(1 2 3)}";
  auto in = ascii(text);
  const CompactLabelLists a = in.readLabelListList();
  EXPECT_EQ(a.offsets, (std::vector<Label>{0, 4, 7, 12}));
  EXPECT_EQ(a.values, (std::vector<Label>{0, 1, 2, 3, 3, 2, 1, 9, 9, 9, 9, 9}));
  const CompactLabelLists b = in.readLabelListList();
  EXPECT_EQ(b.offsets, (std::vector<Label>{0, 3, 6}));
  EXPECT_EQ(b.values, (std::vector<Label>{1, 2, 3, 1, 2, 3}));
}

TEST(FoamListReader, BigEndianBinaryIsSwapped) {
  std::string text = "2\n(";
  appendRaw<std::int64_t>(text, 123456789012LL / 1000, true);
  appendRaw<std::int64_t>(text, -7, true);
  text += ")\n1(";
  appendRaw<float>(text, 1.5f, true);
  text += ")";
  FoamListReader in(text, 0, FoamStreamFormat::fromHeader(true, "MSB;label=64;scalar=32", "f"), "f");
  EXPECT_EQ(in.readLabelList(), (std::vector<Label>{123456789, -7}));
  EXPECT_EQ(in.readScalarList(), (std::vector<Scalar>{1.5}));
  in.expectEnd();
}

TEST(FoamListReader, BinaryListContainingDelimiterBytes) {
  // raw bytes equal to ')' '(' '\n' and '/' must not be taken as syntax
  std::string text = "4\n(";
  for (Label v : {0x29, 0x28, 0x0a, 0x2f2f}) appendRaw<std::int32_t>(text, v);
  text += ")";
  FoamListReader in(text, 0, FoamStreamFormat::fromHeader(true, "", "f"), "f");
  EXPECT_EQ(in.readLabelList(), (std::vector<Label>{0x29, 0x28, 0x0a, 0x2f2f}));
}

TEST(FoamListReader, Binary64BitLabelTooLarge) {
  std::string text = "2(";
  appendRaw<std::int64_t>(text, 1);
  appendRaw<std::int64_t>(text, std::int64_t{1} << 33);
  text += ")";
  FoamListReader in(text, 0, FoamStreamFormat::fromHeader(true, "LSB;label=64;scalar=64", "f"), "f");
  EXPECT_EQ(errorOf([&] { in.readLabelList(); }), "f: entry 1 (8589934592) does not fit in a 32-bit label");
}

TEST(FoamListReader, AsciiMessages) {
  EXPECT_EQ(errorOf([] { ascii("3(1 2\n 3000000000)").readLabelList(); }),
            "f:2:2: integer '3000000000' does not fit in a 32-bit label");
  EXPECT_EQ(errorOf([] { ascii("3(1 2 x)").readLabelList(); }), "f:1:7: bad integer 'x'");
  EXPECT_EQ(errorOf([] { ascii("2((1 2 3) (1 2))").readVectorList(); }),
            "f:1:15: expected a number, found ')'");
  EXPECT_EQ(errorOf([] { ascii("1((1 2 3 4))").readVectorList(); }),
            "f:1:10: expected ')' after 3 vector components, found '4'");
  EXPECT_EQ(errorOf([] { ascii("2(1 ( 3)").readLabelList(); }), "f:1:5: expected an integer, found '('");
  EXPECT_EQ(errorOf([] { ascii("2(1 2 3 4)").readVectorList(); }), "f:1:3: expected '(' to start a vector, found '1'");
  EXPECT_EQ(errorOf([] { ascii("2 [1 2]").readLabelList(); }), "f:1:3: expected '(' or '{' after list size 2, found '['");
  EXPECT_EQ(errorOf([] { ascii("  ").readLabelList(); }), "f: expected a list, file ends");
  EXPECT_EQ(errorOf([] { ascii("7").readLabelList(); }), "f: expected 7 entries, file ends after 0");
  EXPECT_EQ(errorOf([] { ascii("2(1 2").readLabelList(); }), "f: expected ')' after 2 entries, file ends");
  EXPECT_EQ(errorOf([] { ascii("(1 2").readLabelList(); }), "f: list not closed by ')', file ends after 2 entries");
  EXPECT_EQ(errorOf([] { ascii("3{").readLabelList(); }), "f: expected 3 entries, file ends after 0");
  EXPECT_EQ(errorOf([] { ascii("1e3(1)").readLabelList(); }), "f:1:1: bad list size '1e3'");
  EXPECT_EQ(errorOf([] { ascii("1(1e999)").readScalarList(); }), "f:1:3: number '1e999' is out of range");
}

TEST(FoamListReader, CompactListChecksOffsets) {
  auto compact = [](const std::string& text) { ascii(text).readCompactLabelListList("faces"); };
  EXPECT_EQ(errorOf([&] { compact("3(0 4 2) 4(0 1 2 3)"); }), "f: faces: offsets decrease at item 1 (2 after 4)");
  EXPECT_EQ(errorOf([&] { compact("2(1 4) 4(0 1 2 3)"); }), "f: faces: first offset is 1 (must be 0)");
  EXPECT_EQ(errorOf([&] { compact("2(0 3) 4(0 1 2 3)"); }), "f: faces: last offset is 3 but there are 4 values");
  EXPECT_EQ(errorOf([&] { compact("3(0 3 4) 4(0 1 2"); }), "f: faces: values: expected 4 entries, file ends after 3");
}

}  // namespace
}  // namespace sluice::io

namespace sluice::io {
namespace {

TEST(FoamListReaderInput, NulByteInAsciiTextIsAnError) {
  using namespace std::string_literals;
  EXPECT_EQ(errorOf([] { ascii("3(1\n2 /* \0 */ 3)"s); }), "f:2:6: NUL byte in file");
  EXPECT_EQ(errorOf([] { ascii("3(1\n2\0 3)"s).readLabelList(); }), "f:2:2: NUL byte in file");
}

TEST(FoamListReaderInput, SizedListWithTooFewOrTooManyEntries) {
  EXPECT_EQ(errorOf([] { ascii("\n3(1 2)").readLabelList(); }), "f:2:1: list says 3 entries but has 2");
  EXPECT_EQ(errorOf([] { ascii("2((0 0 0)\n(1 1 1)\n(2 2 2))").readVectorList(); }),
            "f:1:1: list says 2 entries but has more ('(' follows entry 2)");
  EXPECT_EQ(errorOf([] { ascii("2(4(0 1 2 3) 3(0 1))").readLabelListList(); }),
            "f:1:14: list says 3 entries but has 2");
}

TEST(FoamListReaderInput, HugeDeclaredCountDoesNotAllocate) {
  // 2^31 - 1 entries declared, two given: an error, not a 16 GB reservation.
  EXPECT_EQ(errorOf([] { ascii("2147483647((0 0 0) (1 1 1))").readVectorList(); }),
            "f:1:1: list says 2147483647 entries but has 2");
  EXPECT_EQ(errorOf([] { ascii("2147483647(4(0 1 2 3))").readLabelListList(); }),
            "f:1:1: list says 2147483647 entries but has 1");
  // Binary: a byte count beyond the end of the file.
  std::string text = "2147483647(";
  appendRaw<double>(text, 1.0);
  text += ")";
  FoamListReader in(text, 0, FoamStreamFormat::fromHeader(true, "", "f"), "f");
  EXPECT_EQ(errorOf([&] { in.readVectorList("points"); }), "f: points: expected 2147483647 entries, file ends after 0");
}

TEST(FoamListReaderInput, BinaryNonFiniteScalarsAreAnError) {
  std::string text = "2(";
  for (double v : {0.0, 1.0, 2.0, 3.0, std::numeric_limits<double>::quiet_NaN(), 5.0}) appendRaw<double>(text, v);
  text += ")";
  FoamListReader in(text, 0, FoamStreamFormat::fromHeader(true, "", "f"), "f");
  EXPECT_EQ(errorOf([&] { in.readVectorList("points"); }), "f: points: entry 1 is not finite");
}

TEST(FoamListReaderInput, LongTokensAreCutInMessages) {
  const std::string text = "1(" + std::string(1000000, 'x') + ")";
  const std::string message = errorOf([&] { ascii(text).readLabelList(); });
  EXPECT_EQ(message, "f:1:3: bad integer '" + std::string(60, 'x') + "...'");
}

}  // namespace
}  // namespace sluice::io
