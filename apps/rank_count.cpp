#include "rank_count.hpp"

#include <charconv>

#include "sluice/io/quote_input.hpp"

namespace sluice::apps {

std::optional<int> parseRankCount(const std::string& text) {
  // Digits only: no sign, spaces, fraction or exponent ("+2", "2.0", "1e1").
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  int n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n < 1) return std::nullopt;
  return n;
}

std::string rankCountError(const std::string& text) {
  return "--np: expected a positive whole number of ranks, found " + io::quoteInput(text);
}

}  // namespace sluice::apps
