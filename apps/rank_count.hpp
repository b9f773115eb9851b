#pragma once
// `--np N`: the number of ranks, a positive whole number. CLI11's numeric
// check would answer "Value 0 not in range 0.000000 to 1797693...", so the
// option is read as text and checked here.
//
//   std::optional<int> np = parseRankCount(text);   // nothing: print rankCountError(text), exit 1
#include <optional>
#include <string>

namespace sluice::apps {

/// The rank count written in `text` (digits only, at least 1, fits an int), or nothing.
std::optional<int> parseRankCount(const std::string& text);

/// "--np: expected a positive whole number of ranks, found '<text>'".
std::string rankCountError(const std::string& text);

}  // namespace sluice::apps
