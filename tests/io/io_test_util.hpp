#pragma once
// Helpers shared by the io tests.
#include <string>

#include "sluice/core/error.hpp"
#include "sluice/io/dictionary.hpp"

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

}  // namespace sluice::io::test
