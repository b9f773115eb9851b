#pragma once
// Compiled regular expression of a quoted dictionary keyword such as
// "(U|k|epsilon)" or "alpha.water.*" (internal to the io module).
//
//   auto p = compileKeyPattern("(U|k)");   // throws std::regex_error if invalid
//   bool m = p->matches("k");              // whole-string match
#include <memory>
#include <regex>
#include <string>
#include <string_view>

namespace sluice::io {

struct KeyPattern {
  std::regex regex;
  bool matches(std::string_view key) const { return std::regex_match(key.begin(), key.end(), regex); }
};

/// True when a quoted keyword contains regular-expression characters (and is
/// therefore a pattern rather than a plain keyword), as OpenFOAM decides.
bool looksLikePattern(std::string_view keyword);

std::shared_ptr<const KeyPattern> compileKeyPattern(const std::string& pattern);

}  // namespace sluice::io
