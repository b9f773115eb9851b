#pragma once
// The case directory's own name ("cavity" for `.`, `cases/cavity/` or
// `../cavity`): it names a run's output series and titles its plot.
#include <filesystem>
#include <string>

namespace sluice::apps {

std::string caseName(const std::filesystem::path& caseDir);

}  // namespace sluice::apps
