#include "sluice/io/tokenizer.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <cstdlib>
#include <system_error>

#include "sluice/core/error.hpp"
#include "sluice/io/quote_input.hpp"

namespace sluice::io {

namespace {

enum CharClass : unsigned char {
  kOther = 0,
  kSpace = 1,
  kPunct = 2,  // ( ) [ ] { } ; ,
  kQuote = 3,
};

constexpr std::array<unsigned char, 256> makeTable() {
  std::array<unsigned char, 256> t{};
  for (unsigned char c : {' ', '\t', '\r', '\n', '\f', '\v'}) t[c] = kSpace;
  for (unsigned char c : {'(', ')', '[', ']', '{', '}', ';', ','}) t[c] = kPunct;
  t[static_cast<unsigned char>('"')] = kQuote;
  return t;
}
constexpr std::array<unsigned char, 256> kTable = makeTable();

inline unsigned char cls(char c) { return kTable[static_cast<unsigned char>(c)]; }
inline bool isDigit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

NumberParse parseNumber(std::string_view text, Token& out) {
  std::string_view s = text;
  if (!s.empty() && s[0] == '+') {
    s.remove_prefix(1);
    if (!s.empty() && (s[0] == '-' || s[0] == '+')) return NumberParse::NotANumber;
  }
  if (s.empty()) return NumberParse::NotANumber;
  // from_chars also reads "inf", "nan" and hex floats; those are not numbers here.
  if (s.find_first_not_of("0123456789+-.eE") != std::string_view::npos) return NumberParse::NotANumber;
  const char* first = s.data();
  const char* last = s.data() + s.size();
  bool isFloat = s.find_first_of(".eE") != std::string_view::npos;
  if (!isFloat) {
    std::int64_t value = 0;
    auto [ptr, ec] = std::from_chars(first, last, value);
    if (ec == std::errc() && ptr == last) {
      out.kind = TokenKind::Integer;
      out.integer = value;
      out.number = static_cast<double>(value);
      return NumberParse::Ok;
    }
    if (ec != std::errc::result_out_of_range) return NumberParse::NotANumber;
  }
  double value = 0;
  auto [ptr, ec] = std::from_chars(first, last, value);
  if (ptr != last) return NumberParse::NotANumber;
  if (ec == std::errc::result_out_of_range) {
    // Overflow or underflow: underflow follows strtod (denormal or 0), overflow is an error.
    std::string copy(s);
    value = std::strtod(copy.c_str(), nullptr);
    if (!std::isfinite(value)) return NumberParse::OutOfRange;
  } else if (ec != std::errc()) {
    return NumberParse::NotANumber;
  }
  out.kind = TokenKind::Float;
  out.number = value;
  out.integer = 0;
  return NumberParse::Ok;
}

std::string describeToken(const Token& token) {
  // (only a prefix is copied: quoteInput cuts it anyway)
  if (token.kind == TokenKind::String)
    return quoteInput("\"" + token.text.substr(0, kQuotedInputLength) + "\"");
  return quoteInput(token.text);
}

Tokenizer::Tokenizer(std::string_view text, std::shared_ptr<const std::string> file, std::size_t offset, int line)
    : text_(text), file_(std::move(file)), pos_(offset), lineStart_(offset), tokenStart_(offset), line_(line) {
  if (offset == 0 && text_.substr(0, 3) == "\xEF\xBB\xBF") {  // UTF-8 byte-order mark
    pos_ = lineStart_ = tokenStart_ = 3;
  }
}

void Tokenizer::failAt(int line, int column, const std::string& message) const {
  throw InputError(locatedMessage(file_ ? *file_ : std::string("<input>"), line, column, message));
}

void Tokenizer::failHere(const std::string& message) const { failAt(line_, column(), message); }

void Tokenizer::rejectNul(std::size_t from, std::size_t to, int anchorLine, std::size_t anchorLineStart) const {
  if (from >= to) return;
  const void* hit = std::memchr(text_.data() + from, '\0', to - from);
  if (!hit) return;
  const auto at = static_cast<std::size_t>(static_cast<const char*>(hit) - text_.data());
  int line = anchorLine;
  std::size_t lineStart = anchorLineStart;
  for (std::size_t i = anchorLineStart; i < at; ++i) {
    if (text_[i] == '\n') {
      ++line;
      lineStart = i + 1;
    }
  }
  failAt(line, static_cast<int>(at - lineStart) + 1, "NUL byte in file");
}

void Tokenizer::skipSpaceAndComments() {
  const std::size_t n = text_.size();
  while (pos_ < n) {
    char c = text_[pos_];
    if (cls(c) == kSpace) {
      if (c == '\n') {
        ++line_;
        lineStart_ = pos_ + 1;
      }
      ++pos_;
      continue;
    }
    if (c == '/' && pos_ + 1 < n) {
      char d = text_[pos_ + 1];
      if (d == '/') {
        std::size_t eol = text_.find('\n', pos_ + 2);
        eol = eol == std::string_view::npos ? n : eol;
        rejectNul(pos_ + 2, eol, line_, lineStart_);
        pos_ = eol;
        continue;
      }
      if (d == '*') {
        const int startLine = line_;
        const int startCol = column();
        std::size_t i = pos_ + 2;
        for (;;) {
          if (i + 1 >= n) failAt(startLine, startCol, "unterminated comment: '/*' has no matching '*/'");
          if (text_[i] == '\0') failAt(line_, static_cast<int>(i - lineStart_) + 1, "NUL byte in file");
          if (text_[i] == '\n') {
            ++line_;
            lineStart_ = i + 1;
          } else if (text_[i] == '*' && text_[i + 1] == '/') {
            break;
          }
          ++i;
        }
        pos_ = i + 2;
        continue;
      }
    }
    break;
  }
}

std::string_view Tokenizer::restOfLine() {
  std::size_t eol = text_.find('\n', pos_);
  if (eol == std::string_view::npos) eol = text_.size();
  std::string_view rest = text_.substr(pos_, eol - pos_);
  rejectNul(pos_, eol, line_, lineStart_);
  pos_ = eol;
  return rest;
}

std::string_view Tokenizer::readLineArgument() {
  const std::size_t n = text_.size();
  std::size_t i = pos_;
  int depth = 0;
  while (i < n) {
    char c = text_[i];
    if (c == '\n') break;
    if (c == '/' && i + 1 < n && (text_[i + 1] == '/' || text_[i + 1] == '*')) break;
    if (c == '(') ++depth;
    if (c == ')' && depth > 0) --depth;
    if ((c == ';' || c == '}') && depth == 0) break;
    ++i;
  }
  std::string_view arg = text_.substr(pos_, i - pos_);
  rejectNul(pos_, i, line_, lineStart_);
  pos_ = i;
  while (!arg.empty() && cls(arg.front()) == kSpace) arg.remove_prefix(1);
  while (!arg.empty() && cls(arg.back()) == kSpace) arg.remove_suffix(1);
  return arg;
}

bool Tokenizer::next(Token& out) {
  skipSpaceAndComments();
  if (pos_ >= text_.size()) return false;
  tokenStart_ = pos_;
  out.file = file_;
  out.line = line_;
  out.column = column();
  out.number = 0;
  out.integer = 0;
  char c = text_[pos_];
  switch (cls(c)) {
    case kPunct:
      out.kind = TokenKind::Punct;
      out.text.assign(1, c);
      ++pos_;
      return true;
    case kQuote:
      readString(out);
      return true;
    default:
      readWordOrNumber(out);
      return true;
  }
}

void Tokenizer::readString(Token& out) {
  const int startLine = line_;
  const int startCol = column();
  const std::size_t n = text_.size();
  std::size_t i = pos_ + 1;
  bool escaped = false;
  bool hasEscape = false;
  for (;;) {
    if (i >= n) failAt(startLine, startCol, "unterminated string: missing closing '\"'");
    char c = text_[i];
    if (c == '\0') failAt(line_, static_cast<int>(i - lineStart_) + 1, "NUL byte in file");
    if (c == '"' && !escaped) break;
    if (c == '\n') {
      if (!escaped) failAt(startLine, startCol, "unterminated string: missing closing '\"'");
      ++line_;
      lineStart_ = i + 1;
    }
    if (c == '\\') {
      escaped = !escaped;
      hasEscape = true;
    } else {
      escaped = false;
    }
    ++i;
  }
  std::string_view body = text_.substr(pos_ + 1, i - pos_ - 1);
  out.kind = TokenKind::String;
  if (!hasEscape) {
    out.text.assign(body);
  } else {
    // As OpenFOAM: \" is a quote, backslash-newline continues the line, every
    // other backslash is kept (so regular expressions keep their escapes).
    out.text.clear();
    out.text.reserve(body.size());
    bool esc = false;
    for (char ch : body) {
      if (esc && (ch == '"' || ch == '\n')) {
        out.text.back() = ch;
        if (ch == '\n') out.text.pop_back();
        esc = false;
        continue;
      }
      esc = (ch == '\\') ? !esc : false;
      out.text.push_back(ch);
    }
  }
  pos_ = i + 1;
}

void Tokenizer::readWordOrNumber(Token& out) {
  const std::size_t n = text_.size();
  const std::size_t start = pos_;
  char c = text_[start];
  char c1 = start + 1 < n ? text_[start + 1] : '\0';
  char c2 = start + 2 < n ? text_[start + 2] : '\0';

  bool numeric = isDigit(c) || (c == '.' && isDigit(c1)) ||
                 ((c == '-' || c == '+') && (isDigit(c1) || (c1 == '.' && isDigit(c2))));
  if (numeric) {
    std::size_t i = start;
    while (i < n) {
      char d = text_[i];
      unsigned char k = cls(d);
      if (k != kOther) break;
      if (d == '/' && i + 1 < n && (text_[i + 1] == '/' || text_[i + 1] == '*')) break;
      ++i;
    }
    rejectNul(start, i, line_, lineStart_);
    readNumber(out, i);
    return;
  }

  out.kind = TokenKind::Word;
  if ((c == '$' || c == '#') && c1 == '{') {
    if (c == '#') {  // start of a #{ ... #} code block; the parser refuses it
      out.text.assign("#{");
      pos_ = start + 2;
      return;
    }
    std::size_t close = text_.find('}', start + 2);
    std::size_t eol = text_.find('\n', start + 2);
    if (close == std::string_view::npos || (eol != std::string_view::npos && eol < close))
      failHere("unterminated macro: '${' has no matching '}'");
    rejectNul(start, close, line_, lineStart_);
    out.text.assign(text_.substr(start, close + 1 - start));
    pos_ = close + 1;
    return;
  }

  std::size_t i = start;
  int depth = 0;
  while (i < n) {
    char d = text_[i];
    unsigned char k = cls(d);
    if (k == kSpace || k == kQuote) break;
    if (k == kPunct) {
      if (d == '(') {
        ++depth;
      } else if (d == ')') {
        if (depth == 0) break;
        --depth;
      } else if (d == ';' || d == '{' || d == '}' || depth == 0) {
        break;
      }
    } else if (d == '/' && i + 1 < n && (text_[i + 1] == '/' || text_[i + 1] == '*')) {
      break;
    }
    ++i;
  }
  rejectNul(start, i, line_, lineStart_);
  if (depth != 0) failHere("unbalanced '(' in word " + quoteInput(text_.substr(start, i - start)));
  out.text.assign(text_.substr(start, i - start));
  pos_ = i;
}

void Tokenizer::readNumber(Token& out, std::size_t end) {
  std::string_view spelling = text_.substr(pos_, end - pos_);
  out.text.assign(spelling);
  const NumberParse parsed = parseNumber(spelling, out);
  if (parsed == NumberParse::OutOfRange) failHere("number " + quoteInput(spelling) + " is out of range");
  if (parsed == NumberParse::NotANumber) {
    // A word that merely starts with a digit (e.g. "2D") stays a word; a
    // spelling made only of number characters is a malformed number.
    bool onlyNumberChars = spelling.find_first_not_of("0123456789+-.eE") == std::string_view::npos;
    if (onlyNumberChars) failHere("bad number " + quoteInput(spelling));
    out.kind = TokenKind::Word;
  }
  pos_ = end;
}

}  // namespace sluice::io
