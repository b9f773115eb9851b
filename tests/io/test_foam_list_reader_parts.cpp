// FoamListReader's part readers: the entries of a range of a list, in every
// list form, ascii and binary, with the whole list's checks.
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

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

FoamListReader binary(std::string_view text, int labelBytes = 4) {
  FoamStreamFormat format;
  format.binary = true;
  format.labelBytes = labelBytes;
  return FoamListReader(text, 0, format, "f");
}

template <class T>
std::string binaryList(const std::vector<T>& values) {
  std::string out = std::to_string(values.size()) + "(";
  for (T v : values) appendRaw(out, v);
  return out + ")";
}

/// The middle third of a list (rank 1 of 3).
EntryRange middleThird(std::size_t n) { return {n / 3, 2 * n / 3}; }

TEST(FoamListReaderParts, AsciiLabelListForms) {
  auto in = ascii("6(0 1 2 3 4 5) 6{7} (0 1 2 3 4 5) 0()");
  ListPart<Label> sized = in.readLabelListPart(middleThird);
  EXPECT_EQ(sized.listSize, 6u);
  EXPECT_EQ(sized.first, 2u);
  EXPECT_EQ(sized.entries, (std::vector<Label>{2, 3}));
  ListPart<Label> uniform = in.readLabelListPart(middleThird);
  EXPECT_EQ(uniform.listSize, 6u);
  EXPECT_EQ(uniform.entries, (std::vector<Label>{7, 7}));
  ListPart<Label> unsized = in.readLabelListPart(middleThird);
  EXPECT_EQ(unsized.listSize, 6u);
  EXPECT_EQ(unsized.first, 2u);
  EXPECT_EQ(unsized.entries, (std::vector<Label>{2, 3}));
  ListPart<Label> empty = in.readLabelListPart(middleThird);
  EXPECT_EQ(empty.listSize, 0u);
  EXPECT_TRUE(empty.entries.empty());
  in.expectEnd();
}

TEST(FoamListReaderParts, AsciiVectors) {
  auto in = ascii("3((0 0 0) (1 1 1) (2 2 2))");
  ListPart<Vec3> part = in.readVectorListPart([](std::size_t n) { return EntryRange{1, n}; });
  EXPECT_EQ(part.listSize, 3u);
  EXPECT_EQ(part.first, 1u);
  EXPECT_EQ(part.entries, (std::vector<Vec3>{{1, 1, 1}, {2, 2, 2}}));
}

TEST(FoamListReaderParts, AsciiErrorsOutsideThePartAreStillReported) {
  // The whole list is parsed: a bad entry, a missing one or one too many is
  // found whatever the range.
  EXPECT_EQ(errorOf([] { ascii("6(0 1 2 3 4 x)").readLabelListPart(middleThird); }), "f:1:13: bad integer 'x'");
  EXPECT_EQ(errorOf([] { ascii("6(0 1 2 3 4").readLabelListPart(middleThird); }),
            "f: expected 6 entries, file ends after 5");
  EXPECT_EQ(errorOf([] { ascii("3(0 1 2 3)").readLabelListPart(middleThird); }),
            errorOf([] { ascii("3(0 1 2 3)").readLabelList(); }));
  EXPECT_EQ(errorOf([] { ascii("(0 1 2").readLabelListPart(middleThird); }),
            errorOf([] { ascii("(0 1 2").readLabelList(); }));
}

TEST(FoamListReaderParts, BinaryLabelsOfBothWidths) {
  for (int bytes : {4, 8}) {
    std::string text = bytes == 4 ? binaryList<std::int32_t>({10, 11, 12, 13, 14, 15})
                                  : binaryList<std::int64_t>({10, 11, 12, 13, 14, 15});
    auto in = binary(text, bytes);
    ListPart<Label> part = in.readLabelListPart(middleThird);
    EXPECT_EQ(part.listSize, 6u);
    EXPECT_EQ(part.first, 2u);
    EXPECT_EQ(part.entries, (std::vector<Label>{12, 13}));
    in.expectEnd();
  }
}

TEST(FoamListReaderParts, BinaryTruncatedListIsReportedByEveryPart) {
  std::string text = binaryList<std::int32_t>({10, 11, 12, 13, 14, 15});
  text.resize(text.size() - 10);  // ")", two entries and a byte of a third gone
  EXPECT_EQ(errorOf([&] { binary(text).readLabelListPart([](std::size_t) {
                            return EntryRange{0, 1};
                          }); }),
            "f: expected 6 entries, file ends after 3");
}

TEST(FoamListReaderParts, BinaryEntryTooLargeForLabelNamesItsIndex) {
  const std::string text = binaryList<std::int64_t>({1, 2, std::int64_t{1} << 40, 4});
  EXPECT_EQ(errorOf([&] { binary(text, 8).readLabelListPart([](std::size_t n) {
                            return EntryRange{2, n};
                          }); }),
            "f: entry 2 (1099511627776) does not fit in a 32-bit label");
}

TEST(FoamListReaderParts, AsciiFaceListPart) {
  auto in = ascii("4(3(0 1 2) 4(1 2 3 4) 3(5 6 7) 3{9})");
  CompactListPart part = in.readLabelListListPart([](std::size_t) { return EntryRange{1, 3}; });
  EXPECT_EQ(part.listSize, 4u);
  EXPECT_EQ(part.first, 1u);
  EXPECT_EQ(part.lists.offsets, (std::vector<Label>{0, 4, 7}));
  EXPECT_EQ(part.lists.values, (std::vector<Label>{1, 2, 3, 4, 5, 6, 7}));
}

TEST(FoamListReaderParts, BinaryFaceListPart) {
  std::string text = "3(" + binaryList<std::int32_t>({0, 1, 2}) + binaryList<std::int32_t>({3, 4, 5, 6}) +
                     binaryList<std::int32_t>({7, 8, 9}) + ")";
  CompactListPart part = binary(text).readLabelListListPart([](std::size_t n) { return EntryRange{n - 1, n}; });
  EXPECT_EQ(part.listSize, 3u);
  EXPECT_EQ(part.first, 2u);
  EXPECT_EQ(part.lists.offsets, (std::vector<Label>{0, 3}));
  EXPECT_EQ(part.lists.values, (std::vector<Label>{7, 8, 9}));
}

TEST(FoamListReaderParts, CompactListPartReadsItsOffsetsAndValues) {
  const std::string offsets = "4(0 3 7 10)";
  const std::string values = "10(0 1 2 3 4 5 6 7 8 9)";
  CompactListPart ascii3 = ascii(offsets + values).readCompactLabelListListPart(middleThird);
  EXPECT_EQ(ascii3.listSize, 3u);
  EXPECT_EQ(ascii3.first, 1u);
  EXPECT_EQ(ascii3.lists.offsets, (std::vector<Label>{0, 4}));
  EXPECT_EQ(ascii3.lists.values, (std::vector<Label>{3, 4, 5, 6}));

  const std::string bin =
      binaryList<std::int32_t>({0, 3, 7, 10}) + binaryList<std::int32_t>({0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
  CompactListPart last = binary(bin).readCompactLabelListListPart([](std::size_t n) { return EntryRange{2, n}; });
  EXPECT_EQ(last.first, 2u);
  EXPECT_EQ(last.lists.offsets, (std::vector<Label>{0, 3}));
  EXPECT_EQ(last.lists.values, (std::vector<Label>{7, 8, 9}));
  CompactListPart none = binary(bin).readCompactLabelListListPart([](std::size_t n) { return EntryRange{n, n}; });
  EXPECT_EQ(none.lists.offsets, (std::vector<Label>{0}));
  EXPECT_TRUE(none.lists.values.empty());
}

TEST(FoamListReaderParts, CompactListOffsetChecksApplyToTheOffsetsRead) {
  const std::string values = "10(0 1 2 3 4 5 6 7 8 9)";
  auto all = [](std::size_t n) { return EntryRange{0, n}; };
  auto last = [](std::size_t n) { return EntryRange{n - 1, n}; };
  EXPECT_EQ(errorOf([&] { ascii("3(0 7 3)" + values).readCompactLabelListListPart(last); }),
            "f: offsets decrease at item 1 (3 after 7)");
  EXPECT_EQ(errorOf([&] { ascii("3(1 3 10)" + values).readCompactLabelListListPart(all); }),
            "f: first offset is 1 (must be 0)");
  EXPECT_EQ(errorOf([&] { ascii("3(0 3 9)" + values).readCompactLabelListListPart(last); }),
            "f: last offset is 9 but there are 10 values");
  EXPECT_EQ(errorOf([&] { ascii("3(0 3 11)" + values).readCompactLabelListListPart(last); }),
            "f: last offset is 11 but there are 10 values");
}

}  // namespace
}  // namespace sluice::io
