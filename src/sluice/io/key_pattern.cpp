#include "sluice/io/key_pattern.hpp"

namespace sluice::io {

bool looksLikePattern(std::string_view keyword) {
  return keyword.find_first_of(".*+?()[]{}|^$\\") != std::string_view::npos;
}

std::shared_ptr<const KeyPattern> compileKeyPattern(const std::string& pattern) {
  auto p = std::make_shared<KeyPattern>();
  p->regex = std::regex(pattern, std::regex::ECMAScript | std::regex::optimize);
  return p;
}

}  // namespace sluice::io
