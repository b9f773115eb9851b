#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "sluice/core/error.hpp"
#include "sluice/core/json_writer.hpp"

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
