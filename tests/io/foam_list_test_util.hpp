#pragma once
// Helpers shared by the FoamListReader tests.
#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>

#include "sluice/io/foam_list_reader.hpp"

namespace sluice::io::test {

/// A reader of the ascii list text `text`, named "f" in messages (the text
/// must outlive the reader: a named string or a literal).
inline FoamListReader ascii(std::string_view text) { return FoamListReader(text, 0, FoamStreamFormat{}, "f"); }

/// Appends the bytes of `v` to `out`, as a binary list stores it
/// (little-endian; bigEndian: reversed).
template <class T>
void appendRaw(std::string& out, T v, bool bigEndian = false) {
  char b[sizeof(T)];
  std::memcpy(b, &v, sizeof(T));
  if (bigEndian) std::reverse(b, b + sizeof(T));
  out.append(b, sizeof(T));
}

}  // namespace sluice::io::test
