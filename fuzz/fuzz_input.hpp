#pragma once
// Helpers shared by the fuzz targets: the input as text, the filter that
// keeps a target inside its own input (no file system reads), and the parse
// every dictionary-based target starts with.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "sluice/io/dictionary.hpp"

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

/// The input parsed as the dictionary file `name`, warnings dropped; includes
/// resolve against a directory that does not exist. Throws InputError.
inline io::Dictionary parseQuietly(std::string_view text, const std::string& name) {
  io::ParseOptions options;
  options.warn = [](const std::string&) {};
  return io::Dictionary::parse(text, name, "/nonexistent", options);
}

}  // namespace sluice::fuzz
