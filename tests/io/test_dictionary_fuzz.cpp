// Dictionary parsing of inputs found by the fuzz targets (fuzz/, libFuzzer).
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "io/io_test_util.hpp"
#include "sluice/core/error.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/io/field_value.hpp"

using sluice::Label;
using sluice::io::Dictionary;
using sluice::io::test::errorOf;
using sluice::io::test::parse;

// std::regex reads a back-reference number into a long without an overflow
// check (undefined behaviour, seen by the sanitizer build) and expands x{n}
// into n copies of x (seconds and memory for n = 2147483647): key patterns
// refuse numbers over 1000 with a message.
TEST(DictionaryFuzz, KeyPatternNumbersAreBounded) {
  const std::string backref = errorOf([] { parse("\"(a)\\1000000000000000000000000000\" 1;"); });
  EXPECT_EQ(backref, "system/testDict:1:1: invalid regular expression \"(a)\\1000000000000000000000000000\": "
                     "back-reference or repetition count over 1000");
  EXPECT_NE(errorOf([] { parse("\"a{99999999999999999999}\" 1;"); }).find("repetition count over 1000"),
            std::string::npos);
  EXPECT_NE(errorOf([] { parse("\"(a){2147483647}\" 1;"); }).find("repetition count over 1000"), std::string::npos);
  EXPECT_NE(errorOf([] { parse("x 1;\n#remove \"x{1001}\"\n"); }).find("repetition count over 1000"),
            std::string::npos);
}

// std::regex's matcher backtracks: "(rho|G)***...Final" (stacked
// quantifiers, from a mutated fvSolution) took over 10 s to match one short
// key. Stacked quantifiers are refused where the key is read.
TEST(DictionaryFuzz, KeyPatternStackedQuantifiersAreRefused) {
  const std::string message = errorOf([] { parse("\"(rho|G)*****************************Final\" { }"); });
  EXPECT_EQ(message, "system/testDict:1:1: invalid regular expression \"(rho|G)*****************************Final\": "
                     "stacked quantifiers at '**'");
  EXPECT_NE(errorOf([] { parse("\"a+*\" 1;"); }).find("stacked quantifiers at '+*'"), std::string::npos);
  EXPECT_NE(errorOf([] { parse("\"a{2}+\" 1;"); }).find("stacked quantifiers at '}+'"), std::string::npos);
  EXPECT_NE(errorOf([] { parse("\"a*?\?\" 1;"); }).find("stacked quantifiers at '?\?'"), std::string::npos);
}

TEST(DictionaryFuzz, KeyPatternsWithinTheLimitsStillMatch) {
  Dictionary d = parse("\"(a)\\1b{2,3}\" 1; \"x*?y[*+?]+\" 2; \"(U|k|epsilon)Final\" 3;");
  EXPECT_EQ(d.get<Label>("aabb"), 1);
  EXPECT_EQ(d.get<Label>("aabbb"), 1);
  EXPECT_FALSE(d.found("abb"));
  EXPECT_EQ(d.get<Label>("xxy*+"), 2);
  EXPECT_EQ(d.get<Label>("kFinal"), 3);
}

// `b ($a $a); c ($b $b); ...` doubles the value at every line: 26 lines of
// text asked for 2^26 tokens (gigabytes). Macro copies have a budget.
TEST(DictionaryFuzz, MacroExpansionHasABudget) {
  std::string text = "a0 (1 2);\n";
  for (int i = 1; i <= 26; ++i)
    text += fmt::format("a{} ($a{} $a{});\n", i, i - 1, i - 1);
  const std::string message = errorOf([&] { parse(text); });
  EXPECT_NE(message.find("macro expansion exceeds"), std::string::npos) << message;
  EXPECT_EQ(message.rfind("system/testDict:", 0), 0u) << message;
  EXPECT_NE(message.find("(a macro that refers to a growing list?)"), std::string::npos) << message;
}

TEST(DictionaryFuzz, MacroExpansionBudgetCountsDictionaryCopies) {
  std::string text = "d0 { x 1; }\n";
  for (int i = 1; i <= 30; ++i)
    text += fmt::format("d{} {{ p $d{}; q $d{}; }}\n", i, i - 1, i - 1);
  EXPECT_NE(errorOf([&] { parse(text); }).find("macro expansion exceeds"), std::string::npos);
}

TEST(DictionaryFuzz, OrdinaryMacroUseIsWithinTheBudget) {
  std::string text = "a0 (1 2);\n";
  for (int i = 1; i <= 10; ++i)
    text += fmt::format("a{} ($a{} $a{});\n", i, i - 1, i - 1);
  Dictionary d = parse(text);
  // a0 has 4 tokens, a(n) 2 + 2 a(n-1): 6 * 2^n - 2
  EXPECT_EQ(d.entry("a10").tokens().size(), 6u * 1024u - 2u);
}

// The parser recurses per dictionary level: 2048 unclosed levels (a 4096-byte
// input "a{a{a{...") overflowed the stack under the sanitizers (found by
// fuzz/dictionary.cpp); the nesting limit (io/nesting_limit.hpp) stops it.
TEST(DictionaryFuzz, DeepNestingIsAnErrorNotAStackOverflow) {
  std::string text;
  for (int i = 0; i < 100000; ++i) text += "a{";
  EXPECT_THROW(parse(text), sluice::InputError);
}

// A declared uniform count was expanded before the field's size was known:
// one 16 GB allocation (fuzz/field.cpp on a 0/p file). N{v} now stays one
// value until expanded to the mesh's count, which it must equal.
TEST(DictionaryFuzz, HugeUniformFieldCountIsAnErrorNotAnAllocation) {
  Dictionary d = parse("internalField nonuniform List<scalar> 2000000000{1};");
  const sluice::io::FieldValue v = sluice::io::readFieldValue(d, "internalField");
  EXPECT_EQ(v.size(), 1u);
  try {
    (void)v.expandScalars(400);
    FAIL() << "expected an InputError";
  } catch (const sluice::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'internalField': expected 400 values, found 2000000000"), std::string::npos)
        << e.what();
  }
}

// N{v} in a field value is what OpenFOAM writes for a uniform-valued
// nonuniform field: it expands to the mesh's count (scalars and vectors).
TEST(DictionaryFuzz, UniformListFieldValuesExpandToTheirCount) {
  Dictionary d = parse("a nonuniform List<scalar> 3{2.5}; b nonuniform List<vector> 2{(1 2 3)}; c nonuniform List<scalar> 0();");
  EXPECT_EQ(sluice::io::readFieldValue(d, "a").expandScalars(3), (std::vector<double>{2.5, 2.5, 2.5}));
  const auto b = sluice::io::readFieldValue(d, "b").expandVectors(2);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b[1].z, 3.0);
  EXPECT_TRUE(sluice::io::readFieldValue(d, "c").expandScalars(0).empty());
  EXPECT_THROW((void)sluice::io::readFieldValue(d, "a").expandScalars(4), sluice::InputError);
}

// Lists read from dictionaries expand N{v} only up to kMaxUniformListEntries.
TEST(DictionaryFuzz, HugeUniformDictionaryListIsAnErrorNotAnAllocation) {
  Dictionary d = parse("x 2000000000{(1 2 3)}; y 4{1};");
  try {
    (void)d.get<std::vector<sluice::Vec3>>("x");
    FAIL() << "expected an InputError";
  } catch (const sluice::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("uniform list of 2000000000 entries is too long"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(d.get<std::vector<double>>("y"), (std::vector<double>{1, 1, 1, 1}));
}
