// Nesting limit (io/nesting_limit.hpp): a file nested thousands of levels
// deep is an error naming file, line and column, not a stack overflow.
#include <string>

#include <gtest/gtest.h>

#include "io/io_test_util.hpp"
#include "sluice/io/field_value.hpp"
#include "sluice/io/nesting_limit.hpp"

namespace sluice::io {
namespace {

using test::errorOf;
using test::parse;

/// "a { a { ... } }" nested `levels` deep, after `prefix`.
std::string nestedDictionaries(int levels, const std::string& prefix = "") {
  std::string text = prefix;
  for (int i = 0; i < levels; ++i) text += "a { ";
  text += "b 1; ";
  for (int i = 0; i < levels; ++i) text += "} ";
  return text + "\n";
}

TEST(NestingLimit, DictionaryNestedThousandsOfLevelsDeepIsAnError) {
  // 7609 levels overflowed the parser's stack (exit 139, no message).
  const std::string text = nestedDictionaries(7609, "application icoFoam;\n\n");
  // The 257th '{' is at column 1 + 256 * 4 + 2 of line 3.
  EXPECT_EQ(errorOf([&] { parse(text, "system/controlDict"); }),
            "system/controlDict:3:1027: dictionaries nested more than 256 levels deep");
}

TEST(NestingLimit, TwoHundredFiftySixLevelsAreAllowed) {
  ASSERT_EQ(kMaxNestingDepth, 256);
  Dictionary d = parse(nestedDictionaries(kMaxNestingDepth));
  const Dictionary* sub = &d;
  for (int i = 0; i < kMaxNestingDepth; ++i) sub = &sub->subDict("a");
  EXPECT_EQ(sub->get<Label>("b"), 1);
  EXPECT_NE(errorOf([] { parse(nestedDictionaries(kMaxNestingDepth + 1)); }), "");
}

TEST(NestingLimit, MacroCopiesCannotNestDeeperThanTheLimit) {
  // Each `$a` copy adds its depth below the current level: without a check,
  // repeated copies nest without bound.
  std::string a;
  for (int i = 0; i < 200; ++i) a += "a { ";
  for (int i = 0; i < 200; ++i) a += "} ";
  std::string text = a + "\n";
  for (int i = 0; i < 100; ++i) text += "b { ";
  text += "\nc $a;\n";
  for (int i = 0; i < 100; ++i) text += "} ";
  EXPECT_EQ(errorOf([&] { parse(text + "\n"); }), "system/testDict:3:3: dictionaries nested more than 256 levels deep");
  std::string merged = a + "\n";
  for (int i = 0; i < 100; ++i) merged += "b { ";
  merged += "\n$a;\n";
  for (int i = 0; i < 100; ++i) merged += "} ";
  EXPECT_EQ(errorOf([&] { parse(merged + "\n"); }), "system/testDict:3:1: dictionaries nested more than 256 levels deep");
  // Within the limit copies are fine: 50 + 1 + 200 levels.
  std::string fits = a + "\n";
  for (int i = 0; i < 50; ++i) fits += "b { ";
  fits += "\nc $a;\n";
  for (int i = 0; i < 50; ++i) fits += "} ";
  EXPECT_EQ(errorOf([&] { parse(fits + "\n"); }), "");
}

TEST(NestingLimit, ListsNestedTooDeepInAValueAreAnError) {
  const std::string deep = "internalField uniform " + std::string(100000, '(') + std::string(100000, ')') + ";\n";
  EXPECT_EQ(errorOf([&] { parse(deep, "0/U"); }), "0/U:1:279: lists nested more than 256 levels deep");
  // Brackets and braces count too.
  const std::string mixed = "a " + std::string(300, '[') + ";\n";
  EXPECT_EQ(errorOf([&] { parse(mixed); }), "system/testDict:1:259: lists nested more than 256 levels deep");
  // 256 levels still parse (and fail later as ordinary bad values).
  const std::string ok = "a " + std::string(256, '(') + std::string(256, ')') + ";\n";
  EXPECT_EQ(errorOf([&] { parse(ok); }), "");
}

TEST(NestingLimit, FieldValueNestedTooDeepIsAnError) {
  // A field value is read from the dictionary's tokens: the limit applies there.
  const std::string text = "internalField nonuniform List<vector> 1" + std::string(5000, '(') +
                           std::string(5000, ')') + ";\n";
  EXPECT_EQ(errorOf([&] { readFieldValue(parse(text, "0/U"), "internalField"); }),
            "0/U:1:296: lists nested more than 256 levels deep");
}

TEST(NestingLimit, DictionaryReadFromATokenStreamNestedTooDeepIsAnError) {
  // polyMesh/boundary bodies are read by Dictionary::fromStream (recursive per '{').
  std::string text = "1\n(\npatch0\n";
  for (int i = 0; i < 100000; ++i) text += "{ a ";
  text += "\n)\n";
  TokenStream ts = test::firstPatchStream(text);
  EXPECT_EQ(errorOf([&] { Dictionary::fromStream(ts, "constant/polyMesh/boundary", "patch0"); }),
            "constant/polyMesh/boundary:4:1025: dictionaries nested more than 256 levels deep");
}

}  // namespace
}  // namespace sluice::io
