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
constexpr std::size_t kMaxPatternNumber = 1000;

bool isDigit(char c) { return c >= '0' && c <= '9'; }

void checkPatternNumbers(const std::string& pattern) {
  bool inBraces = false;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    std::size_t start = i;
    if (pattern[i] == '\\') {
      start = ++i;  // the escaped character
      if (i >= pattern.size() || !isDigit(pattern[i])) continue;
    } else if (pattern[i] == '{' || pattern[i] == '}') {
      inBraces = pattern[i] == '{';
      continue;
    } else if (!inBraces || !isDigit(pattern[i])) {
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
  checkPatternNumbers(pattern);
  auto p = std::make_shared<KeyPattern>();
  p->regex = std::regex(pattern, std::regex::ECMAScript | std::regex::optimize);
  return p;
}

}  // namespace sluice::io
