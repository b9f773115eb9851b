// Every dictionary entry starts with a keyword (word, quoted string, regex
// key), a $macro or a #directive: a value that lost its keyword is an error.
#include <string>

#include <gtest/gtest.h>

#include "io/io_test_util.hpp"

namespace sluice::io {
namespace {

using test::errorOf;
using test::parse;

TEST(EntryGrammar, NumberWhereAKeywordBelongsIsAnError) {
  // `writePrecision 6;` with its keyword deleted
  EXPECT_EQ(errorOf([] { parse("writeFormat ascii;\n6;\n", "system/controlDict"); }),
            "system/controlDict:2:1: expected a keyword, found number '6'");
  EXPECT_EQ(errorOf([] { parse("p { tolerance 1e-06; 1e-06; }\n", "system/fvSolution"); }),
            "system/fvSolution:1:22: expected a keyword, found number '1e-06'");
}

TEST(EntryGrammar, BareMacroIsLegalButAValueAfterItIsNot) {
  const std::string good = "p { solver PCG; tolerance 1e-6; }\npFinal { $p; relTol 0; }\n";
  Dictionary d = parse(good, "system/fvSolution");
  EXPECT_EQ(d.subDict("pFinal").get<std::string>("solver"), "PCG");
  EXPECT_EQ(errorOf([] { parse("p { solver PCG; }\npFinal { $p; 0; 0; }\n", "system/fvSolution"); }),
            "system/fvSolution:2:14: expected a keyword, found number '0'");
}

TEST(EntryGrammar, KeywordsMayBeWordsStringsAndPatterns) {
  Dictionary d = parse("a 1;\n\"b\" 2;\n\"(c|d)\" 3;\ndiv(phi,U) 4;\n");
  EXPECT_EQ(d.get<Label>("b"), 2);
  EXPECT_EQ(d.get<Label>("d"), 3);
  EXPECT_EQ(d.get<Label>("div(phi,U)"), 4);
}

TEST(EntryGrammar, NumberWhereAKeywordBelongsInATokenStreamDictionary) {
  // polyMesh/boundary patches are read from a token stream
  const std::string text = "1\n(\nwall { type wall; 20; }\n)\n";
  TokenStream ts = test::firstPatchStream(text);
  EXPECT_EQ(errorOf([&] { Dictionary::fromStream(ts, "constant/polyMesh/boundary", "wall"); }),
            "constant/polyMesh/boundary:3:19: expected a keyword, found number '20'");
}

}  // namespace
}  // namespace sluice::io
