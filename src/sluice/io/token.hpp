#pragma once
// Lexical tokens of the OpenFOAM dictionary format.
#include <cstdint>
#include <memory>
#include <string>

namespace sluice::io {

enum class TokenKind {
  Word,     ///< bare word: keyword, `uniform`, `List<scalar>`, `$var` already expanded away
  String,   ///< double-quoted string; text holds the content without quotes
  Integer,  ///< number without '.', 'e' or 'E'; also usable as a float
  Float,    ///< any other number
  Punct,    ///< one of ( ) [ ] { } ; ,
};

/// One token with its source position, kept for error messages.
struct Token {
  TokenKind kind = TokenKind::Word;
  std::string text;            ///< word/string content, number spelling, or the punctuation char
  double number = 0;           ///< numeric value for Integer and Float
  std::int64_t integer = 0;    ///< exact value for Integer
  std::shared_ptr<const std::string> file;  ///< file the token was read from (display name)
  int line = 0;
  int column = 0;

  bool isPunct(char c) const { return kind == TokenKind::Punct && text.size() == 1 && text[0] == c; }
  bool isWord() const { return kind == TokenKind::Word; }
  bool isWord(const char* w) const { return kind == TokenKind::Word && text == w; }
  bool isNumber() const { return kind == TokenKind::Integer || kind == TokenKind::Float; }
  bool isString() const { return kind == TokenKind::String; }
  /// "file:line:col: message" for this token's position.
  std::string where(const std::string& message) const;
};

}  // namespace sluice::io
