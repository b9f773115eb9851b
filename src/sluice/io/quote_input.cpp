#include "sluice/io/quote_input.hpp"

#include <fmt/format.h>

namespace sluice::io {

std::string escapeInput(std::string_view text) {
  const bool cut = text.size() > kQuotedInputLength;
  if (cut) text = text.substr(0, kQuotedInputLength);
  std::string out;
  out.reserve(text.size() + 3);
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '\0': out += "\\0"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (u < 32 || u >= 127)
          out += fmt::format("\\x{:02x}", u);
        else
          out += c;
    }
  }
  if (cut) out += "...";
  return out;
}

std::string quoteInput(std::string_view text) { return "'" + escapeInput(text) + "'"; }

}  // namespace sluice::io
