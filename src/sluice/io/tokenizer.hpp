#pragma once
// Lexer for the OpenFOAM dictionary format: turns text into Tokens (words,
// quoted strings, numbers, punctuation), skipping whitespace and // and /* */
// comments. Directives (`#include`) and macros (`$var`, `${a.b}`) come out as
// Word tokens; the DictionaryParser interprets them. Fast enough for polyMesh
// files with millions of values (one pass, no regex, one allocation per long
// token).
//
//   auto file = std::make_shared<const std::string>("constant/polyMesh/points");
//   Tokenizer lex(text, file);
//   Token t;
//   while (lex.next(t)) { ... }   // throws InputError "file:line:col: ..." on bad input
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "sluice/io/token.hpp"

namespace sluice::io {

class Tokenizer {
 public:
  /// `text` must outlive the tokenizer. Starts at byte `offset` (line/column
  /// are counted from `offset`, starting at `line`).
  Tokenizer(std::string_view text, std::shared_ptr<const std::string> file, std::size_t offset = 0, int line = 1);

  /// Reads the next token into `out`; returns false at end of input.
  bool next(Token& out);

  /// Skips whitespace and comments; afterwards offset() is the start of the
  /// next token (or the end of the text).
  void skipSpaceAndComments();
  /// The raw rest of the current line (without the newline), consumed.
  std::string_view restOfLine();
  /// The raw argument of a line directive such as `#includeFunc mag(U)`: the
  /// rest of the line up to a comment, or a ';' or '}' outside parentheses
  /// (not consumed); leading/trailing blanks trimmed.
  std::string_view readLineArgument();

  std::size_t offset() const { return pos_; }
  /// Byte offset where the last token returned by next() started.
  std::size_t lastTokenStart() const { return tokenStart_; }
  int line() const { return line_; }
  int column() const { return static_cast<int>(pos_ - lineStart_) + 1; }
  const std::shared_ptr<const std::string>& file() const { return file_; }
  std::string_view text() const { return text_; }

  /// "file:line:col: message" at the current position.
  [[noreturn]] void failHere(const std::string& message) const;

 private:
  [[noreturn]] void failAt(int line, int column, const std::string& message) const;
  void readString(Token& out);
  void readWordOrNumber(Token& out);
  void readNumber(Token& out, std::size_t end);
  /// Throws "NUL byte in file" if text_[from, to) holds one; line and column
  /// are counted from (anchorLine, anchorLineStart), a position at or before `from`.
  void rejectNul(std::size_t from, std::size_t to, int anchorLine, std::size_t anchorLineStart) const;

  std::string_view text_;
  std::shared_ptr<const std::string> file_;
  std::size_t pos_ = 0;
  std::size_t lineStart_ = 0;
  std::size_t tokenStart_ = 0;
  int line_ = 1;
};

enum class NumberParse {
  Ok,
  NotANumber,  ///< not a complete number spelling
  OutOfRange,  ///< a number spelling whose value overflows a double (1e400)
};

/// Parses a number spelling as the tokenizer does: Integer when it has no
/// '.', 'e' or 'E' and fits in int64, Float otherwise (an integer too large
/// for int64 is a Float). Values too small for a double become 0 or
/// denormal, as strtod; inf and nan spellings are not numbers.
NumberParse parseNumber(std::string_view text, Token& out);

/// Human-readable form of a token for messages: 'abc', '"abc"', '(' (cut
/// and escaped by quoteInput).
std::string describeToken(const Token& token);

}  // namespace sluice::io
