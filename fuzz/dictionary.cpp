// Fuzz target: an OpenFOAM dictionary file (controlDict, fvSchemes, ...)
// parsed by io::Dictionary, then every entry read back as tokens and the
// typed look-ups a solver makes. Bad input must end in InputError; anything
// else escaping (or a sanitizer report) is a finding.
#include <cstddef>
#include <cstdint>

#include "fuzz_input.hpp"
#include "sluice/core/error.hpp"
#include "sluice/io/dictionary.hpp"

namespace {

void visit(const sluice::io::Dictionary& dict, int depth) {
  for (const sluice::io::Entry& e : dict.entries()) {
    if (e.isDict()) {
      if (depth < 64) visit(e.dict(), depth + 1);
      continue;
    }
    try {
      (void)dict.get<double>(e.keyword());
    } catch (const sluice::InputError&) {
    }
    try {
      (void)dict.get<std::vector<sluice::Vec3>>(e.keyword());
    } catch (const sluice::InputError&) {
    }
  }
  try {
    (void)dict.getDimensioned("nu");
    (void)dict.findEntry("someKey");  // pattern keys are matched against it
  } catch (const sluice::InputError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = sluice::fuzz::asText(data, size);
  if (sluice::fuzz::readsFiles(text)) return -1;  // -1: not added to the corpus
  try {
    const sluice::io::Dictionary dict = sluice::fuzz::parseQuietly(text, "fuzz/dict");
    visit(dict, 0);
  } catch (const sluice::InputError&) {
  }
  return 0;
}
