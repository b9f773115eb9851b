#pragma once
// UTF-8 well-formedness (RFC 3629: no overlong forms, no surrogates, nothing
// above U+10FFFF), for writers whose output must be valid UTF-8 whatever
// bytes the input files held.
//
//   std::size_t n = utf8SequenceLength(text, i);  // 0: text[i] starts no valid sequence
#include <cstddef>
#include <string_view>

namespace sluice {

/// Length (1-4) of the well-formed UTF-8 sequence starting at text[pos], or
/// 0 when the byte there does not start one (a stray continuation byte, a
/// truncated or overlong sequence, a surrogate, a code point beyond U+10FFFF).
std::size_t utf8SequenceLength(std::string_view text, std::size_t pos);

}  // namespace sluice
