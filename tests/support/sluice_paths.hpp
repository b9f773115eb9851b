#pragma once
// The program under test and the repository's example cases, from the test
// targets' compile definitions (SLUICE_BINARY, SLUICE_SOURCE_DIR: tests/CMakeLists.txt).
#include <filesystem>
#include <string>

namespace sluice::test {

/// The sluice executable.
inline const std::string kSluice = SLUICE_BINARY;
/// The repository's cases/ directory.
inline const std::filesystem::path kCases = std::filesystem::path(SLUICE_SOURCE_DIR) / "cases";

}  // namespace sluice::test
