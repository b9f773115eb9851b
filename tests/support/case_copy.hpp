#pragma once
// Copies an example case's inputs (system/, constant/, 0/) into a test
// directory, leaving out results a developer's earlier run left in the
// source tree (VTK/, postProcessing/, sluice-profile.json), so tests see the
// case as committed.
#include <filesystem>

namespace sluice::test {

inline void copyCaseInputs(const std::filesystem::path& source, const std::filesystem::path& target) {
  namespace fs = std::filesystem;
  fs::create_directories(target);
  for (const char* part : {"system", "constant", "0"})
    if (fs::exists(source / part)) fs::copy(source / part, target / part, fs::copy_options::recursive);
}

}  // namespace sluice::test
