#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "io/io_test_util.hpp"
#include "sluice/io/token_stream.hpp"
#include "sluice/io/tokenizer.hpp"

using sluice::io::Token;
using sluice::io::TokenKind;
using sluice::io::Tokenizer;
using sluice::io::TokenStream;
using sluice::io::test::errorOf;

namespace {

std::vector<Token> lex(std::string_view text, const std::string& name = "f") {
  Tokenizer t(text, std::make_shared<const std::string>(name));
  std::vector<Token> out;
  Token tok;
  while (t.next(tok)) out.push_back(tok);
  return out;
}

}  // namespace

TEST(Tokenizer, WordsKeepBalancedParenthesesAndOpenFoamCharacters) {
  auto t = lex("div(phi,U) Gauss linear; laplacian((1|A(U)),p) List<scalar> alpha.water a/b-c+d:e");
  ASSERT_EQ(t.size(), 8u);
  EXPECT_TRUE(t[0].isWord("div(phi,U)"));
  EXPECT_TRUE(t[1].isWord("Gauss"));
  EXPECT_TRUE(t[2].isWord("linear"));
  EXPECT_TRUE(t[3].isPunct(';'));
  EXPECT_TRUE(t[4].isWord("laplacian((1|A(U)),p)"));
  EXPECT_TRUE(t[5].isWord("List<scalar>"));
  EXPECT_TRUE(t[6].isWord("alpha.water"));
  EXPECT_TRUE(t[7].isWord("a/b-c+d:e"));
}

TEST(Tokenizer, ParenthesisAtTokenStartIsPunctuation) {
  auto t = lex("(a (b) c)");
  ASSERT_EQ(t.size(), 7u);
  EXPECT_TRUE(t[0].isPunct('('));
  EXPECT_TRUE(t[1].isWord("a"));
  EXPECT_TRUE(t[2].isPunct('('));
  EXPECT_TRUE(t[3].isWord("b"));
  EXPECT_TRUE(t[4].isPunct(')'));
  EXPECT_TRUE(t[5].isWord("c"));
  EXPECT_TRUE(t[6].isPunct(')'));
}

TEST(Tokenizer, NumbersIntegersAndFloats) {
  auto t = lex("0 42 -7 +3 1e-5 -0.5 .5 -.25 2.5E+3 1. 9000000000 3(1 2 3) 2{0.5}");
  ASSERT_EQ(t.size(), 21u);
  EXPECT_EQ(t[0].kind, TokenKind::Integer);
  EXPECT_EQ(t[1].integer, 42);
  EXPECT_EQ(t[2].integer, -7);
  EXPECT_EQ(t[3].integer, 3);
  EXPECT_EQ(t[4].kind, TokenKind::Float);
  EXPECT_DOUBLE_EQ(t[4].number, 1e-5);
  EXPECT_DOUBLE_EQ(t[5].number, -0.5);
  EXPECT_DOUBLE_EQ(t[6].number, 0.5);
  EXPECT_DOUBLE_EQ(t[7].number, -0.25);
  EXPECT_DOUBLE_EQ(t[8].number, 2500.0);
  EXPECT_EQ(t[9].kind, TokenKind::Float);
  EXPECT_DOUBLE_EQ(t[9].number, 1.0);
  EXPECT_EQ(t[10].integer, 9000000000LL);
  EXPECT_EQ(t[11].integer, 3);  // sized list: the size stops at '('
  EXPECT_TRUE(t[12].isPunct('('));
  EXPECT_EQ(t[15].integer, 3);
  EXPECT_TRUE(t[16].isPunct(')'));
  EXPECT_EQ(t[17].integer, 2);
  EXPECT_TRUE(t[18].isPunct('{'));
  EXPECT_DOUBLE_EQ(t[19].number, 0.5);
  EXPECT_EQ(t[19].text, "0.5");
}

TEST(Tokenizer, PositionsCountLinesAndColumns) {
  auto t = lex("a 1;\n  // comment\n  /* block\n  */ b   \"s\";\n");
  ASSERT_EQ(t.size(), 6u);
  EXPECT_EQ(t[0].line, 1);
  EXPECT_EQ(t[0].column, 1);
  EXPECT_EQ(t[1].column, 3);
  EXPECT_EQ(t[3].line, 4);
  EXPECT_EQ(t[3].column, 6);
  EXPECT_EQ(t[4].line, 4);
  EXPECT_EQ(t[4].column, 10);
  EXPECT_EQ(*t[4].file, "f");
  EXPECT_EQ(t[4].where("x"), "f:4:10: x");
}

TEST(Tokenizer, StringsKeepBackslashesExceptEscapedQuotes) {
  auto t = lex(R"("plain" "a\"b" "(U|k)\\.*" "")");
  ASSERT_EQ(t.size(), 4u);
  EXPECT_TRUE(t[0].isString());
  EXPECT_EQ(t[0].text, "plain");
  EXPECT_EQ(t[1].text, "a\"b");
  EXPECT_EQ(t[2].text, "(U|k)\\\\.*");
  EXPECT_EQ(t[3].text, "");
}

TEST(Tokenizer, MacrosAndDirectivesAreWords) {
  auto t = lex("$var ${a.b} $:top.x $../y #include #{ code #}");
  ASSERT_GE(t.size(), 6u);
  EXPECT_TRUE(t[0].isWord("$var"));
  EXPECT_TRUE(t[1].isWord("${a.b}"));
  EXPECT_TRUE(t[2].isWord("$:top.x"));
  EXPECT_TRUE(t[3].isWord("$../y"));
  EXPECT_TRUE(t[4].isWord("#include"));
  EXPECT_TRUE(t[5].isWord("#{"));
}

TEST(Tokenizer, CommentEndsAWord) {
  auto t = lex("abc// comment\nxyz/* c */;");
  ASSERT_EQ(t.size(), 3u);
  EXPECT_TRUE(t[0].isWord("abc"));
  EXPECT_TRUE(t[1].isWord("xyz"));
  EXPECT_TRUE(t[2].isPunct(';'));
}

TEST(Tokenizer, LineArgumentStopsAtBraceOrComment) {
  std::string text = "#includeFunc mag(U) // c\n#includeFunc streamlines }";
  Tokenizer t(text, std::make_shared<const std::string>("f"));
  Token tok;
  ASSERT_TRUE(t.next(tok));
  EXPECT_EQ(t.readLineArgument(), "mag(U)");
  ASSERT_TRUE(t.next(tok));
  EXPECT_TRUE(tok.isWord("#includeFunc"));
  EXPECT_EQ(t.readLineArgument(), "streamlines");
  ASSERT_TRUE(t.next(tok));
  EXPECT_TRUE(tok.isPunct('}'));
}

TEST(TokenizerErrors, UnterminatedCommentReportsItsStart) {
  EXPECT_EQ(errorOf([] { lex("a 1;\n  /* never closed\n", "system/controlDict"); }),
            "system/controlDict:2:3: unterminated comment: '/*' has no matching '*/'");
}

TEST(TokenizerErrors, UnterminatedStringReportsItsStart) {
  EXPECT_EQ(errorOf([] { lex("a \"abc;\nb 2;\n", "system/controlDict"); }),
            "system/controlDict:1:3: unterminated string: missing closing '\"'");
  EXPECT_EQ(errorOf([] { lex("a \"abc", "f"); }), "f:1:3: unterminated string: missing closing '\"'");
}

TEST(TokenizerErrors, BadNumbers) {
  EXPECT_EQ(errorOf([] { lex("x 1.2.3;", "f"); }), "f:1:3: bad number '1.2.3'");
  EXPECT_EQ(errorOf([] { lex("x\n  1e;", "f"); }), "f:2:3: bad number '1e'");
  EXPECT_EQ(errorOf([] { lex("x 1e+;", "f"); }), "f:1:3: bad number '1e+'");
  EXPECT_EQ(errorOf([] { lex("x 1-2;", "f"); }), "f:1:3: bad number '1-2'");
}

TEST(Tokenizer, ManyValuesParseExactly) {
  // A points-like body: tokens and values must come out exactly.
  std::string text = "1000\n(\n";
  for (int i = 0; i < 1000; ++i) text += "(" + std::to_string(i) + " " + std::to_string(i * 0.5) + " -1e-3)\n";
  text += ")\n";
  auto t = lex(text);
  ASSERT_EQ(t.size(), 3u + 5u * 1000u);
  double sum = 0;
  for (const Token& tok : t)
    if (tok.isNumber()) sum += tok.number;
  // 1000 (size) + sum i + sum i/2 - 1000e-3
  EXPECT_NEAR(sum, 1000 + 499500 + 249750 - 1.0, 1e-6);
}

TEST(TokenStream, MoreInListConsumesTheClosingParenthesisAndRejectsAnOpenEnd) {
  TokenStream ts(lex("(1 2) 3"), "f: x");
  ts.expectPunct('(');
  std::vector<sluice::Scalar> values;
  while (ts.moreInList()) values.push_back(ts.readScalar());
  EXPECT_EQ(values, (std::vector<sluice::Scalar>{1, 2}));
  EXPECT_EQ(ts.readLabel(), 3);
  EXPECT_NO_THROW(ts.expectEnd());

  TokenStream open(lex("(1 2"), "f: x");
  open.expectPunct('(');
  EXPECT_EQ(errorOf([&] {
              while (open.moreInList()) open.readScalar();
            }),
            "f:1:4: expected ')', found end of entry");
}
