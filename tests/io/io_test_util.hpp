#pragma once
// Helpers shared by the io tests.
#include <string>

#include "sluice/core/error.hpp"

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

}  // namespace sluice::io::test
