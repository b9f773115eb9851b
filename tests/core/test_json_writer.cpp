#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "sluice/core/error.hpp"
#include "sluice/core/json_writer.hpp"
#include "sluice/core/utf8.hpp"

using sluice::JsonWriter;

TEST(JsonWriter, CompactDocument) {
  JsonWriter w;
  w.beginObject();
  w.key("cells").value(1000);
  w.key("big").value(std::int64_t{1} << 40);
  w.key("bounds").beginArray().value(0.0).value(1.5).value(-2e-300).endArray();
  w.key("empty").beginArray().endArray();
  w.key("none").beginObject().endObject();
  w.key("ok").value(true);
  w.key("name").value("cavity");
  w.key("nothing").null();
  w.endObject();
  EXPECT_TRUE(w.complete());
  EXPECT_EQ(w.str(),
            "{\"cells\":1000,\"big\":1099511627776,\"bounds\":[0,1.5,-2.0000000000000001e-300],\"empty\":[],"
            "\"none\":{},\"ok\":true,\"name\":\"cavity\",\"nothing\":null}");
}

TEST(JsonWriter, IndentedDocument) {
  JsonWriter w(2);
  w.beginObject().key("a").value(1).key("b").beginArray().value("x").value(0.1).endArray().endObject();
  EXPECT_EQ(w.str(), "{\n  \"a\": 1,\n  \"b\": [\n    \"x\",\n    0.10000000000000001\n  ]\n}");
}

TEST(JsonWriter, EscapesStringsAndWritesNonFiniteAsNull) {
  EXPECT_EQ(sluice::jsonString("a\"b\\c\nd\te\x01" "f/\xc3\xa9"), "\"a\\\"b\\\\c\\nd\\te\\u0001f/\xc3\xa9\"");
  EXPECT_EQ(sluice::jsonNumber(std::numeric_limits<double>::quiet_NaN()), "null");
  EXPECT_EQ(sluice::jsonNumber(std::numeric_limits<double>::infinity()), "null");
  EXPECT_EQ(sluice::jsonNumber(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(sluice::jsonNumber(1e21), "1e+21");
}

TEST(JsonWriter, MisuseThrows) {
  JsonWriter w;
  w.beginObject();
  EXPECT_THROW(w.value(1), sluice::Error);  // value without key
  EXPECT_THROW(w.endArray(), sluice::Error);
  w.key("k");
  EXPECT_THROW(w.key("again"), sluice::Error);
  EXPECT_THROW(w.endObject(), sluice::Error);  // key without value
  w.value(2).endObject();
  EXPECT_EQ(w.str(), "{\"k\":2}");
  EXPECT_THROW(w.value(3), sluice::Error);  // second top-level value
  JsonWriter arr;
  arr.beginArray();
  EXPECT_THROW(arr.key("k"), sluice::Error);
  EXPECT_FALSE(arr.complete());
}

TEST(JsonWriter, StringsAreAlwaysValidUtf8) {
  // Well-formed UTF-8 of every length passes through unchanged.
  EXPECT_EQ(sluice::jsonString("\xc3\xa9\xe2\x82\xac\xf0\x9f\x8c\x8a"), "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x8c\x8a\"");
  // Each byte outside well-formed UTF-8 is the Latin-1 character it would be.
  EXPECT_EQ(sluice::jsonString("caf\xe9"), "\"caf\\u00e9\"");
  EXPECT_EQ(sluice::jsonString("\xff\xfe"), "\"\\u00ff\\u00fe\"");
  EXPECT_EQ(sluice::jsonString("a\x80z"), "\"a\\u0080z\"");           // stray continuation byte
  EXPECT_EQ(sluice::jsonString("\xe2\x82"), "\"\\u00e2\\u0082\"");      // truncated sequence
  EXPECT_EQ(sluice::jsonString("\xc0\xaf"), "\"\\u00c0\\u00af\"");      // overlong '/'
  EXPECT_EQ(sluice::jsonString("\xed\xa0\x80"), "\"\\u00ed\\u00a0\\u0080\"");  // surrogate U+D800
  EXPECT_EQ(sluice::jsonString("\xf4\x90\x80\x80"), "\"\\u00f4\\u0090\\u0080\\u0080\"");  // beyond U+10FFFF
  EXPECT_EQ(sluice::jsonString("\xc3"), "\"\\u00c3\"");
}

TEST(JsonWriter, EveryByteStringGivesValidUtf8) {
  // A strict decoder over all two-byte strings: the output holds only
  // well-formed UTF-8 and no raw control characters.
  for (int a = 0; a < 256; ++a)
    for (int b = 0; b < 256; ++b) {
      const std::string in{static_cast<char>(a), static_cast<char>(b), '\xe2', '\x82'};
      const std::string out = sluice::jsonString(in);
      for (std::size_t i = 0; i < out.size();) {
        const std::size_t n = sluice::utf8SequenceLength(out, i);
        ASSERT_GT(n, 0u) << a << " " << b << " at " << i;
        ASSERT_GE(static_cast<unsigned char>(out[i]), 0x20) << a << " " << b;
        i += n;
      }
    }
}
