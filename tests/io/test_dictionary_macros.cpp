#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "io/io_test_util.hpp"
#include "sluice/io/dictionary.hpp"

using sluice::Label;
using sluice::Scalar;
using sluice::Vec3;
using sluice::io::Dictionary;
using sluice::io::test::errorOf;
using sluice::io::test::parse;

TEST(DictionaryMacros, ScopeSearchFindsInnermostThenEnclosing) {
  Dictionary d = parse(R"D(
x 1;
a { x 2; b { y $x; } }
c { y $x; }
)D");
  EXPECT_EQ(d.subDict("a").subDict("b").get<Label>("y"), 2);
  EXPECT_EQ(d.subDict("c").get<Label>("y"), 1);
}

TEST(DictionaryMacros, ScopedTopLevelBracedAndParentForms) {
  Dictionary d = parse(R"D(
x 1;
a { x 2; b { y 3; } }
g
{
    x 5;
    h
    {
        dotted   $a.b.y;
        top      $:a.x;
        braced   ${a.b.y};
        braced2  ${:x};
        parent   $../x;
        parent2  $..x;
        x        7;
        here2    $.x;
    }
}
)D");
  const Dictionary& h = d.subDict("g").subDict("h");
  EXPECT_EQ(h.get<Label>("dotted"), 3);
  EXPECT_EQ(h.get<Label>("top"), 2);
  EXPECT_EQ(h.get<Label>("braced"), 3);
  EXPECT_EQ(h.get<Label>("braced2"), 1);
  EXPECT_EQ(h.get<Label>("parent"), 5);
  EXPECT_EQ(h.get<Label>("parent2"), 5);
  EXPECT_EQ(h.get<Label>("here2"), 7);
}

TEST(DictionaryMacros, CurrentScopeOnlyMacroDoesNotSearchOutward) {
  EXPECT_EQ(errorOf([] { parse("x 1;\na { y $.x; }\n"); }), "system/testDict:2:7: unknown macro '$.x'");
}

TEST(DictionaryMacros, KeywordsWithDotsResolveBeforeScoping) {
  Dictionary d = parse(R"D(
alpha.water 0.3;
alpha { water 0.9; }
v $alpha.water;
)D");
  EXPECT_DOUBLE_EQ(d.get<Scalar>("v"), 0.3);
}

TEST(DictionaryMacros, ExpansionInsideListsAndMultiTokenValues) {
  Dictionary d = parse(R"D(
posY 0.3;
negY -0.4;
origin (1 2 3);
grading (4 4 $negY 1 $posY);
point ($posY 0 $negY);
copy $origin;
)D");
  EXPECT_EQ(d.get<std::vector<Scalar>>("grading"), (std::vector<Scalar>{4, 4, -0.4, 1, 0.3}));
  EXPECT_EQ(d.get<Vec3>("point"), (Vec3{0.3, 0, -0.4}));
  EXPECT_EQ(d.get<Vec3>("copy"), (Vec3{1, 2, 3}));
}

TEST(DictionaryMacros, DictionaryMacroAsEntryMergesItsEntries) {
  Dictionary d = parse(R"D(
wallDefaults
{
    type            zeroGradient;
    value           uniform 0;
    extra { a 1; }
}
boundaryField
{
    inlet
    {
        $wallDefaults;
        type        fixedValue;
    }
    wall { $wallDefaults }
}
)D");
  const Dictionary& inlet = d.subDict("boundaryField").subDict("inlet");
  EXPECT_EQ(inlet.keys(), (std::vector<std::string>{"type", "value", "extra"}));
  EXPECT_EQ(inlet.get<std::string>("type"), "fixedValue");
  EXPECT_EQ(inlet.subDict("extra").scopePath(), "boundaryField/inlet/extra");
  EXPECT_EQ(d.subDict("boundaryField").subDict("wall").get<std::string>("type"), "zeroGradient");
  // The source dictionary is unchanged.
  EXPECT_EQ(d.subDict("wallDefaults").get<std::string>("type"), "zeroGradient");
}

TEST(DictionaryMacros, DictionaryMacroAsValueCopiesTheDictionary) {
  Dictionary d = parse(R"D(
defaults { solver PCG; inner { n 2; } }
p $defaults;
p { tolerance 1e-6; }
)D");
  const Dictionary& p = d.subDict("p");
  EXPECT_EQ(p.scopePath(), "p");
  EXPECT_EQ(p.get<std::string>("solver"), "PCG");
  EXPECT_DOUBLE_EQ(p.get<Scalar>("tolerance"), 1e-6);
  EXPECT_EQ(p.subDict("inner").scopePath(), "p/inner");
  EXPECT_FALSE(d.subDict("defaults").found("tolerance"));
}

TEST(DictionaryMacros, PatternKeyedDictionaryMergesMacro) {
  Dictionary d = parse(R"D(
solvers
{
    U { solver smoothSolver; tolerance 1e-5; }
    "(U|k|epsilon)Final" { $U; relTol 0; }
}
)D");
  const Dictionary& kFinal = d.subDict("solvers").subDict("kFinal");
  EXPECT_EQ(kFinal.get<std::string>("solver"), "smoothSolver");
  EXPECT_DOUBLE_EQ(kFinal.get<Scalar>("tolerance"), 1e-5);
  EXPECT_DOUBLE_EQ(kFinal.get<Scalar>("relTol"), 0);
}

TEST(DictionaryMacros, MacroLookupUsesPatternKeys) {
  Dictionary d = parse(R"D(
"(p|U)" { solver PCG; }
pFinal { $p; relTol 0; }
)D");
  EXPECT_EQ(d.subDict("pFinal").get<std::string>("solver"), "PCG");
}

TEST(DictionaryMacros, UnknownMacroIsAnError) {
  EXPECT_EQ(errorOf([] { parse("a 1;\nb   $foo;\n"); }), "system/testDict:2:5: unknown macro '$foo'");
  EXPECT_EQ(errorOf([] { parse("a { $nothing; }\n"); }), "system/testDict:1:5: unknown macro '$nothing'");
  EXPECT_EQ(errorOf([] { parse("a { b 1; }\nc ${a.c};\n"); }), "system/testDict:2:3: unknown macro '${a.c}'");
}

TEST(DictionaryMacros, MisusedMacros) {
  EXPECT_EQ(errorOf([] { parse("x 1;\na { $x; }\n"); }),
            "system/testDict:2:5: cannot merge '$x' into a dictionary: it is not a dictionary");
  EXPECT_EQ(errorOf([] { parse("s { a 1; }\nv (1 $s);\n"); }),
            "system/testDict:2:6: '$s' is a dictionary and cannot be used inside a value");
}

// ---------------------------------------------------------------- regular-expression keys

TEST(DictionaryPatterns, ExactKeywordBeatsPatterns) {
  Dictionary d = parse(R"D(
"U.*" 1;
U 2;
"(U|k)" 3;
)D");
  EXPECT_EQ(d.get<Label>("U"), 2);
  EXPECT_EQ(d.get<Label>("k"), 3);
  EXPECT_EQ(d.get<Label>("UFinal"), 1);
  EXPECT_FALSE(d.found("epsilon"));
}

TEST(DictionaryPatterns, LastMatchingPatternWins) {
  Dictionary first = parse("\"(U|k)\" 1;\n\"U.*\" 2;\n");
  EXPECT_EQ(first.get<Label>("U"), 2);
  EXPECT_EQ(first.get<Label>("k"), 1);
  Dictionary second = parse("\"U.*\" 2;\n\"(U|k)\" 1;\n");
  EXPECT_EQ(second.get<Label>("U"), 1);
  EXPECT_EQ(second.get<Label>("Ux"), 2);
}

TEST(DictionaryPatterns, PatternsMatchTheWholeKeyword) {
  Dictionary d = parse(R"D(
".*" 1;
"alpha.water.*" { nAlphaCorr 2; }
"(p|pFinal)" { solver PCG; }
)D");
  EXPECT_EQ(d.subDict("alpha.water").get<Label>("nAlphaCorr"), 2);
  EXPECT_EQ(d.subDict("alpha.waterFinal").get<Label>("nAlphaCorr"), 2);
  EXPECT_EQ(d.subDict("pFinal").get<std::string>("solver"), "PCG");
  EXPECT_EQ(d.subDict("p").get<std::string>("solver"), "PCG");
  // "pFinalX" and "xalpha.water" match only ".*" (a full match is required).
  EXPECT_FALSE(d.isDict("pFinalX"));
  EXPECT_EQ(d.get<Label>("pFinalX"), 1);
  EXPECT_EQ(d.get<Label>("xalpha.water"), 1);
  // Pattern entries can still be found by their own spelling.
  EXPECT_TRUE(d.findEntry("(p|pFinal)")->isPattern());
  EXPECT_TRUE(d.isDict("(p|pFinal)"));
}

TEST(DictionaryPatterns, QuotedKeywordWithoutRegexCharactersIsPlain) {
  Dictionary d = parse("\"inlet\" 1;\n");
  EXPECT_FALSE(d.findEntry("inlet")->isPattern());
  EXPECT_EQ(d.get<Label>("inlet"), 1);
}
