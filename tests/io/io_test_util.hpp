#pragma once
// Helpers shared by the io tests.
#include <string>

#include "sluice/core/error.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/io/foam_header.hpp"
#include "sluice/io/token_stream.hpp"

namespace sluice::io::test {

/// Runs `f` and returns the InputError message ("" if nothing was thrown).
template <class F>
std::string errorOf(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

/// Parses `text` as a dictionary file named `name` (for messages).
inline Dictionary parse(const std::string& text, const std::string& name = "system/testDict") {
  return Dictionary::parse(text, name);
}

/// A constant/polyMesh/boundary file's body read as mesh::readBoundary reads
/// it, up to the first patch's name: the stream is at that patch's '{'.
inline TokenStream firstPatchStream(const std::string& text) {
  const FoamHeader header = readFoamHeader(text, "constant/polyMesh/boundary");
  TokenStream ts = tokenizeBody(text, header, "constant/polyMesh/boundary");
  ts.acceptListSize();
  ts.expectPunct('(');
  ts.readWord();
  return ts;
}

}  // namespace sluice::io::test
