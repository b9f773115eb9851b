// Input text in messages goes through quoteInput: cut to 60 bytes and
// escaped, so one error is always one short line.
#include <string>

#include <gtest/gtest.h>

#include "io/io_test_util.hpp"
#include "sluice/io/quote_input.hpp"

namespace sluice::io {
namespace {

using namespace std::string_literals;
using test::errorOf;
using test::parse;

TEST(QuoteInput, EscapesControlNulAndNonAsciiBytes) {
  EXPECT_EQ(quoteInput("endTime"), "'endTime'");
  EXPECT_EQ(quoteInput("a\0b\nc\td\r"s), "'a\\0b\\nc\\td\\r'");
  EXPECT_EQ(quoteInput("\x01\x7f\xc3\xa9"), "'\\x01\\x7f\\xc3\\xa9'");
  EXPECT_EQ(quoteInput(""), "''");
}

TEST(QuoteInput, CutsLongTextToSixtyBytes) {
  EXPECT_EQ(quoteInput(std::string(60, 'a')), "'" + std::string(60, 'a') + "'");
  EXPECT_EQ(quoteInput(std::string(61, 'a')), "'" + std::string(60, 'a') + "...'");
}

TEST(QuoteInput, FiftyMegabyteTokenGivesAShortMessage) {
  // The whole token was echoed into the error line.
  const std::string word(50u << 20, 'x');
  Dictionary d = parse("endTime " + word + ";\n", "system/controlDict");
  EXPECT_EQ(errorOf([&] { d.get<Scalar>("endTime"); }),
            "system/controlDict:1:9: 'endTime': expected a number, found '" + std::string(60, 'x') + "...'");
  const std::string keyword(1000, 'k');
  EXPECT_EQ(errorOf([&] { parse(keyword + " 1\n"); }),
            "system/testDict:1:1: missing ';' after entry '" + std::string(60, 'k') + "...'");
  EXPECT_EQ(errorOf([&] { parse("a $" + keyword + ";\n"); }),
            "system/testDict:1:3: unknown macro '$" + std::string(59, 'k') + "...'");
}

TEST(QuoteInput, MessageIsNotCutAtAControlByte) {
  // A word with an escape byte: the message shows it escaped, and what follows.
  Dictionary d = parse("endTime ab\x1b" "cd;\n", "system/controlDict");
  EXPECT_EQ(errorOf([&] { d.get<Scalar>("endTime"); }),
            "system/controlDict:1:9: 'endTime': expected a number, found 'ab\\x1bcd'");
}

}  // namespace
}  // namespace sluice::io
