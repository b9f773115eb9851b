#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "io/io_test_util.hpp"
#include "sluice/io/dictionary.hpp"

using sluice::Label;
using sluice::Scalar;
using sluice::Vec3;
using sluice::io::Dictionary;
using sluice::io::DimensionedScalar;
using sluice::io::DimensionSet;
using sluice::io::TokenStream;
using sluice::io::test::errorOf;
using sluice::io::test::parse;

TEST(DictionarySyntax, NestedDictionariesAndScopePaths) {
  Dictionary d = parse(R"(
solvers
{
    p
    {
        solver          PCG;
        tolerance       1e-06;
        relTol          0.05;
    }
    pFinal { $p; relTol 0; }
}
PISO { nCorrectors 2; }
)");
  ASSERT_TRUE(d.isDict("solvers"));
  EXPECT_FALSE(d.isDict("missing"));
  const Dictionary& s = d.subDict("solvers");
  EXPECT_EQ(s.scopePath(), "solvers");
  EXPECT_EQ(s.context(), "system/testDict: solvers");
  EXPECT_EQ(d.context(), "system/testDict");
  EXPECT_EQ(s.subDict("p").get<std::string>("solver"), "PCG");
  EXPECT_DOUBLE_EQ(s.subDict("p").get<Scalar>("tolerance"), 1e-6);
  EXPECT_DOUBLE_EQ(s.subDict("pFinal").get<Scalar>("tolerance"), 1e-6);
  EXPECT_DOUBLE_EQ(s.subDict("pFinal").get<Scalar>("relTol"), 0.0);
  EXPECT_EQ(s.subDict("pFinal").scopePath(), "solvers/pFinal");
  EXPECT_EQ(d.subDict("PISO").get<Label>("nCorrectors"), 2);
  EXPECT_EQ(d.findSubDict("nothing"), nullptr);
  EXPECT_NE(d.findSubDict("PISO"), nullptr);
}

TEST(DictionarySyntax, KeywordsWithParenthesesAndMultiWordValues) {
  Dictionary d = parse(R"(
divSchemes
{
    default         none;
    div(phi,U)      Gauss linear;
    div((nuEff*dev2(T(grad(U))))) Gauss linear;
}
laplacianSchemes { default Gauss linear corrected; }
)");
  const Dictionary& div = d.subDict("divSchemes");
  EXPECT_TRUE(div.found("div(phi,U)"));
  EXPECT_TRUE(div.found("div((nuEff*dev2(T(grad(U)))))"));
  TokenStream ts = div.stream("div(phi,U)");
  EXPECT_EQ(ts.readWord(), "Gauss");
  EXPECT_EQ(ts.readWord(), "linear");
  EXPECT_TRUE(ts.atEnd());
  EXPECT_EQ(d.subDict("laplacianSchemes").stream("default").tokens().size(), 3u);
}

TEST(DictionarySyntax, ListsSizedListsAndUniformLists) {
  Dictionary d = parse(R"(
plain   (1 2.5 -3);
sized   3(4 5 6);
uniform 4{0.25};
empty   0();
labels  (0 1 2 3);
vectors 2((1 0 0) (0 1 0));
uvec    3{(0 0 1)};
words   (inlet outlet "side wall");
single  inlet;
)");
  EXPECT_EQ(d.get<std::vector<Scalar>>("plain"), (std::vector<Scalar>{1, 2.5, -3}));
  EXPECT_EQ(d.get<std::vector<Scalar>>("sized"), (std::vector<Scalar>{4, 5, 6}));
  EXPECT_EQ(d.get<std::vector<Scalar>>("uniform"), (std::vector<Scalar>{0.25, 0.25, 0.25, 0.25}));
  EXPECT_TRUE(d.get<std::vector<Scalar>>("empty").empty());
  EXPECT_EQ(d.get<std::vector<Label>>("labels"), (std::vector<Label>{0, 1, 2, 3}));
  EXPECT_EQ(d.get<std::vector<Vec3>>("vectors"), (std::vector<Vec3>{{1, 0, 0}, {0, 1, 0}}));
  EXPECT_EQ(d.get<std::vector<Vec3>>("uvec"), (std::vector<Vec3>(3, Vec3{0, 0, 1})));
  EXPECT_EQ(d.get<std::vector<std::string>>("words"), (std::vector<std::string>{"inlet", "outlet", "side wall"}));
  EXPECT_EQ(d.get<std::vector<std::string>>("single"), (std::vector<std::string>{"inlet"}));
}

TEST(DictionarySyntax, SizedListCountMismatchIsAnError) {
  Dictionary d = parse("a 3(1 2);\n");
  EXPECT_EQ(errorOf([&] { d.get<std::vector<Scalar>>("a"); }),
            "system/testDict:1:3: 'a': list says 3 entries but has 2");
}

TEST(DictionarySyntax, BooleansInAllSpellings) {
  Dictionary d = parse("a yes; b off; c true; d 0; e on; f no; g maybe;");
  EXPECT_TRUE(d.get<bool>("a"));
  EXPECT_FALSE(d.get<bool>("b"));
  EXPECT_TRUE(d.get<bool>("c"));
  EXPECT_FALSE(d.get<bool>("d"));
  EXPECT_TRUE(d.get<bool>("e"));
  EXPECT_FALSE(d.get<bool>("f"));
  EXPECT_EQ(errorOf([&] { d.get<bool>("g"); }),
            "system/testDict:1:42: 'g': expected a boolean (true/false, on/off, yes/no), found 'maybe'");
}

TEST(DictionarySyntax, DimensionedValuesInAllForms) {
  Dictionary d = parse(R"(
nu              [0 2 -1 0 0 0 0] 1e-05;
rho             rho [1 -3 0 0 0 0 0] 1000;
sigma           0.07;
five            [0 1 -2 0 0] 9.81;
dimensions      [0 1 -1 0 0 0 0];
bad             [0 1 -1 0] 2;
)");
  DimensionedScalar nu = d.getDimensioned("nu");
  EXPECT_EQ(nu.name, "nu");
  ASSERT_TRUE(nu.dimensions.has_value());
  EXPECT_EQ(nu.dimensions->exponents[1], 2);
  EXPECT_EQ(nu.dimensions->exponents[2], -1);
  EXPECT_DOUBLE_EQ(nu.value, 1e-5);
  DimensionedScalar rho = d.getDimensioned("rho");
  EXPECT_EQ(rho.name, "rho");
  EXPECT_EQ(rho.dimensions->exponents[0], 1);
  EXPECT_EQ(rho.dimensions->exponents[1], -3);
  EXPECT_DOUBLE_EQ(rho.value, 1000);
  DimensionedScalar sigma = d.getDimensioned("sigma");
  EXPECT_FALSE(sigma.dimensions.has_value());
  EXPECT_DOUBLE_EQ(sigma.value, 0.07);
  DimensionedScalar g = d.getDimensioned("five");
  EXPECT_EQ(g.dimensions->exponents[1], 1);
  EXPECT_EQ(g.dimensions->exponents[2], -2);
  EXPECT_EQ(g.dimensions->exponents[5], 0);
  DimensionSet velocity;
  velocity.exponents[1] = 1;
  velocity.exponents[2] = -1;
  EXPECT_EQ(d.getDimensions("dimensions"), velocity);
  EXPECT_EQ(errorOf([&] { d.getDimensioned("bad"); }),
            "system/testDict:7:17: 'bad': expected 5 or 7 dimension exponents, found 4");
}

TEST(DictionarySyntax, GetChoiceAndRejectUnknown) {
  Dictionary d = parse("FoamFile { version 2.0; }\nsolver PCG;\nother PBiCG;\nendTme 3;\n", "system/controlDict");
  EXPECT_EQ(d.getChoice("solver", {"PCG", "PBiCG"}), "PCG");
  EXPECT_EQ(errorOf([&] { d.getChoice("other", {"PCG", "smoothSolver"}); }),
            "system/controlDict:3:7: 'other': unknown value 'PBiCG' (expected one of: PCG, smoothSolver)");
  EXPECT_EQ(errorOf([&] { d.rejectUnknown({"solver", "other", "endTime"}); }),
            "system/controlDict: unknown keyword 'endTme' (line 4)");
  EXPECT_NO_THROW(d.rejectUnknown({"solver", "other", "endTme"}));
}

TEST(DictionarySyntax, GetSupportedNamesWhatSluiceHas) {
  Dictionary d = parse("FoamFile { version 2.0; }\nmodel Stokes;\nother Maxwell;\ntwo Stokes Maxwell;\n",
                       "constant/turbulenceProperties");
  EXPECT_EQ(d.getSupported("model", {"Stokes", "Newtonian"}), "Stokes");
  EXPECT_EQ(errorOf([&] { d.getSupported("other", {"Stokes", "Newtonian"}); }),
            "constant/turbulenceProperties:3:7: 'other': 'Maxwell' is not supported (supported: Stokes, Newtonian)");
  EXPECT_NE(errorOf([&] { d.getSupported("two", {"Stokes"}); }), "");  // the entry must hold one word
}

TEST(DictionarySyntax, TokenStreamForCustomGrammars) {
  Dictionary d = parse(R"(
blocks
(
    hex (0 1 2 3 4 5 6 7) (20 20 1) simpleGrading (1 1 1)
);
boundary
(
    movingWall { type wall; faces ((3 7 6 2)); }
    fixedWalls
    {
        type wall;
        faces ( (0 4 7 3) (2 6 5 1) );
    }
);
)");
  TokenStream ts = d.stream("blocks");
  ts.expectPunct('(');
  EXPECT_TRUE(ts.acceptWord("hex"));
  EXPECT_EQ(ts.readLabelList(), (std::vector<Label>{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(ts.readLabelList(), (std::vector<Label>{20, 20, 1}));
  EXPECT_EQ(ts.readWord(), "simpleGrading");
  std::size_t mark = ts.position();
  ts.skipValue();
  EXPECT_TRUE(ts.peek().isPunct(')'));
  ts.seek(mark);
  EXPECT_EQ(ts.readVec3(), (Vec3{1, 1, 1}));
  ts.expectPunct(')');
  ts.expectEnd();

  TokenStream b = d.stream("boundary");
  b.expectPunct('(');
  std::vector<std::string> names;
  std::vector<std::size_t> faceCounts;
  while (!b.acceptPunct(')')) {
    std::string name = b.readWord();
    Dictionary patch = Dictionary::fromStream(b, d.fileName(), "boundary/" + name);
    names.push_back(name);
    EXPECT_EQ(patch.get<std::string>("type"), "wall");
    TokenStream faces = patch.stream("faces");
    faces.expectPunct('(');
    std::size_t n = 0;
    while (!faces.acceptPunct(')')) n += faces.readLabelList().size() == 4 ? 1 : 100;
    faceCounts.push_back(n);
    EXPECT_EQ(patch.scopePath(), "boundary/" + name);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"movingWall", "fixedWalls"}));
  EXPECT_EQ(faceCounts, (std::vector<std::size_t>{1, 2}));
}

TEST(DictionarySyntax, SetAddsAndReplacesEntries) {
  Dictionary d = parse("a 1; b 2;");
  Dictionary extra = parse("x 1.5;");
  d.set(sluice::io::Entry::primitive("a", d.entry("b").tokens()));
  d.set(sluice::io::Entry::dictionary("sub", extra));
  EXPECT_EQ(d.get<Label>("a"), 2);
  EXPECT_EQ(d.keys(), (std::vector<std::string>{"a", "b", "sub"}));
  EXPECT_DOUBLE_EQ(d.subDict("sub").get<Scalar>("x"), 1.5);
  EXPECT_EQ(d.subDict("sub").scopePath(), "sub");
  EXPECT_EQ(errorOf([&] { d.subDict("sub").get<Scalar>("y"); }), "system/testDict: sub: missing 'y'");
}

TEST(DictionarySyntax, LaterPrimitiveReplacesAndLaterDictMerges) {
  Dictionary d = parse(R"(
a 1;
s { x 1; y 2; }
a 2;
s { y 3; z 4; }
)");
  EXPECT_EQ(d.get<Label>("a"), 2);
  EXPECT_EQ(d.keys(), (std::vector<std::string>{"a", "s"}));
  const Dictionary& s = d.subDict("s");
  EXPECT_EQ(s.keys(), (std::vector<std::string>{"x", "y", "z"}));
  EXPECT_EQ(s.get<Label>("x"), 1);
  EXPECT_EQ(s.get<Label>("y"), 3);
  EXPECT_EQ(s.get<Label>("z"), 4);
}

TEST(DictionarySyntax, InputModeOverwriteReplacesDictionaries) {
  Dictionary d = parse(R"(
s { x 1; y 2; }
#inputMode overwrite
s { z 4; }
#inputMode merge
t { a 1; }
t { b 2; }
)");
  EXPECT_EQ(d.subDict("s").keys(), (std::vector<std::string>{"z"}));
  EXPECT_EQ(d.subDict("t").keys(), (std::vector<std::string>{"a", "b"}));
}

TEST(DictionarySyntax, RemoveDirective) {
  Dictionary d = parse(R"(
a 1; b 2; c1 3; c2 4; keep 5; "q.*" 6;
#remove b
#remove (a "c.*" "q.*")
)");
  EXPECT_EQ(d.keys(), (std::vector<std::string>{"keep"}));
}

// ---------------------------------------------------------------- malformed input

TEST(DictionaryErrors, UnterminatedList) {
  EXPECT_EQ(errorOf([] { parse("a 1;\nb (1 2 3;\nc 4;\n"); }),
            "system/testDict:2:3: unterminated list: '(' has no matching ')'");
}

TEST(DictionaryErrors, UnterminatedDictionary) {
  EXPECT_EQ(errorOf([] { parse("solvers\n{\n    p { solver PCG; }\n"); }),
            "system/testDict:2:1: unterminated dictionary: '{' has no matching '}'");
}

TEST(DictionaryErrors, UnterminatedString) {
  EXPECT_EQ(errorOf([] { parse("a 1;\nlocation \"system;\n"); }),
            "system/testDict:2:10: unterminated string: missing closing '\"'");
}

TEST(DictionaryErrors, UnterminatedComment) {
  EXPECT_EQ(errorOf([] { parse("a 1;\n/* a comment\nb 2;\n"); }),
            "system/testDict:2:1: unterminated comment: '/*' has no matching '*/'");
}

TEST(DictionaryErrors, BadNumber) {
  EXPECT_EQ(errorOf([] { parse("endTime 1.2.3;\n"); }), "system/testDict:1:9: bad number '1.2.3'");
  EXPECT_EQ(errorOf([] { parse("deltaT  1e;\n"); }), "system/testDict:1:9: bad number '1e'");
}

TEST(DictionaryErrors, MissingSemicolonBeforeClosingBrace) {
  EXPECT_EQ(errorOf([] { parse("solvers\n{\n    p\n    {\n        tolerance 1e-6\n    }\n}\n"); }),
            "system/testDict:5:9: missing ';' after entry 'tolerance'");
}

TEST(DictionaryErrors, MissingSemicolonAtEndOfFile) {
  EXPECT_EQ(errorOf([] { parse("a 1;\nendTime 2\n"); }), "system/testDict:2:1: missing ';' after entry 'endTime'");
}

TEST(DictionaryErrors, MissingSemicolonBeforeSubDictionary) {
  EXPECT_EQ(errorOf([] { parse("a 1\nsub { b 2; }\n"); }), "system/testDict:1:1: missing ';' after entry 'a'");
}

TEST(DictionaryErrors, UnbalancedClosingBrace) {
  EXPECT_EQ(errorOf([] { parse("a 1;\n}\n"); }), "system/testDict:2:1: unbalanced '}'");
}

TEST(DictionaryErrors, UnbalancedBrackets) {
  EXPECT_EQ(errorOf([] { parse("a (1 2];\n"); }), "system/testDict:1:7: unbalanced ']' (expected ')')");
  EXPECT_EQ(errorOf([] { parse("a 1 2);\n"); }), "system/testDict:1:6: unbalanced ')'");
}

TEST(DictionaryErrors, ExtraTokensAfterValue) {
  Dictionary d = parse("endTime 1 2;\nvec (1 2 3) 4;\n");
  EXPECT_EQ(errorOf([&] { d.get<Scalar>("endTime"); }), "system/testDict:1:11: 'endTime': unexpected '2' after value");
  EXPECT_EQ(errorOf([&] { d.get<Vec3>("vec"); }), "system/testDict:2:13: 'vec': unexpected '4' after value");
}

TEST(DictionaryErrors, ValueRunningOntoTheNextLineHintsAtMissingSemicolon) {
  Dictionary d = parse("startTime 0\nendTime 1;\n");
  EXPECT_EQ(errorOf([&] { d.get<Scalar>("startTime"); }),
            "system/testDict:2:1: 'startTime': unexpected 'endTime' after value (missing ';' on line 1?)");
  EXPECT_FALSE(d.found("endTime"));
}

TEST(DictionaryErrors, WrongValueTypes) {
  Dictionary d = parse("n 2.5;\nw (1 2);\ns abc;\nbig 3000000000;\nsub { a 1; }\nempty ;\n",
                       "system/controlDict");
  EXPECT_EQ(errorOf([&] { d.get<Label>("n"); }), "system/controlDict:1:3: 'n': expected an integer, found '2.5'");
  EXPECT_EQ(errorOf([&] { d.get<std::string>("w"); }),
            "system/controlDict:2:3: 'w': expected a word or string, found '('");
  EXPECT_EQ(errorOf([&] { d.get<Vec3>("w"); }), "system/controlDict:2:7: 'w': expected a number, found ')'");
  EXPECT_EQ(errorOf([&] { d.get<Scalar>("s"); }), "system/controlDict:3:3: 's': expected a number, found 'abc'");
  EXPECT_EQ(errorOf([&] { d.get<Label>("big"); }),
            "system/controlDict:4:5: 'big': integer 3000000000 is out of range for a label");
  EXPECT_EQ(errorOf([&] { d.get<Scalar>("sub"); }), "system/controlDict: 'sub' is a dictionary, expected a value");
  EXPECT_EQ(errorOf([&] { d.subDict("n"); }), "system/controlDict:1:3: 'n': expected a dictionary, found '2.5'");
  EXPECT_EQ(errorOf([&] { d.entry("n").dict(); }), "system/controlDict:1:3: 'n': expected a dictionary, found '2.5'");
  EXPECT_EQ(errorOf([&] { d.get<Scalar>("empty"); }),
            "system/controlDict: empty: expected a number, found end of entry");
}

TEST(DictionaryErrors, KeywordExpected) {
  EXPECT_EQ(errorOf([] { parse("a 1;\n(1 2);\n"); }), "system/testDict:2:1: expected a keyword, found '('");
}

TEST(DictionaryErrors, InvalidRegularExpressionKey) {
  std::string message = errorOf([] { parse("\"(U|k\" 1;\n"); });
  EXPECT_EQ(message.rfind("system/testDict:1:1: invalid regular expression \"(U|k\": ", 0), 0u) << message;
}
