#pragma once
// How input text appears in error messages: quoted, cut to a short prefix and
// with control, NUL and non-ASCII bytes escaped, so that one error is always
// one short line whatever the file holds (a 50 MB word, a NUL byte).
//
//   io::quoteInput("endTime")          // 'endTime'
//   io::quoteInput("a\nb")             // 'a\nb'
//   io::quoteInput(std::string(1e6, 'x'))  // 'xxx...x...' (60 characters, then ...)
#include <cstddef>
#include <string>
#include <string_view>

namespace sluice::io {

/// Longest piece of input a message shows (in input bytes, before escaping).
inline constexpr std::size_t kQuotedInputLength = 60;

/// `text` between single quotes, escaped and cut as described above.
std::string quoteInput(std::string_view text);
/// The same without the quotes.
std::string escapeInput(std::string_view text);

}  // namespace sluice::io
