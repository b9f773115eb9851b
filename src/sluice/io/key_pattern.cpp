#include "sluice/io/key_pattern.hpp"

#include <string>

namespace sluice::io {

namespace {

/// A regex_error with a message of our own (the callers report e.what()).
class KeyPatternLimitError : public std::regex_error {
 public:
  explicit KeyPatternLimitError(std::string message)
      : std::regex_error(std::regex_constants::error_complexity), message_(std::move(message)) {}
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  std::string message_;
};

/// std::regex (libstdc++) reads back-reference numbers and {m,n} bounds into
/// a long without an overflow check (undefined behaviour past 18 digits), and
/// expands `x{m}` into m copies of x: both are refused past kMaxPatternNumber.
/// Its matcher backtracks: stacked quantifiers ("(a|b)**", "x+*") take
/// exponential time on a short key, so they are refused too (a lazy `*?` is fine).
constexpr std::size_t kMaxPatternNumber = 1000;

bool isDigit(char c) { return c >= '0' && c <= '9'; }

void checkPattern(const std::string& pattern) {
  bool inBraces = false, inClass = false;
  bool afterQuantifier = false, lazyTaken = false;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    std::size_t start = i;  // of a number to check
    if (c == '\\') {
      afterQuantifier = false;
      start = ++i;  // the escaped character
      if (inClass || i >= pattern.size() || !isDigit(pattern[i])) continue;
    } else if (inClass) {
      inClass = c != ']';
      continue;
    } else if (inBraces && isDigit(c)) {
      // a {m,n} bound, checked below
    } else {
      if (c == '*' || c == '+' || c == '?' || c == '{') {
        if (afterQuantifier && !(c == '?' && !lazyTaken))
          throw KeyPatternLimitError("stacked quantifiers at '" + pattern.substr(i - 1, 2) + "'");
        lazyTaken = afterQuantifier;  // this '?' made the one before lazy
        afterQuantifier = c != '{';
      } else if (c == '}' && inBraces) {
        afterQuantifier = true;
        lazyTaken = false;
      } else {
        afterQuantifier = false;
      }
      if (c == '[') inClass = true;
      if (c == '{') inBraces = true;
      if (c == '}') inBraces = false;
      continue;
    }
    std::size_t value = 0;
    for (i = start; i < pattern.size() && isDigit(pattern[i]); ++i) {
      value = value * 10 + static_cast<std::size_t>(pattern[i] - '0');
      if (value > kMaxPatternNumber)
        throw KeyPatternLimitError("back-reference or repetition count over " + std::to_string(kMaxPatternNumber));
    }
    --i;  // the loop's ++i steps past the digits
  }
}

}  // namespace

bool looksLikePattern(std::string_view keyword) {
  return keyword.find_first_of(".*+?()[]{}|^$\\") != std::string_view::npos;
}

std::shared_ptr<const KeyPattern> compileKeyPattern(const std::string& pattern) {
  checkPattern(pattern);
  auto p = std::make_shared<KeyPattern>();
  p->regex = std::regex(pattern, std::regex::ECMAScript | std::regex::optimize);
  return p;
}

}  // namespace sluice::io
